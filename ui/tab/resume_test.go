package tab

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
)

// sessionFixtures holds session files the real CLI wrote (see sessionfiles/fixtures_test.go).
var sessionFixtures = filepath.Join("..", "..", "testdata", "sessions")

func withSessions(dir string) func(*launchOptions) {
	return func(o *launchOptions) { o.SessionFilesDir = dir }
}

func TestResumePicker(t *testing.T) {
	h := newHarness(t, withSessions(sessionFixtures))
	h.ready()
	old := h.b
	h.typeText("/resume")
	h.keys("enter")
	if !h.tab.topIsPicker() {
		t.Fatalf("no picker:\n%s", h.screen())
	}
	screen := h.screen()
	for _, w := range []string{"Resume a conversation", "My title", "first SCENARIO:text", "6h ago · 20 messages · claude-opus-5-5"} {
		if !strings.Contains(screen, w) {
			t.Errorf("picker lacks %q:\n%s", w, screen)
		}
	}
	h.typeText("20 messages")
	h.keys("enter")
	if h.tab.topIsPicker() {
		t.Fatal("picker still open")
	}
	if len(h.starts) != 1 || h.starts[0].Resume != "tools" || h.starts[0].ForkSession {
		t.Fatalf("starts = %+v, want one resuming tools", h.starts)
	}
	if old.closed != 1 {
		t.Fatalf("the session on screen was closed %d times", old.closed)
	}
	md := h.tab.conversation.Markdown()
	for _, w := range []string{"hello SCENARIO:text", "**Agent(List work files)**", "resumed My title · 20 messages"} {
		if !strings.Contains(md, w) {
			t.Errorf("transcript lacks %q:\n%s", w, md)
		}
	}
	if h.tab.sess.SessionID != "tools" {
		t.Errorf("session id %q", h.tab.sess.SessionID)
	}
	if !strings.Contains(h.screen(), "My title │") {
		t.Errorf("title not in the bar:\n%s", h.screen())
	}
	// The conversation goes on in the resumed session.
	h.typeText("and now?")
	h.keys("enter")
	if got := h.b.sentTexts(); len(got) != 1 || got[0] != "and now?" {
		t.Fatalf("the resumed session got %q", got)
	}
	// A restart after an exit resumes it again.
	h.events(process.Exited{Code: 1})
	h.keys("enter")
	if n := len(h.starts); n != 2 || h.starts[1].Resume != "tools" {
		t.Fatalf("restart: %+v", h.starts)
	}
}

func TestResumeCommandArgument(t *testing.T) {
	tests := []struct {
		arg, id string
		picker  bool
		filter  string // what the picker is filtered by
	}{
		{"compact", "compact", false, ""},
		{"bran", "branched", false, ""},
		{"first SCENARIO:text", "compact", false, ""},
		{"My title", "", true, "My title"}, // two conversations have it: those two
		{"nothing like it", "", true, ""},  // all of them
	}
	for _, tt := range tests {
		t.Run(tt.arg, func(t *testing.T) {
			h := newHarness(t, withSessions(sessionFixtures))
			h.typeText("/resume " + tt.arg)
			h.keys("enter")
			if h.tab.topIsPicker() != tt.picker {
				t.Fatalf("picker open = %v", h.tab.topIsPicker())
			}
			if tt.id != "" && (len(h.starts) != 1 || h.starts[0].Resume != tt.id) {
				t.Fatalf("starts = %+v, want %s", h.starts, tt.id)
			}
			if tt.picker && !strings.Contains(h.screen(), "filter: "+tt.filter+"▏") {
				t.Fatalf("want the picker filtered by %q:\n%s", tt.filter, h.screen())
			}
		})
	}
}

func TestResumeNothingThere(t *testing.T) {
	h := newHarness(t, withSessions(t.TempDir()))
	h.typeText("/resume")
	h.keys("enter")
	if h.tab.topIsPicker() || !strings.Contains(h.tab.conversation.Markdown(), "no earlier conversations in this folder") {
		t.Fatalf("picker %v:\n%s", h.tab.topIsPicker(), h.tab.conversation.Markdown())
	}
}

func TestResumeSameConversation(t *testing.T) {
	h := newHarness(t, withSessions(sessionFixtures))
	h.msgs(&protocol.SystemInit{Meta: protocol.Meta{SessionID: "tools"}, Model: "m"})
	h.typeText("/resume tools")
	h.keys("enter")
	if len(h.starts) != 0 || !strings.Contains(h.tab.conversation.Markdown(), "this conversation is the one on screen") {
		t.Fatalf("starts %+v:\n%s", h.starts, h.tab.conversation.Markdown())
	}
}

func TestResumeAtLaunch(t *testing.T) {
	t.Run("history first, then the prompt", func(t *testing.T) {
		h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) {
			o.Resume = session.ResumeOptions{ID: "compact"}
			o.InitialPrompt = "go on"
		})
		md := h.tab.conversation.Markdown()
		hist, prompt := strings.Index(md, "first SCENARIO:text"), strings.Index(md, "## You\n\ngo on")
		if hist < 0 || prompt < hist {
			t.Fatalf("history at %d, prompt at %d:\n%s", hist, prompt, md)
		}
		if !strings.Contains(md, "resumed first SCENARIO:text · 10 messages") {
			t.Errorf("no resume notice:\n%s", md)
		}
		if got := h.b.sentTexts(); len(got) != 1 || got[0] != "go on" {
			t.Fatalf("sent %q", got)
		}
		if len(h.starts) != 0 || h.tab.sess.SessionID != "compact" {
			t.Fatalf("starts %+v, id %q: the launch session is the resumed one", h.starts, h.tab.sess.SessionID)
		}
	})
	t.Run("missing file", func(t *testing.T) {
		h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) {
			o.Resume = session.ResumeOptions{ID: "nope"}
			o.InitialPrompt = "hi"
		})
		md := h.tab.conversation.Markdown()
		if !strings.Contains(md, "the history of nope cannot be shown") || !strings.Contains(md, "## You\n\nhi") {
			t.Fatalf("transcript:\n%s", md)
		}
	})
	t.Run("picker", func(t *testing.T) {
		h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) { o.Resume = session.ResumeOptions{Pick: true} })
		if !h.tab.topIsPicker() {
			t.Fatalf("no picker at launch:\n%s", h.screen())
		}
		h.keys("esc") // keep the new conversation
		if h.tab.topIsPicker() || len(h.starts) != 0 || h.b.closed != 0 {
			t.Fatalf("picker %v starts %+v closed %d", h.tab.topIsPicker(), h.starts, h.b.closed)
		}
	})
	t.Run("picker with --fork-session", func(t *testing.T) {
		h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) { o.Resume = session.ResumeOptions{Pick: true, Fork: true} })
		h.typeText("20 messages")
		h.keys("enter")
		if len(h.starts) != 1 || h.starts[0].Resume != "tools" || !h.starts[0].ForkSession {
			t.Fatalf("starts %+v", h.starts)
		}
		h.transcriptHas(t, "forked My title · 20 messages")
		// Only the launch pick forks.
		h.msgs(&protocol.SystemInit{Meta: protocol.Meta{SessionID: "fork-1"}, Model: "m"}, result())
		h.run("/resume compact")
		if len(h.starts) != 2 || h.starts[1].ForkSession {
			t.Fatalf("starts %+v", h.starts)
		}
	})
	t.Run("--resume naming nothing, empty folder", func(t *testing.T) {
		h := newHarness(t, withSessions(t.TempDir()), func(o *launchOptions) { o.Resume = session.ResumeOptions{Pick: true, Query: "nosuchid"} })
		if h.tab.topIsPicker() || !strings.Contains(h.tab.conversation.Markdown(), `no conversation matches "nosuchid" in this folder: this is a new one`) {
			t.Fatalf("picker %v, transcript:\n%s", h.tab.topIsPicker(), h.tab.conversation.Markdown())
		}
	})
	t.Run("--resume naming nothing", func(t *testing.T) {
		h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) { o.Resume = session.ResumeOptions{Pick: true, Query: "nosuchid"} })
		if !h.tab.topIsPicker() || !strings.Contains(h.tab.conversation.Markdown(), `no conversation matches "nosuchid" in this folder: pick one, or esc for a new one`) {
			t.Fatalf("picker %v, transcript:\n%s", h.tab.topIsPicker(), h.tab.conversation.Markdown())
		}
		if screen := h.screen(); strings.Contains(screen, "nothing matches") {
			t.Fatalf("the picker is filtered down to nothing:\n%s", screen)
		}
	})
	t.Run("--resume naming part of a title", func(t *testing.T) {
		h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) { o.Resume = session.ResumeOptions{Pick: true, Query: "my tit"} })
		screen := h.screen()
		if !h.tab.topIsPicker() || !strings.Contains(screen, "filter: my tit") || !strings.Contains(screen, "My title") {
			t.Fatalf("picker %v:\n%s", h.tab.topIsPicker(), screen)
		}
		h.keys("enter")
		if len(h.starts) != 1 || (h.starts[0].Resume != "tools" && h.starts[0].Resume != "forked") {
			t.Fatalf("starts %+v, want one of the two titled My title", h.starts)
		}
	})
	t.Run("nothing to continue", func(t *testing.T) {
		h := newHarness(t, func(o *launchOptions) { o.Resume = session.ResumeOptions{NothingToContinue: true} })
		if !strings.Contains(h.tab.conversation.Markdown(), "no earlier conversation in this folder to continue") {
			t.Fatalf("transcript:\n%s", h.tab.conversation.Markdown())
		}
	})
}

// TestForkAtLaunch: a forked conversation restarts as a fork until the CLI has told
// its new id, then resumes that id.
func TestForkAtLaunch(t *testing.T) {
	h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) { o.Resume = session.ResumeOptions{ID: "tools", Fork: true} })
	if md := h.tab.conversation.Markdown(); !strings.Contains(md, "forked My title · 20 messages") {
		t.Fatalf("transcript:\n%s", md)
	}
	h.events(process.Exited{Code: 1})
	h.keys("enter")
	if len(h.starts) != 1 || h.starts[0].Resume != "tools" || !h.starts[0].ForkSession {
		t.Fatalf("restart before the first turn: %+v", h.starts)
	}
	h.msgs(&protocol.SystemInit{Meta: protocol.Meta{SessionID: "new-id"}, Model: "m"}, result())
	h.events(process.Exited{Code: 1})
	h.keys("enter")
	if len(h.starts) != 2 || h.starts[1].Resume != "new-id" || h.starts[1].ForkSession {
		t.Fatalf("restart after the fork: %+v", h.starts)
	}
}

// TestResumeRefreshesContext: once the resumed session runs, the bar's context share
// is asked for in the summary form (no API calls), before any turn.
func TestResumeRefreshesContext(t *testing.T) {
	var started *controlBackend
	h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) {
		o.Start = func(context.Context, session.StartRequest) (session.Backend, error) {
			started = &controlBackend{fakeBackend: newFakeBackend(), replies: map[string]protocol.ControlResponseBody{}}
			started.reply("get_context_usage", contextReply)
			return started, nil
		}
	})
	h.ready()
	h.run("/resume tools")
	if started == nil || len(started.requests) != 1 || started.requests[0] != (protocol.GetContextUsage{Detail: "summary"}) {
		t.Fatalf("requests to the resumed session: %#v", started)
	}
	if !strings.Contains(h.screen(), "ctx 31%") {
		t.Fatalf("bar:\n%s", h.screen())
	}
}

// TestResumedModelInStatusBar: a resumed conversation goes on with its own model, and
// the bar names it before the first turn, whether initialize answers before or after
// the history is read; --model wins.
func TestResumedModelInStatusBar(t *testing.T) {
	ready := func(h *harness) { // the CLI's default is now another model than the conversation's
		h.events(process.Ready{Init: &protocol.InitializeResponse{Models: []protocol.ModelInfo{
			{Value: "default", ResolvedModel: "claude-sonnet-5-5"},
			{Value: "haiku", ResolvedModel: "claude-haiku-5-5"},
		}}})
	}
	statusBar := func(h *harness) string {
		lines := strings.Split(h.screen(), "\n")
		return lines[len(lines)-2]
	}
	t.Run("history first", func(t *testing.T) {
		h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) { o.Resume = session.ResumeOptions{ID: "tools"} })
		ready(h)
		if bar := statusBar(h); !strings.Contains(bar, "claude-opus-5-5") {
			t.Errorf("status bar %q, want the conversation's model", bar)
		}
	})
	t.Run("initialize first", func(t *testing.T) {
		h := newHarness(t, withSessions(sessionFixtures))
		ready(h)
		h.tab.place.Resume = session.ResumeOptions{ID: "tools"}
		h.exec(h.tab.launchResume())
		h.drain()
		if bar := statusBar(h); !strings.Contains(bar, "claude-opus-5-5") {
			t.Errorf("status bar %q, want the conversation's model", bar)
		}
	})
	t.Run("--model wins", func(t *testing.T) {
		h := newHarness(t, withSessions(sessionFixtures), func(o *launchOptions) {
			o.Resume = session.ResumeOptions{ID: "tools"}
			o.Model = "haiku"
		})
		ready(h)
		if bar := statusBar(h); !strings.Contains(bar, "claude-haiku-5-5") {
			t.Errorf("status bar %q, want the --model", bar)
		}
	})
}
