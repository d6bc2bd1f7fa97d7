package render

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/themes"
)

type writeInput struct {
	FilePath string `json:"file_path"`
	Content  string `json:"content"`
}

// fileChangeResult is the tool_use_result of Write and Edit.
type fileChangeResult struct {
	Type            string `json:"type"` // Write: "create" or "update"
	FilePath        string `json:"filePath"`
	Content         string `json:"content"` // Write: the new file
	StructuredPatch []Hunk `json:"structuredPatch"`
	OriginalFile    string `json:"originalFile"` // the file before; null for a new one
	// Edit: what was replaced.
	OldString  string `json:"oldString"`
	NewString  string `json:"newString"`
	ReplaceAll bool   `json:"replaceAll"`
}

// patch is the result's structuredPatch with its leading tabs as they are in the
// file (see restoreTabs).
func (r fileChangeResult) patch() []Hunk {
	newText := r.Content
	if r.Type == "" { // Edit
		n := 1
		if r.ReplaceAll {
			n = -1
		}
		newText = strings.Replace(r.OriginalFile, r.OldString, r.NewString, n)
	}
	return restoreTabs(r.StructuredPatch, r.OriginalFile, newText)
}

// collapsedDiffLines is how many diff lines a collapsed Edit/Write shows.
const collapsedDiffLines = 16

// writeView: Write(path); a created file shows the head of its content, an
// updated one its diff.
func writeView(c ToolCall, st *themes.Styles) toolView {
	var in writeInput
	decodeInput(c.Input, &in)
	v := toolView{name: "Write", arg: in.FilePath, argIsPath: true}
	v.body = func(width int) string {
		var r fileChangeResult
		if c.Result != nil && decodeResult(c.Result, &r) {
			if r.Type == "update" {
				return joinBlocks(changeSummary("Updated", r.StructuredPatch, width, st), patchBody(r.patch(), c.Expanded, width, st))
			}
			n := len(splitLines(r.Content))
			return joinBlocks(para(fmt.Sprintf("Created · %d %s", n, Plural(n, "line")), width, st.Tool.Detail), contentHead(r.Content, c.Expanded, width, st))
		}
		if c.Result != nil {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		return contentHead(in.Content, c.Expanded, width, st)
	}
	return v
}

// contentHead shows file content with line numbers, only the first lines
// unless expanded.
func contentHead(content string, expanded bool, width int, st *themes.Styles) string {
	lines := splitLines(content)
	if len(lines) == 0 {
		return ""
	}
	limit := len(lines)
	if !expanded && limit > collapsedHead+collapsedTail+1 {
		limit = collapsedHead + collapsedTail
	}
	out := numbered(strings.Join(lines[:limit], "\n"), 1, width, st)
	if limit < len(lines) {
		out += "\n" + moreLines(len(lines)-limit, width, st)
	}
	return out
}

// changeSummary is "Updated · 2 additions, 1 removal".
func changeSummary(verb string, hunks []Hunk, width int, st *themes.Styles) string {
	add, rem := DiffStats(hunks)
	s := fmt.Sprintf("%s · %d %s, %d %s", verb, add, Plural(add, "addition"), rem, Plural(rem, "removal"))
	return para(s, width, st.Tool.Detail)
}

func patchBody(hunks []Hunk, expanded bool, width int, st *themes.Styles) string {
	d := FileDiff{Hunks: hunks, HideHeader: true}
	if !expanded {
		d.MaxLines = collapsedDiffLines
	}
	return Diff(d, width, st)
}
