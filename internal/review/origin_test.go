package review

import (
	"encoding/json"
	"testing"
)

// Each hunk is credited to the tool call whose text accounts for it: the last Edit
// that wrote its lines, a Write for a new file; a hunk nobody's call explains (the
// user's, a formatter's) has none.
func TestOrigins(t *testing.T) {
	d := Diff{Root: "/repo", Files: []File{
		{OldPath: "src/a.go", NewPath: "src/a.go", Hunks: []Hunk{
			{Lines: []string{" ctx", "-\treturn nil", "+\treturn err", " }"}},
			{Lines: []string{"+// added by hand by the user"}},
			{Lines: []string{"-\tlog.Print(x)", "+\tlog.Printf(\"%v\", x)", "+}"}},
		}},
		{NewPath: "new.txt", Status: Added, Hunks: []Hunk{{Lines: []string{"+hello", "+world"}}}},
		{OldPath: "other.go", NewPath: "other.go", Hunks: []Hunk{{Lines: []string{"+\treturn err"}}}},
	}}
	uses := []ToolUse{
		{Turn: 1, Name: "Edit", Input: json.RawMessage(`{"file_path":"/repo/src/a.go","old_string":"\treturn nil","new_string":"\treturn err"}`)},
		{Turn: 1, Name: "Write", Input: json.RawMessage(`{"file_path":"/repo/new.txt","content":"hello\nworld\n"}`)},
		{Turn: 2, Name: "Bash", Input: json.RawMessage(`{"command":"gofmt -w ."}`)},
		{Turn: 2, Name: "MultiEdit", Input: json.RawMessage(`{"file_path":"src/a.go","edits":[{"old_string":"x","new_string":"y"},{"old_string":"\tlog.Print(x)","new_string":"\tlog.Printf(\"%v\", x)\n}"}]}`)},
		{Turn: 3, Name: "Edit", Input: json.RawMessage(`{"file_path":"/repo/src/a.go","old_string":"\treturn nil","new_string":"\treturn err"}`)},
		{Turn: 3, Name: "Edit", Input: json.RawMessage(`not json`)},
	}
	got := Origins(&d, ChangesOf(uses))
	want := map[HunkRef]string{
		{0, 0}: "turn 3 · Edit src/a.go",
		{0, 2}: "turn 2 · MultiEdit src/a.go",
		{1, 0}: "turn 1 · Write new.txt",
	}
	if len(got) != len(want) {
		t.Errorf("origins %v", got)
	}
	for ref, w := range want {
		if o, ok := got[ref]; !ok || o.String() != w {
			t.Errorf("%v: %v, want %s", ref, o, w)
		}
	}
}
