package render

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() { registerTool(editView, protocol.ToolEdit, protocol.ToolMultiEdit) }

// editView: Edit(path); the body is the diff from the result's
// structuredPatch, or, before the result, a diff of old against new string.
func editView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.EditInput
	var multi protocol.MultiEditInput
	if c.Name == protocol.ToolMultiEdit {
		decodeInput(c.Input, &multi)
		in.FilePath = multi.FilePath
	} else {
		decodeInput(c.Input, &in)
	}
	v := toolView{name: c.Name, arg: in.FilePath, argIsPath: true}
	if in.ReplaceAll {
		v.detail = "replace all"
	}
	v.body = func(width int) string {
		if r, ok := toolResult[protocol.EditResult](c); ok && len(r.StructuredPatch) > 0 {
			return joinBlocks(changeSummary("Updated", r.StructuredPatch, width, st), patchBody(editPatch(r), c.Expanded, width, st))
		}
		if c.Result != nil {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		var hunks []Hunk
		if len(multi.Edits) > 0 {
			for _, e := range multi.Edits {
				hunks = append(hunks, snippetHunks(e.OldString, e.NewString)...)
			}
		} else if in.OldString != "" || in.NewString != "" {
			hunks = snippetHunks(in.OldString, in.NewString)
		}
		if len(hunks) == 0 {
			return ""
		}
		d := FileDiff{Hunks: hunks, HideHeader: true, NoNumbers: true}
		if !c.Expanded {
			d.MaxLines = collapsedDiffLines
		}
		return Diff(d, width, st)
	}
	return v
}

// editPatch is an Edit's structuredPatch with its leading tabs as they are in
// the file (see restoreTabs).
func editPatch(r *protocol.EditResult) []Hunk {
	n := 1
	if r.ReplaceAll {
		n = -1
	}
	orig := deref(r.OriginalFile)
	return restoreTabs(r.StructuredPatch, orig, strings.Replace(orig, r.OldString, r.NewString, n))
}

// snippetHunks diffs two snippets; they are not whole files, so a missing
// final newline means nothing and is not reported.
func snippetHunks(old, new string) []Hunk {
	if old != "" && !strings.HasSuffix(old, "\n") {
		old += "\n"
	}
	if new != "" && !strings.HasSuffix(new, "\n") {
		new += "\n"
	}
	return ComputeHunks(old, new)
}
