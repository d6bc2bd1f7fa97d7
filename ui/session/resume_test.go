package session

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/sessions"
	"github.com/gclaude/gclaude/ui/transcript"
)

var sessionFixtures = filepath.Join("..", "..", "testdata", "sessions")

func TestLastChainEntry(t *testing.T) {
	got := lastChainEntry([]sessions.Entry{{Kind: sessions.KindPrompt, UUID: "u1"}, {Kind: sessions.KindText, UUID: "a1"}, {Kind: sessions.KindCompact, UUID: "c1"}, {Kind: sessions.KindText}})
	if got != "a1" {
		t.Errorf("lastChainEntry = %q, want a1", got)
	}
}

// A history is found by its file name and converted; a missing one says where it
// was looked for, and without a folder nothing is looked up.
func TestLoadHistory(t *testing.T) {
	h := LoadHistory(sessionFixtures, "tools", "")
	if h.Err != nil || h.ID == "" || h.Count == 0 || len(h.Steps) == 0 || h.Last == "" {
		t.Fatalf("tools: %+v", h)
	}
	if h := LoadHistory(sessionFixtures, "nope", ""); h.Err == nil || h.ID != "nope" || !strings.Contains(h.Err.Error(), "no session nope") {
		t.Fatalf("missing: %+v", h)
	}
	if h := LoadHistory("", "tools", ""); h.Err == nil {
		t.Fatal("loaded without a folder")
	}
	if l := List("", "q"); l.Err == nil || l.Query != "q" {
		t.Fatalf("listed without a folder: %+v", l)
	}
}

// The notice says resumed or forked, with the count, and warns of unreadable parts.
func TestHistoryNotices(t *testing.T) {
	h := History{Title: "bird watching", Count: 1, Warnings: []string{"line 3: bad json"}}
	ns := h.Notices(false)
	if len(ns) != 2 || ns[0].Text != "resumed bird watching · 1 message" || ns[1].Kind != transcript.NoticeWarn {
		t.Fatalf("resumed: %+v", ns)
	}
	if ns := (History{Title: "t", Count: 2}).Notices(true); len(ns) != 1 || !strings.HasPrefix(ns[0].Text, "forked t · 2 messages · ") {
		t.Fatalf("forked: %+v", ns)
	}
}
