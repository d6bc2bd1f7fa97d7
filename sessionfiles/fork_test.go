package sessionfiles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A session compacted after a message: the fork holds the lines up to it, as the
// conversation was then, under the new id; the old file is untouched.
func TestForkUpToKeepsTheConversationBeforeACompaction(t *testing.T) {
	dir := t.TempDir()
	old := strings.Join([]string{
		`{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"old","message":{"role":"user","content":"first <b>&"}}`,
		`{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"old","message":{"role":"assistant","content":[{"type":"text","text":"hi"}]}}`,
		`{"type":"file-history-snapshot","messageId":"u2","snapshot":{}}`,
		`{"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"old","message":{"role":"user","content":"second"}}`,
		`{"type":"assistant","uuid":"a2","parentUuid":"u2","sessionId":"old","message":{"role":"assistant","content":[{"type":"text","text":"done"}]}}`,
		`{"type":"system","subtype":"compact_boundary","uuid":"c1","parentUuid":null,"logicalParentUuid":"a2","sessionId":"old"}`,
		`{"type":"user","uuid":"s1","parentUuid":"c1","sessionId":"old","isCompactSummary":true,"message":{"role":"user","content":"This session is being continued"}}`,
	}, "\n") + "\n"
	path := filepath.Join(dir, "old.jsonl")
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	for uuid, want := range map[string]bool{"a1": true, "a2": true, "s1": false} {
		if got, err := CompactedAfter(path, uuid); err != nil || got != want {
			t.Errorf("CompactedAfter(%s) = %v, %v; want %v", uuid, got, err, want)
		}
	}
	if _, err := CompactedAfter(path, "nope"); err == nil {
		t.Error("CompactedAfter of an unknown message: no error")
	}

	if err := ForkUpTo(path, "a1", "new"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "new.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"first <b>&"`) || !strings.Contains(lines[1], `"uuid":"a1"`) {
		t.Fatalf("fork:\n%s", b)
	}
	if strings.Contains(string(b), `"old"`) || strings.Count(string(b), `"sessionId":"new"`) != 2 {
		t.Errorf("the fork keeps the old session id:\n%s", b)
	}
	if again, _ := os.ReadFile(path); string(again) != old {
		t.Error("the old session file changed")
	}
	// The fork loads as a conversation ending at the message.
	h, err := Load(filepath.Join(dir, "new.jsonl"))
	if err != nil || h.SessionID != "new" {
		t.Fatalf("Load(fork) = %+v, %v", h, err)
	}
	if err := ForkUpTo(path, "a2", "new"); err == nil {
		t.Error("ForkUpTo replaced an existing file")
	}
}

// Fork with no message copies the whole conversation, and a title becomes the copy's
// own: the session list shows it, not the one the copy was made from.
func TestForkWholeWithATitle(t *testing.T) {
	dir := t.TempDir()
	old := strings.Join([]string{
		`{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"old","message":{"role":"user","content":"first"}}`,
		`{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"old","message":{"role":"assistant","content":[{"type":"text","text":"hi"}]}}`,
		`{"type":"custom-title","customTitle":"My work","sessionId":"old"}`,
		`{"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"old","message":{"role":"user","content":"second"}}`,
		`{"type":"assistant","uuid":"a2","parentUuid":"u2","sessionId":"old","message":{"role":"assistant","content":[{"type":"text","text":"done"}]}}`,
	}, "\n") + "\n"
	path := filepath.Join(dir, "old.jsonl")
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Fork(path, "", "new", "My work (Branch)"); err != nil {
		t.Fatal(err)
	}
	list, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got Summary
	for _, s := range list {
		if s.ID == "new" {
			got = s
		}
	}
	if got.Title != "My work (Branch)" {
		t.Errorf("the copy's title = %q", got.Title)
	}
	h, err := Load(filepath.Join(dir, "new.jsonl"))
	if err != nil || h.SessionID != "new" || h.Title != "My work (Branch)" || len(h.Entries) != 4 || h.Entries[3].Text != "done" {
		t.Fatalf("the copy loads as %+v, %v; want the whole conversation", h, err)
	}
	if err := Fork(path, "nope", "other", ""); err == nil {
		t.Error("a message that is not in the file: no error")
	}
}
