package render

import (
	"strings"

	"github.com/gclaude/gclaude/themes"
)

type editInput struct {
	FilePath   string `json:"file_path"`
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all"`
	Edits      []struct {
		OldString string `json:"old_string"`
		NewString string `json:"new_string"`
	} `json:"edits"` // MultiEdit
}

// editView: Edit(path); the body is the diff from the result's
// structuredPatch, or, before the result, a diff of old against new string.
func editView(c ToolCall, st *themes.Styles) toolView {
	var in editInput
	decodeInput(c.Input, &in)
	v := toolView{name: c.Name, arg: in.FilePath, argIsPath: true}
	if in.ReplaceAll {
		v.detail = "replace all"
	}
	v.body = func(width int) string {
		var r fileChangeResult
		if c.Result != nil && decodeResult(c.Result, &r) && len(r.StructuredPatch) > 0 {
			return joinBlocks(changeSummary("Updated", r.StructuredPatch, width, st), patchBody(r.patch(), c.Expanded, width, st))
		}
		if c.Result != nil {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		var hunks []Hunk
		if len(in.Edits) > 0 {
			for _, e := range in.Edits {
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
