package landing

import (
	"context"

	"github.com/gclaude/gclaude/internal/gitrun"
	"github.com/gclaude/gclaude/internal/land"
)

// Action is what the panel asks the root to do.
type Action interface{ landingAction() }

// DoLand carries the merge plan out (Do, in a Cmd); the root reports with Landed.
type DoLand struct {
	Plan    land.Plan
	Message string
}

// Do lands the plan through r.
func (a DoLand) Do(ctx context.Context, r gitrun.Runner) (land.Landed, error) {
	return land.Land(ctx, r, a.Plan, a.Message)
}

// DoPR pushes and opens the pull request (Do, in a Cmd); the root reports with Opened.
type DoPR struct {
	Plan                 land.PRPlan
	Message, Title, Body string
}

// Do opens the pull request through r.
func (a DoPR) Do(ctx context.Context, r gitrun.Runner) (land.PR, error) {
	return land.OpenPR(ctx, r, a.Plan, a.Message, a.Title, a.Body)
}

// Replan asks for the plan again (the user fixed what stopped it); the root answers
// with SetPlan, SetPRPlan or SetError.
type Replan struct{}

// AskRebase sends Prompt to the session, as a typed prompt (queued while it works).
type AskRebase struct{ Prompt string }

// CloseWorktree runs /close on the session: it ends and its worktree and branch go.
type CloseWorktree struct{}

// Cancel closes the panel.
type Cancel struct{}

func (DoLand) landingAction()        {}
func (DoPR) landingAction()          {}
func (Replan) landingAction()        {}
func (AskRebase) landingAction()     {}
func (CloseWorktree) landingAction() {}
func (Cancel) landingAction()        {}
