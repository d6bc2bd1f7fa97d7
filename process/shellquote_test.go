package process

import (
	"os/exec"
	"testing"
)

func TestShellQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "''"},
		{"claude", "claude"},
		{"--model=claude-sonnet-4-5", "--model=claude-sonnet-4-5"},
		{"/home/me/my project", "'/home/me/my project'"},
		{"it's", `'it'\''s'`},
		{"$HOME", "'$HOME'"},
		{"a\nb", "'a\nb'"},
		{"`id`", "'`id`'"},
		{`{"a":"b"}`, `'{"a":"b"}'`},
		{"*", "'*'"},
		{"~/x", "'~/x'"},
		{"a;b&&c|d", "'a;b&&c|d'"},
	}
	for _, tt := range tests {
		if got := shellQuote(tt.in); got != tt.want {
			t.Errorf("shellQuote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// What a real sh reads back from the quoted words is exactly the words.
func TestShellJoinRoundTripsThroughSh(t *testing.T) {
	words := []string{"", "plain", "two words", "it's", `"double"`, "$HOME $(id) `id`", "line\nbreak",
		"tab\there", `back\slash`, "'", "''", "*?[a]", "~", "-n", "é ü 中", "a\\'b"}
	// printf prints each argument followed by a NUL, which no argument contains.
	out, err := exec.Command("sh", "-c", "printf '%s\\0' "+shellJoin(words)).Output()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	start := 0
	for i, b := range out {
		if b == 0 {
			got = append(got, string(out[start:i]))
			start = i + 1
		}
	}
	if len(got) != len(words) {
		t.Fatalf("sh read %d words %q, want %d", len(got), got, len(words))
	}
	for i := range words {
		if got[i] != words[i] {
			t.Errorf("word %d: sh read %q, want %q", i, got[i], words[i])
		}
	}
}
