// Package tab is one session of gclaude's workspace as a component: its claude (through
// a session.Link), its conversation and view, prompt and draft, dialog queue, tasks,
// `!` shell, rewind log, custom status line, resume, sign-in and playback mode, and
// every handler of their messages. A Tab is a plain struct, not a second tea.Program:
// the workspace (the root ui) hands it its messages (Update), lays it out in the part
// of the screen it gives it (Layout) and draws it (ViewTop, ViewBottom, StatusBar,
// KeyHelp). It never reads which session is in front; it tells the workspace what
// happened in the Report Update returns, and asks it through Workspace.
package tab

import (
	"os/exec"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editor"
	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/playback"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/statusline"
	"github.com/gclaude/gclaude/ui/tasks"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Tab is one session of the workspace: a claude, its conversation and everything the
// user built around it (draft, queue, dialogs, tasks, `!` output, rewind points), with
// every handler of its messages.
type Tab struct {
	id    int       // the workspace's name for it: messages of its commands carry it
	place Place     // where its claude runs (place.go)
	env   *Env      // what every tab shares, read-only
	ws    Workspace // what it asks of the workspace
	mode  playback.Mode
	used  time.Time // when it was last in front or sent a prompt: the process limit closes the oldest
	// opened is set once the tab has been in front: its history, claude and first
	// prompt are started then (a restored workspace starts none until asked).
	opened  bool
	closing bool  // the workspace closes it (or quits): nothing its claude says matters
	rss     int64 // its claude's resident memory, as the workspace last measured it
	// retry is where bringing back its lost ssh connection stands (reconnect.go).
	retry reconnecting

	link session.Link  // the session in use and its generation: replies of older ones are dropped
	sess session.State // what the CLI told us about the session
	turn session.Turn  // the running turn and the prompts queued behind it

	conversation *transcript.Conversation // the session's items, built from its messages
	transcript   *transcript.View         // shows the conversation
	prompt       *input.Prompt            // the draft and all that edits it (prompt.go)
	focus        focusArea

	resume session.Resuming   // resume.go
	shell  commands.Shell     // `!` shell mode: the command running, output for the next prompt
	rewind commands.RewindLog // /rewind's prompts (ui/commands)

	statusline statusline.Line // the settings' custom status line (statusline.go)

	tasks      *tasks.Store
	taskPane   *tasks.Pane
	checklist  *tasks.Checklist // the pinned task checklist above the prompt
	taskReturn focusArea        // where the focus goes when the task pane gives it up

	dialogs dialogs.Queue // open and queued dialogs (dialogs.go)
	gate    trustGate     // the questions asked before its claude starts (trust.go)

	area   Area   // the part of the screen the workspace gave it when it last was in front
	screen screen // its layout in area
	out    Report // what it tells the workspace after the Update under way
}

// Options are the launch options a tab needs.
type Options struct {
	Start             session.StartFunc
	Home              string
	Version           string
	PromptHistoryPath string
	Intro             string
	Login             func() *exec.Cmd
	// Claude runs the user's claude with args (claude plugin …); nil where the user's
	// own claude is not used.
	Claude        func(args ...string) *exec.Cmd
	BypassAllowed bool
	Replay        bool
	// Trust is this machine as Claude Code's folder trust reads it (internal/trust);
	// nil checks no folder.
	Trust trust.FS
}

// Env is what every tab shares and none changes: given at construction.
type Env struct {
	Keys   keymap.KeyMap
	Theme  *themes.Ref // the current palette: read at render time, so a switch reaches everything
	Now    func() time.Time
	After  func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
	Getenv func(string) string
	Opts   Options
	// Columns is the terminal's width, which every session's status line command is
	// told, in front or not.
	Columns func() int
	// Remote is the workspace's connection to another machine (one per host).
	Remote func(spec string) (RemoteHost, error)
	// Read replaces every link's event reader (tests hand the tab the batches).
	Read func(ch <-chan process.Event, gen int) tea.Cmd
}

// Workspace is what a tab may ask of the workspace that holds it: what a command may
// ask (commands.Workspace: its acts, the theme, the launch settings), and the
// workspace's own rules, whether it holds more than this session, and the keys it
// holds while /open prepares a session.
type Workspace interface {
	commands.Workspace
	// Shared reports whether the workspace holds more than this session: a rule can
	// then be given to every session.
	Shared() bool
	// RuleFor is the workspace rule that allows req, with the suggestion of req that
	// grants it; ok is false when none does.
	RuleFor(req *protocol.CanUseTool) (r Rule, grant protocol.PermissionUpdate, ok bool)
	// AddRule gives u to every session; the requests it covers in the others are
	// answered.
	AddRule(u protocol.PermissionUpdate) tea.Cmd
	// HoldTyped keeps a key or paste meant for the prompt while /open prepares a
	// session (it goes to that one), and reports whether it did.
	HoldTyped(msg tea.Msg) bool
}

// Report is what a tab tells the workspace after an Update.
type Report struct {
	// DecisionOpened: a decision started waiting on the user (a notification).
	DecisionOpened bool
	// TurnEnded is when the turn that just ended started (zero: none ended): a
	// notification, when it ran long enough.
	TurnEnded time.Time
	// Hint is a one-off line for the place of the key help, for HintFor.
	Hint    string
	HintFor time.Duration
	// Action is what the session picker (or closing a worktree) asked of the
	// workspace: switch to, diff or close a session.
	Action dialogs.Action
	// NewTranscript: the conversation on screen was replaced (inline mode prints the
	// new one from its start).
	NewTranscript bool
	// Declined says why nothing was started in the folder gclaude was started in (or
	// in its only session): the user did not trust it, and the workspace leaves.
	Declined string
	// Drop: the user did not trust this session's folder; the workspace closes it.
	Drop bool
}

// hint asks the workspace to show text in place of the key help for d.
func (t *Tab) hint(text string, d time.Duration) {
	t.out.Hint, t.out.HintFor = text, d
}

// dialogEnv is what the tab's dialogs get.
func (t *Tab) dialogEnv() dialogs.Env {
	return dialogs.Env{Theme: t.env.Theme, Keys: t.env.Keys, Now: t.env.Now, After: t.env.After, ReadOnly: t.mode.Recording(),
		AutoMode: session.AutoModeAvailable(t.sess.SeenModes, t.sess.Init), Workspace: t.ws.Shared(),
		Editor: func(path string) *exec.Cmd { return editor.Command(t.env.Getenv, path) }}
}

// TakeReport is what the tab has to tell the workspace since it last asked (after a
// call outside Update).
func (t *Tab) TakeReport() Report {
	r := t.out
	t.out = Report{}
	return r
}

// styles is the current theme's styles.
func (t *Tab) styles() *themes.Styles { return t.env.Theme.Get() }

// now is the tab's clock.
func (t *Tab) now() time.Time { return t.env.Now() }

// after schedules a message; tests replace the timer to drive time by hand.
func (t *Tab) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return t.env.After(d, fn)
}
