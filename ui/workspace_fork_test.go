package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/sessionfiles"
)

// forkHarness is a session on the conversation "tools" (a real CLI's session file).
func forkHarness(t *testing.T) (*harness, string) {
	dir := t.TempDir()
	b, err := os.ReadFile(filepath.Join(sessionFixtures, "tools.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tools.jsonl"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, withSessions(dir))
	h.ready()
	init := systemInit()
	init.SessionID = "tools"
	h.msgs(init)
	h.front().Restore("My title", nil, time.Time{}) // as a restored session keeps its title
	return h, dir
}

// /fork copies the conversation into a new session of the workspace that starts on
// the copy at once and works on the prompt given, in the background: the session in
// front stays, and says where the copy went.
func TestForkOpensACopyInTheBackground(t *testing.T) {
	h, dir := forkHarness(t)
	first := h.m.tabs.front
	h.typeText("/fork write the docs")
	h.keys("enter")
	if len(h.m.tabs.all) != 2 || h.m.tabs.front != first {
		t.Fatalf("%d tabs, the first in front: %v\n%s", len(h.m.tabs.all), h.m.tabs.front == first, h.screen())
	}
	fork := h.m.tabs.all[1]
	if len(h.starts) != 1 || h.starts[0].Resume == "" || h.starts[0].Resume == "tools" || h.starts[0].ForkSession {
		t.Fatalf("starts = %+v, want the copy resumed", h.starts)
	}
	id := h.starts[0].Resume
	list, err := sessionfiles.List(dir)
	if err != nil {
		t.Fatal(err)
	}
	titles := map[string]string{}
	for _, s := range list {
		titles[s.ID] = s.Title
	}
	if titles[id] != "My title (fork)" || titles["tools"] != "My title" {
		t.Errorf("titles %v", titles)
	}
	if got := h.started[0].sentTexts(); len(got) != 1 || got[0] != "write the docs" {
		t.Errorf("the copy was sent %q", got)
	}
	if md, _ := fork.Conversation(); !strings.Contains(md, "hello SCENARIO:text") {
		t.Errorf("the copy's transcript lacks the history:\n%s", md)
	}
	if !strings.Contains(flat(h.screen()), "works in the background") {
		t.Errorf("no word of the copy:\n%s", h.screen())
	}
}

// /branch with no earlier prompt of this session branches the conversation as it is
// and brings the branch to the front; the session it came from stays.
func TestBranchBringsTheCopyToTheFront(t *testing.T) {
	h, _ := forkHarness(t)
	h.typeText("/branch")
	h.keys("enter")
	if len(h.m.tabs.all) != 2 || h.m.tabs.front != h.m.tabs.all[1] {
		t.Fatalf("%d tabs; the branch in front: %v", len(h.m.tabs.all), h.m.tabs.front == h.m.tabs.all[1])
	}
	if md, _ := h.front().Conversation(); !strings.Contains(md, "hello SCENARIO:text") || !strings.Contains(md, "A branch of project") {
		t.Errorf("the branch's transcript:\n%s", md)
	}
	if got, _ := h.m.tabs.all[0].Conversation(); !strings.Contains(got, "Branched into the session") {
		t.Errorf("the first session says nothing of the branch:\n%s", got)
	}
}
