package render

import (
	"fmt"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() {
	registerTool(globView, protocol.ToolGlob)
	registerTool(grepView, protocol.ToolGrep)
}

// search is what Glob and Grep were asked, and found: Glob's input and
// result fit in Grep's.
type search struct {
	in        protocol.GrepInput
	result    *protocol.GrepResult // nil when it is not structured
	truncated bool
}

// collapsedListItems is how many matches a collapsed Glob/Grep lists.
const collapsedListItems = 5

func globView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.GlobInput
	decodeInput(c.Input, &in)
	s := search{in: protocol.GrepInput{Pattern: in.Pattern, Path: in.Path}}
	if r, ok := toolResult[protocol.GlobResult](c); ok {
		s.result = &protocol.GrepResult{Filenames: r.Filenames, NumFiles: r.NumFiles}
		s.truncated = r.Truncated
	}
	return searchView(c, protocol.ToolGlob, s, st)
}

func grepView(c ToolCall, st *themes.Styles) toolView {
	var s search
	decodeInput(c.Input, &s.in)
	s.result, _ = toolResult[protocol.GrepResult](c)
	return searchView(c, protocol.ToolGrep, s, st)
}

// searchView: Glob(pattern) · in path; the body counts the matches and
// lists the first few.
func searchView(c ToolCall, name string, s search, st *themes.Styles) toolView {
	in := s.in
	v := toolView{name: name, arg: in.Pattern}
	if in.Path != "" {
		v.detail = "in " + in.Path
	}
	v.detail = joinDetail(v.detail, in.Glob)
	v.detail = joinDetail(v.detail, in.Type)
	if c.Result == nil {
		return v
	}
	v.body = func(width int) string {
		r := s.result
		if r == nil {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		switch r.Mode {
		case protocol.GrepContent:
			n := max(r.NumLines, len(splitLines(r.Content)))
			return joinBlocks(para(fmt.Sprintf("Found %d %s", n, Plural(n, "line")), width, st.Tool.Detail),
				textBlock(r.Content, c.Expanded, width, st.Tool.Body, st))
		case protocol.GrepCount:
			found := fmt.Sprintf("Found %d %s in %d %s", r.NumMatches, Plural(r.NumMatches, "match"), r.NumFiles, Plural(r.NumFiles, "file"))
			if r.NumMatches == 1 {
				found = fmt.Sprintf("Found 1 match in %d %s", r.NumFiles, Plural(r.NumFiles, "file"))
			}
			return joinBlocks(para(found, width, st.Tool.Detail), textBlock(r.Content, c.Expanded, width, st.Tool.Body, st))
		}
		n := max(r.NumFiles, len(r.Filenames))
		if n == 0 {
			return line("No files found", width, st.Tool.Detail)
		}
		found := fmt.Sprintf("Found %d %s", n, Plural(n, "file"))
		if s.truncated {
			found += " (truncated)"
		}
		return joinBlocks(para(found, width, st.Tool.Detail),
			list{items: r.Filenames, noun: "file", paths: true}.render(c.Expanded, collapsedListItems, width, st.Tool.Body, st))
	}
	return v
}
