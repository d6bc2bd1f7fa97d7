package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
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

var _ Backend = (*fakeBackend)(nil)

// harness drives a root model the way Bubble Tea would, but synchronously: every
// command runs at once on the test goroutine and its message is fed back in order.
// Events are injected as eventsMsg (the blocking reader is switched off) and timers are
// fired by hand, so nothing depends on timing.
type harness struct {
	t      *testing.T
	m      *Model
	b      *fakeBackend
	now    time.Time
	timers []func(time.Time) tea.Msg
	starts []StartRequest
	// started are the backends Start made, in order (a workspace starts several).
	started []*fakeBackend
	refused *int // starts a guarded Start refused (trust_gate_test.go)
	quit    bool
	queue   []tea.Msg
	raw     []string // what tea.Raw commands wrote to the terminal
	// printed is what tea.Println printed above the program (inline mode), in order.
	printed []string
}

func newHarness(t *testing.T, mutate ...func(*Options)) *harness {
	t.Helper()
	h := &harness{t: t, b: newFakeBackend(), now: t0}
	opts := Options{
		Backend: h.b,
		CWD:     "/home/dev/project",
		Home:    "/home/dev",
		Theme:   "dark",
		Getenv:  func(string) string { return "" },
		Now:     func() time.Time { return h.now },
		After: func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
			h.timers = append(h.timers, fn)
			return nil
		},
		Start: func(_ context.Context, req StartRequest) (Backend, error) {
			h.starts = append(h.starts, req)
			h.b = newFakeBackend()
			h.started = append(h.started, h.b)
			return h.b, nil
		},
	}
	for _, f := range mutate {
		f(&opts)
	}
	h.m = New(opts)
	h.m.tabEnv.Read = func(<-chan process.Event, int) tea.Cmd { return nil }
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.exec(h.m.Init())
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
			h.quit = true
			continue
		case tea.BatchMsg:
			for _, c := range msg {
				h.exec(c)
			}
			continue
		case tea.RawMsg:
			h.raw = append(h.raw, fmt.Sprint(msg.Msg))
			continue
		}
		// Bubble Tea's own messages for tea.Sequence and tea.Println are unexported:
		// run a sequence's commands in order, record a print.
		if v := reflect.ValueOf(msg); v.Type().String() == "tea.sequenceMsg" {
			for i := range v.Len() {
				h.exec(v.Index(i).Interface().(tea.Cmd))
			}
			continue
		} else if v.Type().String() == "tea.printLineMessage" {
			h.printed = append(h.printed, v.FieldByName("messageBody").String())
		}
		_, cmd := h.m.Update(msg)
		h.exec(cmd)
	}
}

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
	h.send(session.Events{Gen: h.front().Gen(), Events: evs})
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

// screen is the plain text of the current frame.
func (h *harness) screen() string { return stripANSI(h.m.render()) }

func (h *harness) draft() string { return h.front().Draft() }

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

// front is the tab in front.
func (h *harness) front() *tab.Tab { return h.m.tabs.front }
