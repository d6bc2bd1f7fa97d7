package render

import (
	"fmt"

	"github.com/gclaude/gclaude/themes"
)

type searchInput struct {
	Pattern    string `json:"pattern"`
	Path       string `json:"path"`
	Glob       string `json:"glob"`
	Type       string `json:"type"`
	OutputMode string `json:"output_mode"`
}

// searchResult is the tool_use_result of Glob and Grep.
type searchResult struct {
	Mode       string   `json:"mode"` // Grep: files_with_matches, content, count
	Filenames  []string `json:"filenames"`
	NumFiles   int      `json:"numFiles"`
	Content    string   `json:"content"`
	NumLines   int      `json:"numLines"`
	NumMatches int      `json:"numMatches"`
	Truncated  bool     `json:"truncated"`
}

// collapsedListItems is how many matches a collapsed Glob/Grep lists.
const collapsedListItems = 5

func globView(c ToolCall, st *themes.Styles) toolView {
	var in searchInput
	decodeInput(c.Input, &in)
	return searchView(c, "Glob", in, st)
}

func grepView(c ToolCall, st *themes.Styles) toolView {
	var in searchInput
	decodeInput(c.Input, &in)
	return searchView(c, "Grep", in, st)
}

// searchView: Glob(pattern) · in path; the body counts the matches and
// lists the first few.
func searchView(c ToolCall, name string, in searchInput, st *themes.Styles) toolView {
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
		var r searchResult
		if !decodeResult(c.Result, &r) {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		switch r.Mode {
		case "content":
			n := max(r.NumLines, len(splitLines(r.Content)))
			return joinBlocks(para(fmt.Sprintf("Found %d %s", n, Plural(n, "line")), width, st.Tool.Detail),
				textBlock(r.Content, c.Expanded, width, st.Tool.Body, st))
		case "count":
			s := fmt.Sprintf("Found %d %s in %d %s", r.NumMatches, Plural(r.NumMatches, "match"), r.NumFiles, Plural(r.NumFiles, "file"))
			if r.NumMatches == 1 {
				s = fmt.Sprintf("Found 1 match in %d %s", r.NumFiles, Plural(r.NumFiles, "file"))
			}
			return joinBlocks(para(s, width, st.Tool.Detail), textBlock(r.Content, c.Expanded, width, st.Tool.Body, st))
		}
		n := max(r.NumFiles, len(r.Filenames))
		if n == 0 {
			return line("No files found", width, st.Tool.Detail)
		}
		s := fmt.Sprintf("Found %d %s", n, Plural(n, "file"))
		if r.Truncated {
			s += " (truncated)"
		}
		return joinBlocks(para(s, width, st.Tool.Detail),
			list{items: r.Filenames, noun: "file", paths: true}.render(c.Expanded, collapsedListItems, width, st.Tool.Body, st))
	}
	return v
}
