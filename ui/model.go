// Package ui is gclaude's Bubble Tea program, the workspace: one root Model holds the
// sessions (each a ui/tab.Tab: its claude, conversation, prompt, dialogs and all their
// handlers) and the one in front, the inbox, the session list, the remote machines and
// saving; it routes each message to its session, lays out and draws the whole screen
// and owns the global keys. Children are plain structs with methods; anything slow or
// blocking (session calls, files) runs in a tea.Cmd that reports back with a message.
package ui

import (
	"os"
	"os/exec"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/frame"
	"github.com/gclaude/gclaude/ui/help"
	"github.com/gclaude/gclaude/ui/inline"
	"github.com/gclaude/gclaude/ui/notify"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/status"
	"github.com/gclaude/gclaude/ui/tab"
)

// The session's types live in ui/session; these names keep cmd/ as it was.
type (
	Backend      = session.Backend
	StartRequest = session.StartRequest
	StartFunc    = session.StartFunc
)

// cliClosedMsg says every claude has closed (on quit).
type cliClosedMsg struct{}

func (cliClosedMsg) workspace() {}

// ResumeOptions say which earlier conversation the launch session continues.
type ResumeOptions = session.ResumeOptions

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
	// Resume says which earlier conversation the launch session continues (ui/tab/resume.go).
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

// Model is the root model, the only tea.Model in gclaude: the workspace. It holds the
// sessions (tabs, each a component of its own: ui/tab*.go) and the one in front, the
// inbox, the remote machines, the whole screen's layout and the global keys.
type Model struct {
	opts     Options
	keys     keymap.KeyMap
	themeRef *themes.Ref // shared by every child that outlives a theme switch
	theme    themes.Kind
	now      func() time.Time
	getenv   func(string) string
	tabEnv   *tab.Env // what every tab shares
	declined string   // the launch folder's trust was refused: why nothing started (Declined)

	width, height int

	tabs  tabList     // every session of this gclaude (tabs.go)
	help  help.Screen // open and scrolled by the keys while shown (view.go)
	inbox inboxState  // decisions of every session, answered from here (workspace_inbox.go)
	// armed is the dialog last armed in front of the user (workspace_inbox.go armShown).
	armed dialogs.Dialog
	// opening holds what is typed while /open prepares a session (workspace_open.go).
	opening openingState
	// wsRules are the allow rules given to every session of the workspace
	// (workspace_inbox.go).
	wsRules []tab.Rule
	// saved is the fingerprint of the workspace as last saved (workspace_save.go);
	// restoreFront is the restored tab to bring to the front at Init.
	saved, savedBuf []byte
	saveFailing     bool // the last write of the workspace failed, and the user was told
	restoreFront    *tab.Tab
	remotes         map[string]RemoteHost // by host, one each (workspace_remote.go)
	rssWatching     bool                  // the session list's memory figures are being measured (workspace_upkeep.go)
	rssChanged      bool                  // the last measurement changed a figure the session list shows
	warmPending     bool                  // a warming of the background sessions is asked for (workspace_upkeep.go)

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

// New builds the root model. It does no I/O; Init starts reading events, loads history
// and asks the terminal for its background colour.
func New(opts Options) *Model {
	m := &Model{
		opts:   opts,
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
	m.tabEnv = &tab.Env{Keys: m.keys, Theme: m.themeRef, Now: m.now, After: m.after, Getenv: m.getenv, Remote: m.remoteHost,
		Columns: func() int { return m.width },
		Opts: tab.Options{Start: opts.Start, Home: opts.Home, Version: opts.Version, PromptHistoryPath: opts.PromptHistoryPath,
			Intro: opts.Intro, Login: opts.Login, Claude: opts.Claude, BypassAllowed: opts.BypassAllowed, Replay: opts.Replay,
			Trust: opts.Trust}}
	launch := m.newTab(launchPlace(opts), session.NewLink(opts.Backend, opts.Start))
	m.tabs.all = []*tab.Tab{launch}
	m.tabs.front = launch
	launch.ShowIntro()
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
	// A restored workspace shows its saved front; the launch session then waits like
	// the others, unless gclaude already started its claude (its events need a reader).
	launch := m.tabs.front
	if t := m.restoreFront; t != nil && t != launch {
		if launch.Status().Running {
			cmds = append(cmds, m.tabDid(launch, launch.Open()))
		}
		cmds = append(cmds, m.bringToFront(t))
	} else {
		cmds = append(cmds, m.tabDid(launch, launch.Open()))
	}
	return tea.Batch(append(cmds, m.startTicking())...)
}

// autoTheme reports whether the theme follows the terminal's background.
func (m *Model) autoTheme() bool {
	t := m.opts.Theme
	return (t == "" || t == themes.ThemeAuto) && m.getenv("NO_COLOR") == ""
}

// setTheme switches palettes. Dialogs (open or queued) and the task pane read the
// shared Ref when they render; every tab's prompt and transcript derive cached state
// from the styles, so they are told.
func (m *Model) setTheme(kind themes.Kind) {
	if kind == m.theme {
		return
	}
	m.theme = kind
	m.themeRef.Set(themes.New(kind))
	for _, t := range m.tabs.all {
		t.SetStyles()
	}
}

// styles is the current theme's styles.
func (m *Model) styles() *themes.Styles { return m.themeRef.Get() }

// launchPlace is the launch tab's place: the folder and flags gclaude started with.
func launchPlace(o Options) tab.Place {
	return tab.Place{Dir: o.CWD, Model: o.Model, Mode: o.PermissionMode, Resume: o.Resume,
		InitialPrompt: o.InitialPrompt, SessionFiles: o.SessionFilesDir, Launch: true}
}

// ResumeLine is the line to print once the screen is restored, or "" when nothing
// was said: no turn ran in the conversation in front and none was resumed (after
// /clear the new conversation has no id until its first turn).
func (m *Model) ResumeLine() string {
	return commands.ResumeLine(m.tabs.front.Status().SessionID)
}

// Declined says why nothing was started, once the user did not trust the folder
// gclaude was started in; "" otherwise.
func (m *Model) Declined() string { return m.declined }
