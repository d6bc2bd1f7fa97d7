package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// Results of CLI 2.1.328 for an Edit and a Write of a file with leading tabs
// (measured with internal/clirig): the structuredPatch has each leading tab as two
// spaces, originalFile and the edit have the tabs.
const (
	tabbedOld       = "func f() {\n\t// TODO\n\t\tx := 1\n}\n"
	tabbedNew       = "func f() {\n\treturn\n\t\tx := 1\n}\n"
	tabbedPatchJSON = `"structuredPatch":[{"lines":[" func f() {","-  // TODO","+  return","     x := 1"," }"],"newLines":4,"newStart":1,"oldLines":4,"oldStart":1}]`
	tabbedEdit      = `{"filePath":"/p/t.go","newString":"\treturn\n","oldString":"\t// TODO\n","originalFile":"func f() {\n\t// TODO\n\t\tx := 1\n}\n","replaceAll":false,` + tabbedPatchJSON + `,"userModified":false}`
	tabbedWrite     = `{"content":"func f() {\n\treturn\n\t\tx := 1\n}\n","filePath":"/p/t.go","originalFile":"func f() {\n\t// TODO\n\t\tx := 1\n}\n",` + tabbedPatchJSON + `,"type":"update","userModified":false}`
)

// A change is drawn with the same indentation in the transcript as in the
// permission dialog, whose diff is of the real text: a tab is TabWidth columns.
func TestFileChangeResultsKeepTheFilesTabs(t *testing.T) {
	st := themes.New(themes.Mono)
	dialog := ansi.Strip(Diff(FileDiff{Hunks: ComputeHunks(tabbedOld, tabbedNew), HideHeader: true}, 60, st))
	for _, tt := range []struct {
		name string
		call ToolCall
	}{
		{"edit", ToolCall{Name: "Edit", State: ToolDone, Input: in(`{"file_path":"/p/t.go","old_string":"\t// TODO\n","new_string":"\treturn\n"}`), Result: done("ok", tabbedEdit)}},
		{"write", ToolCall{Name: "Write", State: ToolDone, Input: in(`{"file_path":"/p/t.go","content":"func f() {\n\treturn\n\t\tx := 1\n}\n"}`), Result: done("ok", tabbedWrite)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := plainTool(tt.call, 60+bodyIndent)
			// The body under "Updated · …", without the connector's indent.
			lines := strings.Split(got, "\n")[2:]
			for i, l := range lines {
				lines[i] = strings.TrimRight(l[min(len(l), bodyIndent):], " ")
			}
			var want []string
			for _, l := range strings.Split(dialog, "\n") {
				want = append(want, strings.TrimRight(l, " "))
			}
			if strings.Join(lines, "\n") != strings.Join(want, "\n") {
				t.Errorf("transcript:\n%s\npermission dialog:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
			}
			if !strings.Contains(got, "-     // TODO") || !strings.Contains(got, "        x := 1") {
				t.Errorf("a tab is not %d columns:\n%s", TabWidth, got)
			}
		})
	}
}

func TestRestoreTabs(t *testing.T) {
	hunks := []Hunk{{OldStart: 1, OldLines: 2, NewStart: 1, NewLines: 2, Lines: []string{"-  a", "+  c", "   b", `\ No newline at end of file`}}}
	tests := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"tabs put back", "\ta\n\tb", "\tc\n\tb", []string{"-\ta", "+\tc", " \tb", `\ No newline at end of file`}},
		{"spaces in the file stay spaces", "  a\n  b", "  c\n  b", hunks[0].Lines},
		{"no texts: the patch as it is", "", "", hunks[0].Lines},
		{"a text that disagrees is not used", "\tz\n\tb", "\tc\n\tb", []string{"-  a", "+\tc", " \tb", `\ No newline at end of file`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := restoreTabs(hunks, tt.old, tt.new)
			if strings.Join(got[0].Lines, "|") != strings.Join(tt.want, "|") {
				t.Errorf("lines = %q, want %q", got[0].Lines, tt.want)
			}
			if hunks[0].Lines[0] != "-  a" {
				t.Fatal("restoreTabs changed its argument")
			}
		})
	}
}
