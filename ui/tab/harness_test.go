package tab

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/help"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/status"
)

// t0 is where every test clock starts.
var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// fakeBackend records every call the root makes.
type fakeBackend struct {
	mu         sync.Mutex
	events     chan process.Event
	init       *protocol.InitializeResponse
	sends      []protocol.UserInput
	interrupts int
	models     []string
	modes      []string
	responds   []fakeResponse
	closed     int
	requests   []protocol.ClientRequest
	// answers are Request's canned responses by subtype (default: an empty success).
	answers map[string]string

	setModelErr error
	setModeErr  error
	sendErr     error // Send records the prompt and fails with it
}

type fakeResponse struct {
	id          string
	decision    protocol.PermissionDecision
	elicitation *process.ElicitationResponse
	errMessage  string
}

func newFakeBackend() *fakeBackend { return &fakeBackend{events: make(chan process.Event)} }

func (f *fakeBackend) Events() <-chan process.Event { return f.events }
func (f *fakeBackend) Init() *protocol.InitializeResponse {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.init
}

func (f *fakeBackend) Send(in protocol.UserInput) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sends = append(f.sends, in)
	return f.sendErr
}

func (f *fakeBackend) Interrupt(context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.interrupts++
	return nil
}

func (f *fakeBackend) SetModel(_ context.Context, model string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.models = append(f.models, model)
	if f.setModelErr != nil {
		return "", f.setModelErr
	}
	return "resolved-" + model, nil
}

func (f *fakeBackend) SetPermissionMode(_ context.Context, mode string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.modes = append(f.modes, mode)
	if f.setModeErr != nil {
		return "", f.setModeErr
	}
	return mode, nil
}

func (f *fakeBackend) RespondPermission(id string, d protocol.PermissionDecision) error {
	return f.respond(fakeResponse{id: id, decision: d})
}

func (f *fakeBackend) RespondElicitation(id string, r process.ElicitationResponse) error {
	return f.respond(fakeResponse{id: id, elicitation: &r})
}

func (f *fakeBackend) RespondError(id, message string) error {
	return f.respond(fakeResponse{id: id, errMessage: message})
}

func (f *fakeBackend) respond(r fakeResponse) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.responds = append(f.responds, r)
	return nil
}

func (f *fakeBackend) Request(_ context.Context, req protocol.ClientRequest) (protocol.ControlResponseBody, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, req)
	body := protocol.ControlResponseBody{Subtype: "success"}
	if a, ok := f.answers[req.Subtype()]; ok {
		body.Response = json.RawMessage(a)
	}
	return body, nil
}

func (f *fakeBackend) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed++
	return nil
}

func (f *fakeBackend) sentTexts() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, s := range f.sends {
		out = append(out, s.Text)
	}
	return out
}

var _ session.Backend = (*fakeBackend)(nil)

// launchOptions are what a test may change of the tab it drives: where it runs, the
// launch flags and the environment.
type launchOptions struct {
	Backend           session.Backend // the claude the tab starts with (nil: started when it opens)
	Start             session.StartFunc
	CWD, Home         string
	Model             string
	PermissionMode    string
	Resume            session.ResumeOptions
	InitialPrompt     string
	SessionFilesDir   string
	Host              string // the machine the tab runs on ("" for this one)
	Intro             string
	Version           string
	PromptHistoryPath string
	Login             func() *exec.Cmd
	BypassAllowed     bool
	Replay            bool
	Getenv            func(string) string
	Keys              *keymap.KeyMap
	Remote            func(spec string) (RemoteHost, error)
	Theme             themes.Kind // the palette (zero: dark)
}

// harness drives one tab the way the workspace and Bubble Tea would, but
// synchronously: every command runs at once on the test goroutine and its message is
// fed back in order; after each message the tab is laid out in its area, what it
// reports is recorded, its top dialog is armed and its animation ticked, as the root
// does. Events are injected as session.Events (the blocking reader is switched off)
// and timers are fired by hand, so nothing depends on timing.
type harness struct {
	t      *testing.T
	tab    *Tab
	ws     *fakeWorkspace
	b      *fakeBackend
	now    time.Time
	timers []func(time.Time) tea.Msg
	starts []session.StartRequest
	// started are the backends Start made, in order.
	started []*fakeBackend
	queue   []tea.Msg
	raw     []string // what tea.Raw commands wrote to the terminal
	// width and height are the terminal's; the tab gets all of it but the status bar
	// and the key help.
	width, height int
	theme         *themes.Ref
	keyMap        keymap.KeyMap
	// hint is the last hint the tab reported; hints are every one, in order.
	hint    string
	hints   []string
	reports []Report
	armed   dialogs.Dialog
	ticking bool
	memo    status.Memo
	line    help.LineMemo
}

func newHarness(t *testing.T, mutate ...func(*launchOptions)) *harness {
	t.Helper()
	h := &harness{t: t, b: newFakeBackend(), now: t0, width: 80, height: 24}
	o := launchOptions{
		Backend: h.b,
		CWD:     "/home/dev/project",
		Home:    "/home/dev",
		Getenv:  func(string) string { return "" },
		Start: func(_ context.Context, req session.StartRequest) (session.Backend, error) {
			h.starts = append(h.starts, req)
			h.b = newFakeBackend()
			h.started = append(h.started, h.b)
			return h.b, nil
		},
	}
	for _, f := range mutate {
		f(&o)
	}
	h.keyMap = keymap.Default()
	if o.Keys != nil {
		h.keyMap = *o.Keys
	}
	h.theme = themes.NewRef(themes.New(o.Theme))
	h.ws = &fakeWorkspace{h: h}
	env := &Env{Keys: h.keyMap, Theme: h.theme, Now: func() time.Time { return h.now },
		After: func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
			h.timers = append(h.timers, fn)
			return nil
		},
		Getenv: o.Getenv, Remote: o.Remote, Columns: func() int { return h.width },
		Read: func(<-chan process.Event, int) tea.Cmd { return nil },
		Opts: Options{Start: o.Start, Home: o.Home, Version: o.Version, PromptHistoryPath: o.PromptHistoryPath,
			Intro: o.Intro, Login: o.Login, BypassAllowed: o.BypassAllowed, Replay: o.Replay}}
	if env.Remote == nil {
		env.Remote = func(string) (RemoteHost, error) { return nil, fmt.Errorf("no hosts in this test") }
	}
	place := Place{Dir: o.CWD, Host: o.Host, Model: o.Model, Mode: o.PermissionMode, Resume: o.Resume,
		InitialPrompt: o.InitialPrompt, SessionFiles: o.SessionFilesDir}
	h.tab = New(1, place, session.NewLink(o.Backend, o.Start), env, h.ws)
	h.tab.ShowIntro()
	h.exec(h.tab.Open())
	h.settle()
	h.drain()
	return h
}

// send feeds a message and everything that follows from it.
func (h *harness) send(msg tea.Msg) {
	h.queue = append(h.queue, msg)
	h.drain()
}

func (h *harness) drain() {
	for len(h.queue) > 0 {
		msg := h.queue[0]
		h.queue = h.queue[1:]
		switch msg := msg.(type) {
		case tea.QuitMsg:
			h.ws.did = append(h.ws.did, "tea.Quit")
			continue
		case tea.BatchMsg:
			for _, c := range msg {
				h.exec(c)
			}
			continue
		case tea.RawMsg:
			h.raw = append(h.raw, fmt.Sprint(msg.Msg))
			continue
		case tea.WindowSizeMsg:
			h.width, h.height = msg.Width, msg.Height
			h.settle()
			continue
		case tickMsg:
			h.ticking = false
			h.tab.Tick(h.now)
			h.settle()
			continue
		}
		// Bubble Tea's own message for tea.Sequence is unexported: run its commands in
		// order.
		if v := reflect.ValueOf(msg); v.Type().String() == "tea.sequenceMsg" {
			for i := range v.Len() {
				h.exec(v.Index(i).Interface().(tea.Cmd))
			}
			continue
		}
		cmd, r := h.tab.Update(msg)
		h.record(r)
		h.exec(cmd)
		h.settle()
	}
}

// record keeps what the tab reported.
func (h *harness) record(r Report) {
	h.reports = append(h.reports, r)
	if r.Hint != "" {
		h.hint = r.Hint
		h.hints = append(h.hints, r.Hint)
	}
}

// settle does what the workspace does after an update: lays the tab out, arms the
// dialog that came in front, ticks while something moves.
func (h *harness) settle() {
	h.record(h.tab.TakeReport())
	h.exec(h.tab.Layout(Area{Width: h.width, Height: h.height, Rows: h.height - 2, TopWidth: h.width}))
	if d, _ := h.tab.TopDialog(); d != h.armed {
		h.armed = d
		if d != nil {
			h.exec(d.Init())
		}
	}
	if !h.ticking && h.tab.Animating() {
		h.ticking = true
		h.timers = append(h.timers, func(at time.Time) tea.Msg { return tickMsg{} })
	}
}

// tickMsg is the harness's animation tick.
type tickMsg struct{}

func (h *harness) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if msg := cmd(); msg != nil {
		h.queue = append(h.queue, msg)
	}
}

// advance moves the clock and fires the timers that were waiting.
func (h *harness) advance(d time.Duration) {
	h.now = h.now.Add(d)
	timers := h.timers
	h.timers = nil
	for _, fn := range timers {
		h.send(fn(h.now))
	}
}

// events injects session events as one frame.
func (h *harness) events(evs ...process.Event) {
	h.send(session.Events{Gen: h.tab.Gen(), Events: evs})
}

// msgs injects stdout messages.
func (h *harness) msgs(msgs ...protocol.Message) {
	evs := make([]process.Event, len(msgs))
	for i, m := range msgs {
		evs[i] = process.Message{Msg: m}
	}
	h.events(evs...)
}

// keys presses keys by name ("enter", "ctrl+c", "shift+tab") or types text.
func (h *harness) keys(names ...string) {
	for _, n := range names {
		h.send(keyMsg(n))
	}
}

func (h *harness) typeText(s string) {
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func keyMsg(name string) tea.KeyPressMsg {
	var k tea.Key
	parts := strings.Split(name, "+")
	base := parts[len(parts)-1]
	for _, mod := range parts[:len(parts)-1] {
		switch mod {
		case "ctrl":
			k.Mod |= tea.ModCtrl
		case "alt":
			k.Mod |= tea.ModAlt
		case "shift":
			k.Mod |= tea.ModShift
		}
	}
	named := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "up": tea.KeyUp,
		"down": tea.KeyDown, "pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "backspace": tea.KeyBackspace,
		"space": tea.KeySpace, "left": tea.KeyLeft, "right": tea.KeyRight,
	}
	if r, ok := named[base]; ok {
		k.Code = r
	} else {
		k.Code = []rune(base)[0]
		if k.Mod == 0 {
			k.Text = base
		}
	}
	return tea.KeyPressMsg(k)
}

// screen is the plain text of the tab's part of the screen, with its status bar and its
// key help (or the last hint, as the workspace shows it) below.
func (h *harness) screen() string {
	var parts []string
	if top, ok := h.tab.ViewTop(); ok {
		parts = append(parts, top)
	}
	parts = h.tab.ViewBottom(parts)
	parts = append(parts, h.memo.Render(h.tab.StatusBar(), h.width, h.theme.Get()), h.keyLine())
	return stripANSI(strings.Join(parts, "\n"))
}

// keyLine is the bottom line as the workspace draws it for the tab: its hint, its
// search, or its key help.
func (h *harness) keyLine() string {
	if h.hint != "" {
		return h.hint
	}
	if line, ok := h.tab.SearchLine(); ok {
		return line
	}
	return h.line.KeyLine(h.tab.KeyHelp(), h.width, h.theme.Get())
}

func (h *harness) draft() string { return h.tab.prompt.Value() }

// flat is a screen's text with its runs of blanks made one space.
func flat(screen string) string { return strings.Join(strings.Fields(screen), " ") }

// ready answers initialize with a few commands and models.
func (h *harness) ready() {
	h.events(process.Ready{Init: &protocol.InitializeResponse{
		Commands: []protocol.SlashCommand{
			{Name: "compact", Description: "Clear conversation history but keep a summary", ArgumentHint: "<optional custom summarization instructions>"},
			{Name: "review", Description: "Review a pull request"},
			{Name: "clear", Description: "Clear conversation history and free up context"},
		},
		Models: []protocol.ModelInfo{
			{Value: "default", DisplayName: "Default (recommended)", Description: "Opus 5.5"},
			{Value: "sonnet", DisplayName: "Sonnet", Description: "Sonnet 5"},
		},
		CurrentPermissionMode: "default",
	}})
}

func systemInit() *protocol.SystemInit {
	return &protocol.SystemInit{Meta: protocol.Meta{SessionID: "sess-1"}, CWD: "/home/dev/project", Model: "claude-opus-5-5", PermissionMode: "default"}
}

func result() *protocol.Result {
	return &protocol.Result{Subtype: "success", TotalCostUSD: 0.0123,
		ModelUsage: map[string]protocol.ModelUsage{"claude-opus-5-5": {InputTokens: 1200, OutputTokens: 300, ContextWindow: 200000}}}
}

func stripANSI(s string) string { return ansi.Strip(s) }

// fakeWorkspace is the workspace as a tab sees it, recording what it was asked.
type fakeWorkspace struct {
	h      *harness
	did    []string // what the tab asked: "open dir wt host", "sessions", "close", …
	shared bool     // more than one session is open
	rules  []Rule
	added  []protocol.PermissionUpdate
	held   []tea.Msg // what HoldTyped kept
	hold   bool      // an /open prepares a session: keys for the prompt are held
	theme  string
}

var _ Workspace = (*fakeWorkspace)(nil)

// Do records what the tab asked: "open dir wt host", "fork …", "sessions", "close
// force=false", "inbox", "help", "quit" (which closes the tab, as quitting does).
func (w *fakeWorkspace) Do(act commands.WorkspaceAct) tea.Cmd {
	switch a := act.(type) {
	case commands.OpenArgs:
		w.did = append(w.did, strings.TrimSpace("open "+a.Dir+" "+a.Worktree+" "+a.Host))
	case commands.ForkArgs:
		w.did = append(w.did, fmt.Sprintf("fork prompt=%q title=%q front=%v", a.Prompt, a.Title, a.Front))
	case commands.PickSession:
		w.did = append(w.did, "sessions")
	case commands.CloseSession:
		w.did = append(w.did, fmt.Sprintf("close force=%v", a.Force))
	case commands.OpenInbox:
		w.did = append(w.did, "inbox")
	case commands.OpenHelp:
		w.did = append(w.did, "help")
	case commands.Quit:
		w.did = append(w.did, "quit")
		return w.h.tab.Close()
	default:
		w.did = append(w.did, fmt.Sprintf("%T", act))
	}
	return nil
}
func (w *fakeWorkspace) SetTheme(choice string) (tea.Cmd, error) {
	w.theme = choice
	return nil, nil
}
func (w *fakeWorkspace) Launch() commands.Launch { return commands.Launch{Theme: w.theme} }
func (w *fakeWorkspace) Shared() bool            { return w.shared }
func (w *fakeWorkspace) RuleFor(req *protocol.CanUseTool) (Rule, protocol.PermissionUpdate, bool) {
	for _, r := range w.rules {
		if grant, ok := r.Grants(req); ok {
			return r, grant, true
		}
	}
	return Rule{}, protocol.PermissionUpdate{}, false
}
func (w *fakeWorkspace) AddRule(u protocol.PermissionUpdate) tea.Cmd {
	w.added = append(w.added, u)
	return nil
}
func (w *fakeWorkspace) HoldTyped(msg tea.Msg) bool {
	if w.hold {
		w.held = append(w.held, msg)
	}
	return w.hold
}

// asked reports whether the tab asked the workspace for what.
func (w *fakeWorkspace) asked(what string) bool {
	for _, d := range w.did {
		if d == what {
			return true
		}
	}
	return false
}
