package render

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() { registerTool(writeView, protocol.ToolWrite) }

// writePatch is an updating Write's structuredPatch with its leading tabs as
// they are in the file (see restoreTabs).
func writePatch(r *protocol.WriteResult) []Hunk {
	return restoreTabs(r.StructuredPatch, deref(r.OriginalFile), r.Content)
}

// deref is *s, or "" for nil (a file that did not exist, or was too large).
func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// collapsedDiffLines is how many diff lines a collapsed Edit/Write shows.
const collapsedDiffLines = 16

// writeView: Write(path); a created file shows the head of its content, an
// updated one its diff.
func writeView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.WriteInput
	decodeInput(c.Input, &in)
	v := toolView{name: protocol.ToolWrite, arg: in.FilePath, argIsPath: true}
	v.body = func(width int) string {
		if r, ok := toolResult[protocol.WriteResult](c); ok {
			if r.Type == protocol.WriteUpdate {
				return joinBlocks(changeSummary("Updated", r.StructuredPatch, width, st), patchBody(writePatch(r), c.Expanded, width, st))
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
