package commands

import (
	"context"
	"os/exec"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Session is the session a command runs in, as the command sees it (ui/tab implements
// it): its transcript, prompt and claude. What concerns the other sessions goes through
// Workspace.
type Session interface {
	// Notice adds a line of kind (transcript.NoticeInfo, …) to the transcript.
	Notice(kind, text string)
	// Info is a copy of what commands read about the session, taken now.
	Info() Info
	// Now is the session's clock.
	Now() time.Time
	// Conversation is the transcript as markdown; ok is false while it is empty.
	Conversation() (markdown string, ok bool)
	// Answers are Claude's answers in this conversation, newest first (/copy).
	Answers() []string
	// Ask runs work in a Cmd with a way to ask the running claude and applies what
	// it returns, unless the session has changed meanwhile. Without a running
	// claude it says that /command needs one and returns nil.
	Ask(command string, work func(ctx context.Context, ask Ask) Done) tea.Cmd
	// Later runs work in a Cmd and applies what it returns, unless the session has
	// changed meanwhile.
	Later(work func() Done) tea.Cmd
	// Exec suspends the screen to run c in the terminal, then applies what done
	// returns, unless the session has changed meanwhile.
	Exec(c *exec.Cmd, done func(err error) Done) tea.Cmd
	// SetContextUsage shows claude's own count of the context in the bar.
	SetContextUsage(u *protocol.ContextUsage)
	// AddDir records a folder tools may use (it is passed as --add-dir on restarts).
	AddDir(dir string)
	// OpenPicker shows the dialog build makes (with the dialogs' environment) in front
	// of any queued requests.
	OpenPicker(build func(env dialogs.Env) dialogs.Dialog) tea.Cmd
	// Reload restarts claude, saying why, on this conversation or a new one (see
	// ReloadTo), so that it reads what changed on disk or continues from an earlier
	// point.
	Reload(why string, to ReloadTo) tea.Cmd
	// Rewinds is /rewind's log of this session's prompts.
	Rewinds() *RewindLog
	// CutTranscript removes item id and everything after it from the transcript and
	// puts draft in the prompt (a rewound conversation).
	CutTranscript(id transcript.ID, draft string)
	// Shell is the `!` shell mode's state; AddShell shows a `!` command that started
	// and FinishShell its result.
	Shell() *Shell
	AddShell(command string) transcript.ID
	FinishShell(id transcript.ID, r transcript.ShellResult)
	// EditDraft puts text in the prompt and gives it the focus.
	EditDraft(text string)
	// Submit sends text as a prompt, as if typed (/plan <description>).
	Submit(text string) tea.Cmd
	// VimMode reports whether the prompt is in vim mode; SetVimMode turns it on or off.
	VimMode() bool
	SetVimMode(on bool)
	// OpenTasks gives the task pane the focus (/tasks).
	OpenTasks()
	// ShowDiff shows what the session changed in its folder or worktree.
	ShowDiff() tea.Cmd

	// What the session does with its claude: a new conversation, the model and mode
	// (chosen, or picked from a list), another conversation, signing in again.
	Clear() tea.Cmd
	ChooseModel(model string) tea.Cmd
	PickModel() tea.Cmd
	ChooseMode(mode string) tea.Cmd
	PickMode() tea.Cmd
	Resume(query string) tea.Cmd
	Login() tea.Cmd

	// Workspace is the workspace the session is one of.
	Workspace() Workspace
}

// ReloadTo says where a reload takes the conversation: where it is (the zero value),
// to after its entry At (/rewind), or to a new, empty one (Fresh: a rewind to before
// the first prompt). The conversation is resumed only if claude saved it.
type ReloadTo struct {
	At    string
	Fresh bool
}

// Info is what commands read about the session.
type Info struct {
	Folder    string // the working folder: the CLI's cwd, else gclaude's
	Home      string
	ID        string // the conversation's id; "" before its first turn
	Title     string // the conversation's title, when it has one
	Running   bool   // a turn is running
	AddedDirs []string
	CostUSD   float64 // the conversation's cost so far
	// EarlierRuns is true when earlier processes of claude took part in this
	// conversation (a resume, a restart): CostUSD is then more than this one's.
	EarlierRuns bool
	Status      StatusBase // what /status shows without asking claude
	Getenv      func(string) string
	// Claude runs the user's claude with args in the session's folder (claude plugin …);
	// nil where that is not this machine's claude or not the user's own (a session on
	// another machine, the demo, a replay).
	Claude func(args ...string) *exec.Cmd
	// OutputStyles are the styles claude offers (initialize), for /config.
	OutputStyles []string
}

// Launch is what gclaude was started with and decides itself, for every session.
type Launch struct {
	Model, Mode string // --model and --permission-mode ("" when not given)
	Theme       string // the theme chosen: --theme, or /theme since ("" means auto)
	ThemeShown  string // the palette in use: dark, light or mono (NO_COLOR)
	Notify      string // --notify / $GCLAUDE_NOTIFY
	Inline      bool   // --tui inline
}

// Result is a message a command's Cmd returns: Update applies it to the Session.
type Result interface {
	Apply(s Session) tea.Cmd
}

// Done is what work run by Session.Ask reports: a notice (none when text is empty), and
// what to do next once it is back on the update loop.
type Done struct {
	Kind, Text string
	Then       func(s Session) tea.Cmd
}

// Apply shows the notice and runs Then.
func (d Done) Apply(s Session) tea.Cmd {
	if d.Text != "" {
		s.Notice(d.Kind, d.Text)
	}
	if d.Then != nil {
		return d.Then(s)
	}
	return nil
}

// Notice kinds, as the transcript names them.
const (
	noticeInfo    = transcript.NoticeInfo
	noticeWarning = transcript.NoticeWarn
	noticeError   = transcript.NoticeError
)
