package ui

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// trustWorld is a throwaway HOME whose Claude Code record the root reads and writes,
// and the folder claude is to start in.
type trustWorld struct {
	home, dir string
	fs        trust.Local
}

func newTrustWorld(t *testing.T) trustWorld {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := trustWorld{home: filepath.Join(base, "home"), dir: filepath.Join(base, "project")}
	for _, d := range []string{w.home, w.dir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w.fs = trust.Local{Getenv: func(k string) string {
		if k == "HOME" {
			return w.home
		}
		return ""
	}}
	return w
}

func (w trustWorld) write(t *testing.T, rel, content string) {
	t.Helper()
	p := filepath.Join(w.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// guardedHarness is gclaude's launch in w.dir with no claude started yet, whose Start
// stands behind trust.Guard as cmd's does.
func guardedHarness(t *testing.T, w trustWorld, mutate ...func(*Options)) *harness {
	t.Helper()
	refused := new(int)
	h := newHarness(t, append([]func(*Options){func(o *Options) {
		o.Backend, o.CWD, o.Trust = nil, w.dir, w.fs
		o.InitialPrompt = "say hello"
		start := o.Start
		o.Start = func(ctx context.Context, req StartRequest) (Backend, error) {
			if err := trust.Guard(ctx, w.fs, req.Dir, req.Trusted); err != nil {
				*refused++
				return nil, err
			}
			return start(ctx, req)
		}
	}}, mutate...)...)
	h.refused = refused
	return h
}

func (h *harness) gate() dialogs.Dialog {
	h.t.Helper()
	d, ok := h.front().TopDialog()
	switch d.(type) {
	case *dialogs.TrustQuestion, *dialogs.ServerQuestion:
	default:
		ok = false
	}
	if !ok {
		h.t.Fatalf("no question on screen:\n%s", h.screen())
	}
	return d
}

// answer moves down n-1 times from the first choice, once the question is armed, and
// presses enter.
func (h *harness) answer(n int) {
	h.t.Helper()
	h.gate()
	h.advance(dialogs.ArmDelay)
	for range n - 1 {
		h.keys("down")
	}
	h.keys("enter")
}

// In an untrusted folder nothing starts and the initial prompt waits until the user
// trusts it; Yes is written where Claude Code reads it, then claude starts and gets
// the prompt.
func TestUntrustedLaunchAsksBeforeClaudeStarts(t *testing.T) {
	w := newTrustWorld(t)
	w.write(t, ".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "touch /tmp/x"}]}]}}`)
	h := guardedHarness(t, w)
	if len(h.starts) != 0 || *h.refused != 1 {
		t.Fatalf("starts %d, refused %d: nothing may start before the answer", len(h.starts), *h.refused)
	}
	screen := flat(h.screen())
	for _, want := range []string{"Accessing workspace:", "SessionStart: touch /tmp/x", "No, exit", "claude waits for your answer"} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, h.screen())
		}
	}
	h.keys("down", "down", "enter") // while arming: swallowed
	if !h.hasDialog() || len(h.starts) != 0 {
		t.Fatalf("keys typed while the question armed answered it")
	}
	h.answer(2)
	if v, _ := trust.Check(context.Background(), w.fs, w.dir, trust.Options{}); !v.Trusted {
		t.Fatalf("Yes was not written to the record")
	}
	if len(h.starts) != 1 || h.hasDialog() {
		t.Fatalf("after Yes: starts %d, dialog shown %v", len(h.starts), h.hasDialog())
	}
	h.ready()
	if got := h.b.sentTexts(); len(got) != 1 || got[0] != "say hello" {
		t.Fatalf("sent %q: the initial prompt goes once claude runs", got)
	}
}

// No on the folder gclaude was started in leaves gclaude, saying why; nothing started.
func TestNoOnTheLaunchFolderLeaves(t *testing.T) {
	w := newTrustWorld(t)
	h := guardedHarness(t, w)
	h.answer(1)
	h.drain()
	if !h.quit || len(h.starts) != 0 || !strings.Contains(h.m.Declined(), "you did not trust") {
		t.Fatalf("quit %v, starts %d, declined %q", h.quit, len(h.starts), h.m.Declined())
	}
	if v, _ := trust.Check(context.Background(), w.fs, w.dir, trust.Options{}); v.Trusted {
		t.Fatalf("No was written as trust")
	}
}

// A restored session of an untrusted folder asks when it is shown; No closes it and
// leaves the rest of the workspace.
func TestNoOnARestoredSessionClosesIt(t *testing.T) {
	w := newTrustWorld(t)
	other := t.TempDir()
	if err := trust.Seed(w.home, w.dir); err != nil {
		t.Fatal(err)
	}
	h := guardedHarness(t, w, func(o *Options) {
		o.InitialPrompt = ""
		o.Workspace = WorkspaceOptions{Launch: 0, Front: 0, Restore: []SavedTab{{Dir: w.dir}, {Dir: other}}}
	})
	h.ready()
	h.send(keyMsg("alt+."))
	if h.front().Place().Dir != other {
		t.Fatalf("front is %s", h.front().Place().Dir)
	}
	if !strings.Contains(h.screen(), "No, close this session") {
		t.Fatalf("the restored session's question:\n%s", h.screen())
	}
	h.answer(1)
	if len(h.m.tabs.all) != 1 || h.quit || h.front().Place().Dir != w.dir {
		t.Fatalf("after No: %d tabs, quit %v", len(h.m.tabs.all), h.quit)
	}
}

// Each new .mcp.json server is asked about before claude starts; the answer goes to
// the folder's .claude/settings.local.json, where Claude Code reads it.
func TestNewServersAreAskedAboutOneByOne(t *testing.T) {
	w := newTrustWorld(t)
	w.write(t, ".mcp.json", `{"mcpServers": {"a": {"command": "a-server"}, "b": {"command": "b-server"}}}`)
	if err := trust.Seed(w.home, w.dir); err != nil {
		t.Fatal(err)
	}
	h := guardedHarness(t, w)
	if !strings.Contains(h.screen(), "New MCP server found in this project: a") || !strings.Contains(h.screen(), "1 of 2") {
		t.Fatalf("first question:\n%s", h.screen())
	}
	h.answer(2) // use a
	if !strings.Contains(h.screen(), "New MCP server found in this project: b") || len(h.starts) != 0 {
		t.Fatalf("second question (starts %d):\n%s", len(h.starts), h.screen())
	}
	h.answer(1) // continue without b
	if len(h.starts) != 1 {
		t.Fatalf("claude did not start once every server was answered for")
	}
	var local struct{ EnabledMcpjsonServers, DisabledMcpjsonServers []string }
	b, _ := os.ReadFile(filepath.Join(w.dir, ".claude", "settings.local.json"))
	if err := json.Unmarshal(b, &local); err != nil || strings.Join(local.EnabledMcpjsonServers, ",") != "a" || strings.Join(local.DisabledMcpjsonServers, ",") != "b" {
		t.Fatalf("settings.local.json: %s (%v)", b, err)
	}
}

// An answer that cannot be written starts nothing: headless claude would start the
// server anyway. The error is said, and enter at the prompt asks again.
func TestAServerAnswerThatCannotBeWrittenStartsNothing(t *testing.T) {
	w := newTrustWorld(t)
	w.write(t, ".mcp.json", `{"mcpServers": {"a": {"command": "a-server"}}}`)
	w.write(t, ".claude/settings.local.json", `{"broken": `)
	if err := trust.Seed(w.home, w.dir); err != nil {
		t.Fatal(err)
	}
	h := guardedHarness(t, w)
	h.answer(1)
	if len(h.starts) != 0 || !strings.Contains(flat(h.screen()), "could not be recorded") {
		t.Fatalf("starts %d:\n%s", len(h.starts), h.screen())
	}
	h.keys("enter")
	if !strings.Contains(h.screen(), "New MCP server found in this project: a") {
		t.Fatalf("enter did not ask again:\n%s", h.screen())
	}
}

// /open of an untrusted folder asks in the session it was typed in, before anything
// is opened: No opens nothing; Yes is written and the session opens.
func TestOpenAsksBeforeOpeningAnUntrustedFolder(t *testing.T) {
	w := newTrustWorld(t)
	if err := trust.Seed(w.home, w.dir); err != nil {
		t.Fatal(err)
	}
	h := guardedHarness(t, w, func(o *Options) { o.InitialPrompt = "" })
	h.ready()
	other := t.TempDir()
	h.typeText("/open " + other)
	h.keys("enter")
	if len(h.m.tabs.all) != 1 || !strings.Contains(h.screen(), "No, open nothing") {
		t.Fatalf("%d tabs:\n%s", len(h.m.tabs.all), h.screen())
	}
	h.answer(1)
	if len(h.m.tabs.all) != 1 || !strings.Contains(flat(h.screen()), "nothing was opened") {
		t.Fatalf("after No: %d tabs\n%s", len(h.m.tabs.all), h.screen())
	}
	h.typeText("/open " + other)
	h.keys("enter")
	h.answer(2)
	if len(h.m.tabs.all) != 2 || h.front().Place().Dir != other || len(h.starts) != 2 {
		t.Fatalf("after Yes: %d tabs, starts %d", len(h.m.tabs.all), len(h.starts))
	}
	if v, _ := trust.Check(context.Background(), w.fs, other, trust.Options{}); !v.Trusted {
		t.Fatalf("Yes was not written to the record")
	}
}

// The home folder's Yes is never written (as in Claude Code), yet holds for this
// gclaude: restarts do not ask again.
func TestTheHomeFoldersYesHoldsForThisSession(t *testing.T) {
	w := newTrustWorld(t)
	w.dir = w.home
	h := guardedHarness(t, w, func(o *Options) { o.InitialPrompt = "" })
	if !strings.Contains(flat(h.screen()), "home folder, so Yes lasts for this session only") {
		t.Fatalf("the home folder's question:\n%s", h.screen())
	}
	h.answer(2)
	if len(h.starts) != 1 || !h.starts[0].Trusted {
		t.Fatalf("starts %+v: want claude started, trusted for the session", h.starts)
	}
	if _, err := os.Stat(filepath.Join(w.home, ".claude.json")); err == nil {
		t.Fatalf("the home folder's answer was written")
	}
	h.ready()
	h.run("/clear")
	if len(h.starts) != 2 || h.hasDialog() {
		t.Fatalf("a restart asked again: starts %d, dialog shown %v", len(h.starts), h.hasDialog())
	}
}

// hasDialog reports whether the session in front shows a dialog.
func (h *harness) hasDialog() bool {
	_, ok := h.front().TopDialog()
	return ok
}

// Keys typed while /open checks an untrusted folder are not let go when its question
// comes up (the arming guard would swallow them): they stay held until the answer,
// then go to the new session on Yes, or back to the session they were typed in on No.
func TestKeysTypedBeforeOpensQuestionWaitForTheAnswer(t *testing.T) {
	w := newTrustWorld(t)
	if err := trust.Seed(w.home, w.dir); err != nil {
		t.Fatal(err)
	}
	h := guardedHarness(t, w, func(o *Options) { o.InitialPrompt = "" })
	h.ready()
	first := h.front()
	other := t.TempDir()

	pending := h.submitOpen(other)
	h.typeText("review it")
	h.finish(pending)
	h.gate()
	if first.Draft() != "" {
		t.Fatalf("the keys were let go into the session under the question: %q", first.Draft())
	}
	h.answer(2) // Yes
	if h.front() == first || h.draft() != "review it" {
		t.Fatalf("after Yes: new session in front %v, its draft %q", h.front() != first, h.draft())
	}

	h.keys("alt+,")
	pending = h.submitOpen(t.TempDir())
	h.typeText("keep this")
	h.finish(pending)
	h.answer(1) // No
	if h.front() != first || first.Draft() != "keep this" {
		t.Fatalf("after No: front is the first %v, its draft %q", h.front() == first, first.Draft())
	}
}
