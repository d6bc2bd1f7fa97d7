package land

import (
	"strings"
	"testing"
)

func TestDraftMessage(t *testing.T) {
	for _, tc := range []struct {
		prompts []string
		want    string
	}{
		{nil, "Changes made in a gclaude session\n"},
		{[]string{"/clear", "  "}, "Changes made in a gclaude session\n"},
		{[]string{"fix the login bug."}, "Fix the login bug\n"},
		{[]string{"fix the login bug\nit fails on empty passwords"}, "Fix the login bug\n\nPrompts:\n- fix the login bug it fails on empty passwords\n"},
		{[]string{"add retries", "\x1b[31mand\tlog them\x07"}, "Add retries\n\nPrompts:\n- add retries\n- and log them\n"},
		{[]string{strings.Repeat("word ", 30)}, "Word word word word word word word word word word word word word word…\n\nPrompts:\n- " + strings.TrimSpace(strings.Repeat("word ", 30)) + "\n"},
	} {
		if got := DraftMessage(tc.prompts); got != tc.want {
			t.Errorf("DraftMessage(%q) = %q, want %q", tc.prompts, got, tc.want)
		}
	}
}

func TestDraftPR(t *testing.T) {
	title, body := DraftPR([]string{"make it faster"}, []string{"abc1234 Cache the lookups", "def5678 First step"})
	if title != "Make it faster" || body != "Prompts:\n- make it faster\n\nCommits:\n- abc1234 Cache the lookups\n- def5678 First step\n" {
		t.Fatalf("%q %q", title, body)
	}
	if title, _ := DraftPR(nil, []string{"abc1234 Newest", "def5678 Oldest"}); title != "Oldest" {
		t.Fatalf("title from commits %q", title)
	}
}
