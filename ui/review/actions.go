package review

import (
	"context"

	"github.com/gclaude/gclaude/internal/gitrun"
	gitreview "github.com/gclaude/gclaude/internal/review"
)

// Action is what the screen asks the root to do.
type Action interface{ reviewAction() }

// SendNotes sends Prompt to the session like a typed prompt (queued while it works);
// the root reports back with NotesSent.
type SendNotes struct {
	Prompt string
	Count  int
}

// Revert takes a hunk (or, Hunk -1, a whole file) of Diff back out of the working tree;
// the root runs Do in a Cmd, reports with Reverted and then reloads.
type Revert struct {
	Diff  *gitreview.Diff
	File  int
	Hunk  int
	Label string // "hunk 2 of src/a.go (lines 12–18)", for messages
}

// Do carries the revert out: git runs through r, in the diff's repository.
func (a Revert) Do(ctx context.Context, r gitrun.Runner) error {
	f := &a.Diff.Files[a.File]
	if a.Hunk < 0 {
		return gitreview.RevertFile(ctx, r, a.Diff, f)
	}
	return gitreview.RevertHunk(ctx, r, a.Diff, f, a.Hunk)
}

// Reload asks for the diff again (SetDiff).
type Reload struct{}

// Close closes the screen.
type Close struct{}

func (SendNotes) reviewAction() {}
func (Revert) reviewAction()    {}
func (Reload) reviewAction()    {}
func (Close) reviewAction()     {}
