package tab

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/input"
)

// controlBackend is the fake backend with canned answers to control requests, by
// subtype; it records every request.
type controlBackend struct {
	*fakeBackend
	mu       sync.Mutex
	requests []protocol.ClientRequest
	replies  map[string]protocol.ControlResponseBody
	errs     map[string]error
}

func (c *controlBackend) Request(_ context.Context, req protocol.ClientRequest) (protocol.ControlResponseBody, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.requests = append(c.requests, req)
	if err := c.errs[req.Subtype()]; err != nil {
		return protocol.ControlResponseBody{}, err
	}
	if r, ok := c.replies[req.Subtype()]; ok {
		return r, nil
	}
	return protocol.ControlResponseBody{Subtype: "success"}, nil
}

func (c *controlBackend) reply(subtype string, payload any) {
	b, _ := json.Marshal(payload)
	c.replies[subtype] = protocol.ControlResponseBody{Subtype: "success", Response: b}
}

// newControlHarness is a harness whose launch session answers control requests.
func newControlHarness(t *testing.T, mutate ...func(*launchOptions)) (*harness, *controlBackend) {
	var cb *controlBackend
	wrap := func(o *launchOptions) {
		cb = &controlBackend{fakeBackend: o.Backend.(*fakeBackend), replies: map[string]protocol.ControlResponseBody{}, errs: map[string]error{}}
		o.Backend = cb
	}
	h := newHarness(t, append([]func(*launchOptions){wrap}, mutate...)...)
	h.ready()
	return h, cb
}

func (h *harness) run(command string) {
	h.typeText(command)
	h.keys("esc") // close the completion popup, so enter sends what was typed
	h.keys("enter")
}

func (h *harness) transcriptHas(t *testing.T, want ...string) {
	t.Helper()
	md := h.tab.conversation.Markdown()
	for _, w := range want {
		if !strings.Contains(md, w) {
			t.Errorf("transcript lacks %q:\n%s", w, md)
		}
	}
}

func TestRename(t *testing.T) {
	h, cb := newControlHarness(t)
	h.run("/rename   Fix  the\tbuild ")
	if len(cb.requests) != 1 || cb.requests[0] != (protocol.RenameSession{Title: "Fix the build"}) {
		t.Fatalf("requests %#v", cb.requests)
	}
	h.transcriptHas(t, "conversation renamed to Fix the build")
	if len(h.b.sends) != 0 {
		t.Fatalf("/rename went to claude as a prompt: %q", h.b.sentTexts())
	}
	// The bar shows the title the CLI confirms.
	h.msgs(&protocol.SessionTitleChanged{Title: "Fix the build"})
	if !strings.Contains(h.screen(), "Fix the build │") {
		t.Fatalf("title not in the bar:\n%s", h.screen())
	}
	// /clear starts a conversation without one.
	h.run("/clear")
	if strings.Contains(h.screen(), "Fix the build") {
		t.Fatalf("title kept after /clear:\n%s", h.screen())
	}

	t.Run("without a title", func(t *testing.T) {
		h, cb := newControlHarness(t)
		h.run("/rename")
		if len(cb.requests) != 0 {
			t.Fatalf("requests %#v", cb.requests)
		}
		h.transcriptHas(t, "usage: /rename <title>")
	})
	t.Run("refused", func(t *testing.T) {
		h, cb := newControlHarness(t)
		cb.errs["rename_session"] = errors.New("no session yet")
		h.run("/rename x")
		h.transcriptHas(t, "/rename failed: no session yet")
	})
}

// contextReply is a get_context_usage answer shaped like exp06a's.
var contextReply = protocol.ContextUsage{
	Categories: []protocol.ContextCategory{
		{Name: "System prompt", Tokens: 2333, Kind: "used"},
		{Name: "System tools", Tokens: 10017, Kind: "used"},
		{Name: "System tools (deferred)", Tokens: 12337, Kind: "deferred", IsDeferred: true},
		{Name: "Messages", Tokens: 50000, Kind: "used"},
		{Name: "Free space", Tokens: 104650, Kind: "free"},
		{Name: "Autocompact buffer", Tokens: 33000, Kind: "buffer"},
	},
	TotalTokens: 62350, MaxTokens: 200000, Percentage: 31, Model: "claude-opus-5-5",
	AutoCompactThreshold: 167000, IsAutoCompactEnabled: true,
}

func TestContextCommand(t *testing.T) {
	h, cb := newControlHarness(t)
	cb.reply("get_context_usage", contextReply)
	h.run("/context")
	if len(cb.requests) != 1 || cb.requests[0] != (protocol.GetContextUsage{}) {
		t.Fatalf("requests %#v: /context asks for the full breakdown", cb.requests)
	}
	h.transcriptHas(t,
		"Context window · claude-opus-5-5",
		"62.4k of 200k tokens used (31%)",
		"System prompt           2.3k ▎                      1%",
		"Messages                 50k █████                 25%",
		"Free space            104.7k ██████████▌           52%",
		"auto-compact at 167k tokens")
	if strings.Contains(h.tab.conversation.Markdown(), "deferred") {
		t.Error("deferred tools are listed")
	}
	if !strings.Contains(h.screen(), "ctx 31%") {
		t.Errorf("the bar does not show the CLI's count:\n%s", h.screen())
	}
}

func TestCostCommand(t *testing.T) {
	h, cb := newControlHarness(t)
	cb.reply("get_session_cost", protocol.SessionCost{Text: "Estimated cost:        $0.0123\nTotal duration (API):  2s\n"})
	h.run("/cost")
	if len(cb.requests) != 1 || cb.requests[0] != (protocol.GetSessionCost{}) {
		t.Fatalf("requests %#v", cb.requests)
	}
	h.transcriptHas(t, "Cost of this claude session\n> Estimated cost:        $0.0123\n> Total duration (API):  2s\n")
}

func TestSessionCommandsNeedClaude(t *testing.T) {
	h, cb := newControlHarness(t)
	h.events(process.Exited{Code: 1})
	h.run("/cost")
	if len(cb.requests) != 0 {
		t.Fatalf("requests %#v", cb.requests)
	}
	h.transcriptHas(t, "claude is not running: /cost needs it")
}

// TestRefreshContextIsCheap: the bar's refresh asks for the summary form, which
// makes no count_tokens calls, and says nothing in the transcript.
func TestRefreshContextIsCheap(t *testing.T) {
	h, cb := newControlHarness(t)
	cb.reply("get_context_usage", contextReply)
	before := h.tab.conversation.Len()
	h.exec(h.tab.refreshContext())
	h.drain()
	if len(cb.requests) != 1 || cb.requests[0] != (protocol.GetContextUsage{Detail: "summary"}) {
		t.Fatalf("requests %#v", cb.requests)
	}
	if h.tab.conversation.Len() != before {
		t.Errorf("the refresh added to the transcript:\n%s", h.tab.conversation.Markdown())
	}
	if !strings.Contains(h.screen(), "ctx 31%") {
		t.Errorf("bar:\n%s", h.screen())
	}
}

func TestExport(t *testing.T) {
	dir := t.TempDir()
	cwd := func(o *launchOptions) { o.CWD, o.Home = dir, filepath.Dir(dir) }
	tests := []struct {
		arg  string
		path string // relative to dir
	}{
		{"", "gclaude-2026-11-22-sess-1.md"},
		{"notes.md", "notes.md"},
		{"sub/out.md", "sub/out.md"},
		{filepath.Join(dir, "abs.md"), "abs.md"},
		{"~/" + filepath.Base(dir) + "/home.md", "home.md"},
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			h := newHarness(t, cwd)
			h.msgs(systemInit())
			h.tab.sess.CWD = dir // the CLI reports the real folder
			h.typeText("Explain this")
			h.keys("enter")
			h.run(strings.TrimSpace("/export " + tt.arg))
			data, err := os.ReadFile(filepath.Join(dir, tt.path))
			if err != nil {
				t.Fatalf("%v\n%s", err, h.tab.conversation.Markdown())
			}
			if !strings.Contains(string(data), "## You\n\nExplain this") {
				t.Errorf("export:\n%s", data)
			}
			h.transcriptHas(t, "conversation exported to ")
		})
	}
	t.Run("a folder that does not exist", func(t *testing.T) {
		h := newHarness(t, cwd)
		h.typeText("hi")
		h.keys("enter")
		h.run("/export no/such/dir/x.md")
		h.transcriptHas(t, "could not export the conversation")
	})
	t.Run("nothing yet", func(t *testing.T) {
		h := newHarness(t, cwd)
		h.run("/export")
		h.transcriptHas(t, "nothing to export yet")
	})
}

func TestSessionCommandsComplete(t *testing.T) {
	h := newHarness(t)
	h.ready()
	for _, name := range []string{"resume", "rename", "context", "cost", "export"} {
		if !slices.ContainsFunc(h.tab.prompt.Commands(), func(c input.Command) bool { return c.Name == name }) {
			t.Errorf("/%s is not offered", name)
		}
	}
	h.typeText("/ren")
	h.keys("tab")
	if h.draft() != "/rename " {
		t.Fatalf("draft %q", h.draft())
	}
}

// TestSessionCommandsInReplay: a recording has no live claude to ask; /export still
// writes what is on screen.
func TestSessionCommandsInReplay(t *testing.T) {
	dir := t.TempDir()
	h, cb := newControlHarness(t, func(o *launchOptions) { o.Replay, o.CWD = true, dir })
	for _, c := range []string{"/resume", "/continue", "/rename x", "/context", "/cost", "/status", "/allowed-tools", "/rewind", "/memory", "/add-dir x"} {
		h.run(c)
	}
	h.keys("esc", "esc") // esc esc on an empty prompt is /rewind
	if n := strings.Count(h.tab.conversation.Markdown(), "This is a recording: /rewind needs a live claude."); n != 2 {
		t.Errorf("/rewind refused %d times, want 2 (typed, esc esc)", n)
	}
	if len(cb.requests) != 0 || h.tab.topIsPicker() || len(h.starts) != 0 {
		t.Fatalf("requests %#v picker %v starts %+v", cb.requests, h.tab.topIsPicker(), h.starts)
	}
	h.transcriptHas(t, "This is a recording: /resume needs a live claude.", "This is a recording: /cost needs a live claude.",
		"This is a recording: /status needs a live claude.", "This is a recording: /permissions needs a live claude.",
		"This is a recording: /memory needs a live claude.", "This is a recording: /add-dir needs a live claude.")
	if md := h.tab.conversation.Markdown(); strings.Contains(md, "prompts are not sent") {
		t.Errorf("a command was taken for a prompt:\n%s", md)
	}
	h.tab.sess.CWD = dir
	h.run("/export out.md")
	if _, err := os.Stat(filepath.Join(dir, "out.md")); err != nil {
		t.Fatalf("export in a replay: %v\n%s", err, h.tab.conversation.Markdown())
	}
}
