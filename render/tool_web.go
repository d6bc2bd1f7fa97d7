package render

import (
	"fmt"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() {
	registerTool(webFetchView, protocol.ToolWebFetch)
	registerTool(webSearchView, protocol.ToolWebSearch)
}

// webFetchView: WebFetch(url); the body has size and status, then the
// summary the model got.
func webFetchView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.WebFetchInput
	decodeInput(c.Input, &in)
	v := toolView{name: protocol.ToolWebFetch, arg: in.URL}
	if c.Result == nil {
		return v
	}
	v.body = func(width int) string {
		r, ok := toolResult[protocol.WebFetchResult](c)
		if !ok {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		status := fmt.Sprintf("Received %s (%d %s)", formatBytes(r.Bytes), r.Code, r.CodeText)
		return joinBlocks(para(status, width, st.Tool.Detail), textBlock(r.Result, c.Expanded, width, st.Tool.Body, st))
	}
	return v
}

// webSearchView: WebSearch("query"); the body lists result titles.
func webSearchView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.WebSearchInput
	decodeInput(c.Input, &in)
	v := toolView{name: protocol.ToolWebSearch, arg: in.Query}
	if c.Result == nil {
		return v
	}
	v.body = func(width int) string {
		r, ok := toolResult[protocol.WebSearchResult](c)
		if !ok {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		var titles []string
		for _, h := range r.Links() {
			titles = append(titles, h.Title+" — "+h.URL)
		}
		s := fmt.Sprintf("%d %s", len(titles), Plural(len(titles), "result"))
		if r.DurationSeconds > 0 {
			s += fmt.Sprintf(" in %.1fs", r.DurationSeconds)
		}
		return joinBlocks(para(s, width, st.Tool.Detail),
			list{items: titles, noun: "result"}.render(c.Expanded, collapsedListItems, width, st.Tool.Body, st))
	}
	return v
}

// formatBytes is "512 B", "12.3 KB", "4.0 MB".
func formatBytes(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1024*1024:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/(1024*1024))
	}
}
