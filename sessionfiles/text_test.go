package sessionfiles

import (
	"strings"
	"testing"
)

func TestClassifyText(t *testing.T) {
	tests := []struct {
		in   string
		kind textKind
		text string
	}{
		{"hello", textPrompt, "hello"},
		{"  multi\nline  ", textPrompt, "multi\nline"},
		{"<system-reminder>\nctx\n</system-reminder>\nreal prompt", textPrompt, "real prompt"},
		{"<system-reminder>only</system-reminder>", textNoise, ""},
		{"<system-reminder>unclosed", textNoise, ""},
		{"", textNoise, ""},
		{"<command-name>/compact</command-name>\n            <command-message>compact</command-message>\n            <command-args></command-args>", textCommand, "/compact"},
		{"<command-name>review</command-name><command-args> pr 12 </command-args>", textCommand, "/review pr 12"},
		{"<local-command-stdout>Compacted </local-command-stdout>", textCommandOutput, "Compacted"},
		{"<local-command-stderr>boom</local-command-stderr>", textCommandOutput, "boom"},
		{"<bash-input>ls -la</bash-input>", textCommand, "! ls -la"},
		{"<bash-stdout>a\nb</bash-stdout><bash-stderr></bash-stderr>", textCommandOutput, "a\nb"},
		{"[Request interrupted by user]", textInterrupt, "[Request interrupted by user]"},
		{"[Request interrupted by user for tool use]", textInterrupt, "[Request interrupted by user for tool use]"},
		{"<local-command-caveat>Caveat: …</local-command-caveat>", textNoise, ""},
		{"<task-notification><task-id>x</task-id></task-notification>", textNoise, ""},
		{"<div> is broken, fix it", textPrompt, "<div> is broken, fix it"},
	}
	for _, tc := range tests {
		kind, text := classifyText(tc.in)
		if kind != tc.kind || text != tc.text {
			t.Errorf("classifyText(%q) = %d, %q; want %d, %q", tc.in, kind, text, tc.kind, tc.text)
		}
	}
}

func TestOneLine(t *testing.T) {
	long := strings.Repeat("é", 250)
	tests := map[string]string{
		"  a\n\tb   c ":           "a b c",
		"":                        "",
		long:                      strings.Repeat("é", 200) + "…",
		strings.Repeat("a ", 150): strings.TrimSpace(strings.Repeat("a ", 100)) + "…",
	}
	for in, want := range tests {
		if got := titleLine(in); got != want {
			t.Errorf("titleLine(%q) = %q, want %q", in, got, want)
		}
	}
}
