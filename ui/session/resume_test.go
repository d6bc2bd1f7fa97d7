package session

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/sessionfiles"
	"github.com/gclaude/gclaude/ui/transcript"
)

var sessionFixtures = filepath.Join("..", "..", "testdata", "sessions")

func TestLastChainEntry(t *testing.T) {
	got := lastChainEntry([]sessionfiles.Entry{{Kind: sessionfiles.KindPrompt, UUID: "u1"}, {Kind: sessionfiles.KindText, UUID: "a1"}, {Kind: sessionfiles.KindCompact, UUID: "c1"}, {Kind: sessionfiles.KindText}})
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

// A listing resumes the one conversation /resume named, or opens the picker; the
// launch's query is used once, and a failed listing says why.
func TestResumingListed(t *testing.T) {
	list := []sessionfiles.Summary{{ID: "0c4f7d1e-aaaa", Title: "bird watching"}, {ID: "9d2e-bbbb", Title: "taxes"}}
	var r Resuming
	if c := r.Listed(Listing{List: list, Query: "taxes"}); c.Resume == nil || c.Resume.ID != "9d2e-bbbb" || c.Pick {
		t.Fatalf("named: %+v", c)
	}
	if c := r.Listed(Listing{List: list, Query: "bird"}); !c.Pick || c.Query != "bird" || c.OrElse != "or esc to stay in this one" {
		t.Fatalf("partial: %+v", c)
	}
	if c := r.Listed(Listing{List: list}); !c.Pick || c.Query != "" {
		t.Fatalf("plain: %+v", c)
	}
	if c := r.Listed(Listing{}); c.Pick || len(c.Notices) != 1 || c.Notices[0].Text != "no earlier conversations in this folder" {
		t.Fatalf("empty: %+v", c)
	}
	if c := r.Listed(Listing{Err: errors.New("denied")}); c.Pick || len(c.Notices) != 1 || c.Notices[0].Kind != transcript.NoticeError {
		t.Fatalf("failed: %+v", c)
	}

	r.PickAtLaunch(ResumeOptions{Pick: true, Fork: true, Query: "nosuch"})
	if c := r.Listed(Listing{List: list}); !c.Pick || c.Query != "nosuch" || c.OrElse != "or esc for a new one" {
		t.Fatalf("launch query: %+v", c)
	}
	if c := r.Listed(Listing{List: list}); c.Query != "" {
		t.Fatal("the launch query was used twice")
	}
	if !r.TakeFork() || r.TakeFork() {
		t.Fatal("the launch fork is taken once")
	}
	if Dir("/x", "", "") != "/x" || Dir("", "", "/w") != "" {
		t.Fatal("Dir")
	}
}
