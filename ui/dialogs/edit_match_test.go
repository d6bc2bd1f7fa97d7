package dialogs

import "testing"

func TestCLIMatchRules(t *testing.T) {
	tests := []struct {
		name, text, old, new string
		actual, written      string // "" actual: no match
	}{
		{"exact", "a foo b", "foo", "bar", "foo", "bar"},
		{"curly doubles", `say “hello”.`, `say "hello"`, `say "hi"`, `say “hello”`, `say “hi”`},
		{"curly singles and apostrophe", "it’s ‘x’", "it's 'x'", "it's 'y' (don't)", "it’s ‘x’", "it’s ‘y’ (don’t)"},
		{"curly before multibyte", "é “q” ü", `"q" ü`, `"r" ü`, "“q” ü", "“r” ü"},
		{"escape in old", "x = \"é\"", `x = "\u00e9"`, `x = "\u00e8"`, "x = \"é\"", "x = \"è\""},
		{"escaped in file", `s = "\u00e9t\u00E9"`, `s = "été"`, `s = "èté"`, `s = "\u00e9t\u00E9"`, `s = "\u00e8t\u00e9"`},
		{"not there", "abc", "xyz", "q", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			actual, ok := cliOldString(tt.text, tt.old)
			if !ok {
				if tt.actual != "" {
					t.Fatalf("no match; want %q", tt.actual)
				}
				return
			}
			if actual != tt.actual {
				t.Fatalf("actual = %q, want %q", actual, tt.actual)
			}
			if got := cliNewString(tt.old, actual, tt.new); got != tt.written {
				t.Errorf("new = %q, want %q", got, tt.written)
			}
		})
	}
}

func TestCLIApplyDeletesTheLine(t *testing.T) {
	if got := cliApply("a\nb\nc\n", "b", "", false); got != "a\nc\n" {
		t.Errorf("got %q", got)
	}
}
