// Package dialogs holds gclaude's modal dialogs: permission prompts, plan review,
// structured questions and pickers. Each is a plain struct that a session (ui/tab) keeps
// in its Queue; it handles keys and returns an Action that the session turns into a call
// to claude (or hands to the command that opened it, or to the workspace).
//
// The dialogs that answer a request are built not to be answered by accident:
//   - keys are ignored until none has come for ArmDelay (it says "arming…"; each key
//     swallowed starts the wait again), except in a read-only one, which answers nothing;
//   - nothing is selected at first and enter does nothing until something is; once
//     armed, a number key answers a permission or plan review at once (as in Claude
//     Code), while in a question it only selects, and in a multi-select question it
//     moves the cursor and space ticks;
//   - esc on a permission rejects the call and stops the turn;
//   - editing the input before approving clears the selection, so the user looks again;
//   - all text from the CLI, the model or a file is sanitized before it is styled, and
//     a preview that does not fit says, in warning colour, how much is below.
package dialogs

import (
	"os/exec"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Dialog is a modal over the transcript. The root routes every key and message to the top
// dialog while it is open.
type Dialog interface {
	// Init starts the dialog's timers (e.g. the arming grace period). Call it each time
	// the dialog becomes the top one, so a dialog that surfaces from the queue is armed
	// afresh and cannot be answered by keys meant for the one before it.
	Init() tea.Cmd
	// Update handles a message and may return an Action (nil for none) and a command.
	Update(msg tea.Msg) (Action, tea.Cmd)
	// View renders the dialog to fit in width×height cells; the screen's layout places it.
	View(width, height int) string
	// RequestID is the control request this dialog answers, or "" (pickers).
	RequestID() string
}

// Queued is implemented by dialogs that show their place in a queue ("1 of 3").
type Queued interface {
	SetQueue(position, total int)
	// SetOrigin names the session that asks, "" for the one in front (the inbox
	// shows decisions of every session).
	SetOrigin(session string)
}

// queuePlace is a request dialog's place among the pending requests.
type queuePlace struct {
	pos, total int
	from       string // the session that asks, when it is not the one in front
}

// SetQueue shows the dialog's place among pending requests ("2 of 3").
func (q *queuePlace) SetQueue(position, total int) { q.pos, q.total = position, total }

// SetOrigin names the session that asks.
func (q *queuePlace) SetOrigin(session string) { q.from = render.Sanitize(session) }

// Action is what a dialog asks its session to do.
type Action interface{ action() }

// Respond answers a control request: Decision is protocol.PermissionAllow or
// protocol.PermissionDeny. Summary is one line for the transcript ("Allowed once",
// "Denied: use yarn instead", "Plan approved · auto-accept edits").
type Respond struct {
	RequestID string
	Decision  protocol.PermissionDecision
	Summary   string
	// PlanEdit is set when the user edited the plan before approving it. The edited plan
	// is also in the allow's updatedInput, which is enough: CLI 2.1.328 then tells the
	// model "Approved Plan (edited by user)" and writes the plan file itself (measured
	// in cli_test.go). Writing Text to Path before an unchanged allow works too.
	PlanEdit *PlanEdit
	// InputEdited is set when the user changed the tool's input before allowing it:
	// the allow's updatedInput is what runs, not what the model asked for.
	InputEdited bool
	// Everywhere asks the workspace to apply the allow's rule in every session of the
	// workspace: to their matching requests waiting now and to those that come.
	Everywhere bool
}

// PlanEdit is a plan the user edited in plan review: the new text for the plan file.
type PlanEdit struct {
	Path string // input.planFilePath; "" when the CLI sent none
	Text string
}

// ChooseModel asks the session to send set_model.
type ChooseModel struct{ Model string }

// ChooseMode asks the session to send set_permission_mode.
type ChooseMode struct{ Mode string }

// Dismiss closes a dialog that answers nothing (a picker closed with esc).
type Dismiss struct{}

func (Respond) action()     {}
func (ChooseModel) action() {}
func (ChooseMode) action()  {}
func (Dismiss) action()     {}

// Env is what every dialog needs from the session that shows it.
type Env struct {
	// Theme is the shared theme; read it through Styles when rendering, so a theme
	// switch reaches a dialog that is open or queued.
	Theme *themes.Ref
	Keys  keymap.KeyMap

	// Now is the clock behind the arming quiet period; nil means time.Now. Tests inject
	// one so the guard is deterministic.
	Now func() time.Time
	// After schedules a message after d, like tea.Tick (nil); tests drive time by hand.
	After func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
	// AutoMode is set when the CLI accepts auto mode in this session: plan review then
	// offers to continue in it.
	AutoMode bool
	// Workspace is set when other sessions run beside this one: an allow rule the CLI
	// suggests is then also offered for every session of the workspace.
	Workspace bool
	// ReadOnly shows the dialogs of a replayed session: every choice only closes the
	// dialog (Dismiss) and nothing is answered, so the dialog does not arm; its title
	// line says "recording — read only".
	ReadOnly bool
	// Editor builds the command that opens path in the user's editor; nil means
	// editor.Command with os.Getenv ($VISUAL, then $EDITOR, then vi).
	Editor func(path string) *exec.Cmd
}

func (e Env) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	if e.After != nil {
		return e.After(d, fn)
	}
	return tea.Tick(d, fn)
}

// Styles is the current theme's styles.
func (e Env) Styles() *themes.Styles { return e.Theme.Get() }

func (e Env) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}
