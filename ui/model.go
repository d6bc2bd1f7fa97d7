// Package ui is gclaude's Bubble Tea program: one root Model owns all state, focus and
// routing, and draws the transcript, the prompt editor, the status bar, dialogs and the
// help line. Children are plain structs with methods; anything slow or blocking (session
// calls, files) runs in a tea.Cmd that reports back with a message.
package ui

import (
	"os"
	"os/exec"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editor"
	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/frame"
	"github.com/gclaude/gclaude/ui/help"
	"github.com/gclaude/gclaude/ui/inline"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/notify"
	"github.com/gclaude/gclaude/ui/playback"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/status"
)

// Options configure the root model. Backend and Start are the only required fields.
type Options struct {
	// Backend is the session started at launch (the CLI answers a first prompt much
	// sooner when it is already running). Nil means: start one with Start when the
	// launch session is first shown (at Init, unless a restored workspace shows another).
	Backend Backend
	// Start (re)starts sessions: /clear, and restarting after the CLI exited.
	Start StartFunc
	// InitialPrompt is sent as soon as the program runs.
	InitialPrompt string
	// BypassAllowed is set when claude was launched with --dangerously-skip-permissions,
	// the only way bypassPermissions can be chosen.
	BypassAllowed bool
	// Model and PermissionMode are the launch flags' values, shown until the CLI reports
	// its own (system/init comes only with the first turn).
	Model          string
	PermissionMode string

	CWD  string
	Home string // for showing the cwd as ~/…
	// Version is gclaude's own version, for /status.
	Version string
	// Theme is the --theme flag: auto (or ""), dark, light.
	Theme string
	// PromptHistoryPath is the prompt history file; "" keeps history in memory only.
	PromptHistoryPath string
	// Resume says which earlier conversation the launch session continues (resume.go).
	Resume ResumeOptions
	// SessionFilesDir is where the CLI keeps this folder's conversations; "" means
	// sessionfiles.Dir(Home, CWD).
	SessionFilesDir string
	// Intro is shown as the first notice of every new transcript (gclaude demo's tour
	// menu); plain text with line breaks.
	Intro string
	// Replay is set by gclaude replay: the Backend plays a recording (and implements
	// playback.Controls). The root runs in replayMode: dialogs are read-only, prompts
	// are not sent, playback keys work.
	Replay bool
	// Inline is --tui inline (inline_mode.go, ui/inline): the conversation goes into the
	// terminal's own scrollback and only the live part is redrawn.
	Inline bool
	// Notify is the --notify channel (ui/notify): auto, bell, osc9, osc777 or off.
	Notify string
	// Login is the CLI's sign-in flow that /login runs on the terminal (claude auth login);
	// nil where the user's own account is not used (the demo, a replay).
	Login func() *exec.Cmd
	// Claude is the user's claude run with args (claude plugin …, claude auth logout),
	// with the environment gclaude gives it; nil where the user's own claude is not
	// used (the demo, a replay).
	Claude func(args ...string) *exec.Cmd

	// RemoteHost reaches another machine for sessions opened with /open --host (nil:
	// none can be).
	RemoteHost func(spec string) (RemoteHost, error)
	// Workspace is the saved workspace to restore and where to save it (workspace_save.go).
	Workspace WorkspaceOptions
	// Trust is this machine as Claude Code's folder trust reads it, for the environment
	// claude runs with (internal/trust): /open asks about an untrusted folder before it
	// makes anything. nil checks no folder (a recording, tests of other things).
	// Starting claude is guarded by Start itself, which refuses with *trust.Undecided.
	Trust trust.FS

	Keys   *keymap.KeyMap      // nil: keymap.Default()
	Getenv func(string) string // nil: os.Getenv
	Now    func() time.Time    // nil: time.Now; tests fix the clock
	// After schedules a message after d, like tea.Tick (nil). Tests replace it to drive
	// time by hand.
	After func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
}

type focusArea int

const (
	focusInput focusArea = iota
	focusTranscript
	focusTasks // the task pane (tasks_wire.go)
)

// Model is the root model: the only tea.Model in gclaude.
type Model struct {
	opts     Options
	keys     keymap.KeyMap
	themeRef *themes.Ref // shared by every child that outlives a theme switch
	theme    themes.Kind
	now      func() time.Time
	getenv   func(string) string

	width, height int
	screen        screen

	*tab              // the session whose message is being handled; between Updates, the one in front
	tabs  tabList     // every session of this gclaude (tabs.go)
	help  help.Screen // open and scrolled by the keys while shown (view.go)
	inbox inboxState  // decisions of every session, answered from here (workspace_inbox.go)
	// armed is the dialog last armed in front of the user (dialog_queue.go armShown).
	armed dialogs.Dialog
	// opening holds what is typed while /open prepares a session (workspace_opening.go).
	opening openingState
	// wsRules are the allow rules given to every session of the workspace
	// (workspace_rules.go).
	wsRules []wsRule
	// saved is the fingerprint of the workspace as last saved (workspace_save.go);
	// restoreFront is the restored tab to bring to the front at Init.
	saved, savedBuf []byte
	saveFailing     bool // the last write of the workspace failed, and the user was told
	restoreFront    *tab
	remotes         map[string]RemoteHost // by host, one each (workspace_remote.go)
	rssWatching     bool                  // the session list's memory figures are being measured (workspace_rss.go)
	rssChanged      bool                  // the last measurement changed a figure the session list shows
	warmPending     bool                  // a warming of the background sessions is asked for (workspace_warm.go)
	// linkRead replaces every tab's event reader (tests hand the root the batches).
	linkRead func(ch <-chan process.Event, gen int) tea.Cmd

	mode playback.Mode // live, or a recording played back (playback_mode.go)

	declined string // the launch folder's trust was refused: why nothing started (Declined)

	lastCtrlC time.Time
	hint      string // one-off line shown in place of the key help
	hintSeq   int

	notify  notify.Notifier // focus and how to notify
	printer inline.Printer  // what inline mode printed (ui/inline)

	ticking    bool
	quitting   bool
	frame      frame.Cache   // the last frame View drew (view.go)
	statusMemo status.Memo   // the status bar as last drawn
	helpMemo   help.LineMemo // the help line as last drawn
}

// queuedPrompt is a prompt queued, held or sent (ui/session).
type queuedPrompt = session.Prompt

// New builds the root model. It does no I/O; Init starts reading events, loads history
// and asks the terminal for its background colour.
func New(opts Options) *Model {
	m := &Model{
		opts:   opts,
		mode:   newPlaybackMode(opts),
		keys:   keymap.Default(),
		now:    opts.Now,
		getenv: opts.Getenv,
	}
	if opts.Keys != nil {
		m.keys = *opts.Keys
	}
	if m.now == nil {
		m.now = time.Now
	}
	if m.getenv == nil {
		m.getenv = os.Getenv
	}
	m.notify = notify.New(opts.Notify, m.getenv)
	// Dark until the terminal says otherwise; an explicit --theme or NO_COLOR wins.
	kind, _ := themes.Detect(opts.Theme, true, m.getenv)
	m.theme = kind
	m.themeRef = themes.NewRef(themes.New(kind))
	launch := m.newTab(launchPlace(opts), session.NewLink(opts.Backend, opts.Start))
	m.tabs.all = []*tab{launch}
	m.tabs.front, m.tab = launch, launch
	m.showIntro()
	m.restoreTabs()
	return m
}

// Init starts the event loop (or the session, when none was given), loads the history,
// asks for the background colour and sends the initial prompt.
func (m *Model) Init() tea.Cmd {
	var cmds []tea.Cmd
	if m.autoTheme() {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	cmds = append(cmds, m.startTicking())
	// A restored workspace shows its saved front; the launch session then waits like
	// the others, unless gclaude already started its claude (its events need a reader).
	if t := m.restoreFront; t != nil && t != m.tabs.front {
		if m.link.Running() {
			cmds = append(cmds, m.cmdInTab(m.tab, m.openTab))
		}
		cmds = append(cmds, m.bringToFront(t))
	} else {
		cmds = append(cmds, m.cmdInTab(m.tab, m.openTab))
	}
	m.tab = m.tabs.front
	return tea.Batch(cmds...)
}

// openTab starts what a tab in front needs the first time: its prompt history and
// editor mode, its claude (or the reader of the one given), and the conversation it
// continues, then its first prompt.
func (m *Model) openTab() tea.Cmd {
	if m.opened {
		return nil
	}
	m.opened = true
	cmds := []tea.Cmd{m.prompt.LoadHistory(),
		m.prompt.LoadEditorMode(input.EditorModeFilesFor(m.opts.Home, m.place.dir, m.getenv))}
	switch {
	case m.place.setup != "":
		cmds = append(cmds, m.runSetup())
	case !m.link.Running():
		cmds = append(cmds, m.startCLI(StartRequest{Resume: m.place.resume.ID, ForkSession: m.place.resume.Fork}))
	default:
		cmds = append(cmds, m.link.Wait())
	}
	// A resumed conversation's history comes first; the initial prompt waits for it.
	cmds = append(cmds, m.launchResume())
	if p := m.place.initialPrompt; p != "" && !m.resume.Loading {
		cmds = append(cmds, m.submit(p, nil))
	}
	return tea.Batch(cmds...)
}

// Declined says why nothing was started, once the user did not trust the folder
// gclaude was started in; "" otherwise.
func (m *Model) Declined() string { return m.declined }

// autoTheme reports whether the theme follows the terminal's background.
func (m *Model) autoTheme() bool {
	t := m.opts.Theme
	return (t == "" || t == themes.ThemeAuto) && m.getenv("NO_COLOR") == ""
}

// setTheme switches palettes. Dialogs (open or queued) and the task pane read the
// shared Ref when they render; the prompt and transcript derive cached state from
// the styles, so they are told.
func (m *Model) setTheme(kind themes.Kind) {
	if kind == m.theme {
		return
	}
	m.theme = kind
	m.themeRef.Set(themes.New(kind))
	m.prompt.SetStyles(m.styles())
	m.transcript.SetStyles(m.styles())
}

// styles is the current theme's styles.
func (m *Model) styles() *themes.Styles { return m.themeRef.Get() }

// dialogEnv is what dialogs get from the root.
func (m *Model) dialogEnv() dialogs.Env {
	return dialogs.Env{Theme: m.themeRef, Keys: m.keys, Now: m.now, After: m.after, ReadOnly: m.mode.Recording(),
		AutoMode: session.AutoModeAvailable(m.sess.SeenModes, m.sess.Init), Workspace: m.multi(),
		Editor: func(path string) *exec.Cmd { return editor.Command(m.getenv, path) }}
}
