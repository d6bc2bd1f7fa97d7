package render

import (
	"encoding/json"
	"fmt"

	"github.com/gclaude/gclaude/themes"
)

type webFetchInput struct {
	URL    string `json:"url"`
	Prompt string `json:"prompt"`
}

type webFetchResult struct {
	Bytes    int    `json:"bytes"`
	Code     int    `json:"code"`
	CodeText string `json:"codeText"`
	Result   string `json:"result"`
	URL      string `json:"url"`
}

// webFetchView: WebFetch(url); the body has size and status, then the
// summary the model got.
func webFetchView(c ToolCall, st *themes.Styles) toolView {
	var in webFetchInput
	decodeInput(c.Input, &in)
	v := toolView{name: "WebFetch", arg: in.URL}
	if c.Result == nil {
		return v
	}
	v.body = func(width int) string {
		var r webFetchResult
		if !decodeResult(c.Result, &r) {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		status := fmt.Sprintf("Received %s (%d %s)", formatBytes(r.Bytes), r.Code, r.CodeText)
		return joinBlocks(para(status, width, st.Tool.Detail), textBlock(r.Result, c.Expanded, width, st.Tool.Body, st))
	}
	return v
}

type webSearchInput struct {
	Query string `json:"query"`
}

type webSearchResult struct {
	Query           string            `json:"query"`
	Results         []json.RawMessage `json:"results"` // {content:[{title,url}]} or commentary strings
	DurationSeconds float64           `json:"durationSeconds"`
}

type webSearchHit struct {
	Content []struct {
		Title string `json:"title"`
		URL   string `json:"url"`
	} `json:"content"`
}

// webSearchView: WebSearch("query"); the body lists result titles.
func webSearchView(c ToolCall, st *themes.Styles) toolView {
	var in webSearchInput
	decodeInput(c.Input, &in)
	v := toolView{name: "WebSearch", arg: in.Query}
	if c.Result == nil {
		return v
	}
	v.body = func(width int) string {
		var r webSearchResult
		if !decodeResult(c.Result, &r) {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		var titles []string
		for _, raw := range r.Results {
			var hit webSearchHit
			if json.Unmarshal(raw, &hit) != nil {
				continue
			}
			for _, h := range hit.Content {
				titles = append(titles, h.Title+" — "+h.URL)
			}
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
func formatBytes(n int) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1024*1024:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/(1024*1024))
	}
}
