package render

import (
	"strings"
	"testing"
)

// The CLI's numLines and totalLines count the empty line after a file's last newline:
// a whole 6-line file reads as "Read 6 lines", as Claude Code shows it, not 7.
func TestReadCountsTheLinesAFileHas(t *testing.T) {
	six := "1\n2\n3\n4\n5\n6\n"
	for _, tt := range []struct {
		content           string
		num, total, start int
		want              string
	}{
		{six, 7, 7, 1, "Read 6 lines"},
		{"1\n2\n3\n4\n5\n6", 6, 6, 1, "Read 6 lines"}, // no final newline
		{"5\n6\n", 3, 7, 5, "Read 2 of 6 lines"},      // its last lines, from line 5
		{"one\n", 2, 2, 1, "Read 1 line"},             // one line
	} {
		res := done("", mustJSON(map[string]any{"type": "text", "file": map[string]any{
			"filePath": "/p/six.txt", "content": tt.content, "numLines": tt.num, "startLine": tt.start, "totalLines": tt.total}}))
		out := plainTool(ToolCall{Name: "Read", State: ToolDone, Input: in(`{"file_path":"/p/six.txt"}`), Result: res}, 80)
		if !strings.Contains(out, tt.want) {
			t.Errorf("%q (numLines %d, totalLines %d): %s, want %q", tt.content, tt.num, tt.total, out, tt.want)
		}
	}
}
