package review

import "testing"

// The prompt names each file and line range, quotes the hunk in a fence longer than
// any backticks in it, and gives the note under it.
func TestNotesPrompt(t *testing.T) {
	a := &File{OldPath: "src/a.go", NewPath: "src/a.go", Hunks: []Hunk{
		{OldStart: 10, OldLines: 3, NewStart: 12, NewLines: 3, Section: "func f() {", Lines: []string{" x", "-y", "+z", " w"}},
	}}
	b := &File{OldPath: "b.md", NewPath: "b.md", Hunks: []Hunk{
		{OldStart: 1, OldLines: 1, NewStart: 1, NewLines: 1, Lines: []string{"-```go", "+```"}},
		{OldStart: 7, OldLines: 2, NewStart: 6, NewLines: 0, Lines: []string{"-gone", "-too"}},
	}}
	got := NotesPrompt([]Note{{File: a, Hunk: 0, Text: "  z can be nil here  "}, {File: b, Hunk: 0, Text: "keep the language"}, {File: b, Hunk: 1, Text: "why?"}})
	want := "I reviewed your changes and left 3 notes. Please address each of them.\n" +
		"\n1. src/a.go, lines 12–14:\n```diff\n@@ -10,3 +12,3 @@ func f() {\n x\n-y\n+z\n w\n```\nz can be nil here\n" +
		"\n2. b.md, line 1:\n````diff\n@@ -1 +1 @@\n-```go\n+```\n````\nkeep the language\n" +
		"\n3. b.md, lines removed after line 6:\n```diff\n@@ -7,2 +6,0 @@\n-gone\n-too\n```\nwhy?\n"
	if got != want {
		t.Fatalf("prompt:\n%s\nwant:\n%s", got, want)
	}
	one := NotesPrompt([]Note{{File: a, Hunk: 0, Text: "ok"}})
	if one[:len("I reviewed your changes and left a note.")] != "I reviewed your changes and left a note." {
		t.Fatalf("one note: %q", one)
	}
}
