package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() { registerTool(readView, protocol.ToolRead) }

// readView: Read(path) · lines 10–30; the body counts what was read and,
// expanded, shows it with line numbers.
func readView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.ReadInput
	decodeInput(c.Input, &in)
	v := toolView{name: protocol.ToolRead, arg: in.FilePath, argIsPath: true}
	switch {
	case in.Offset > 0 && in.Limit > 0:
		v.detail = fmt.Sprintf("lines %d–%d", in.Offset, in.Offset+in.Limit-1)
	case in.Offset > 0:
		v.detail = fmt.Sprintf("from line %d", in.Offset)
	case in.Limit > 0:
		v.detail = fmt.Sprintf("first %d lines", in.Limit)
	}
	if c.Result == nil {
		return v
	}
	v.body = func(width int) string {
		r, ok := toolResult[protocol.ReadResult](c)
		if !ok {
			return textBlock(c.Result.Content, c.Expanded, width, st.Tool.Body, st)
		}
		if r.Type != "" && r.Type != protocol.ReadText {
			return line("Read "+r.Type, width, st.Tool.Detail)
		}
		f := r.File
		num, total := f.NumLines, f.TotalLines
		if strings.HasSuffix(f.Content, "\n") && num == len(splitLines(f.Content))+1 {
			// The CLI counts the empty "line" after the file's last newline, in both.
			num, total = num-1, total-1
		}
		summary := fmt.Sprintf("Read %d %s", num, Plural(num, "line"))
		if total > num {
			summary = fmt.Sprintf("Read %d of %d lines", num, total)
		}
		if !c.Expanded {
			return para(summary, width, st.Tool.Detail)
		}
		return joinBlocks(para(summary, width, st.Tool.Detail), numbered(f.Content, max(f.StartLine, 1), width, st))
	}
	return v
}

// numbered shows file content with a line-number gutter, wrapped to width.
func numbered(content string, start, width int, st *themes.Styles) string {
	lines := splitLines(content)
	nw := len(strconv.Itoa(start + len(lines)))
	textW := max(width-nw-1, 1)
	var out []string
	for i, l := range lines {
		rows := strings.Split(wrap(Sanitize(l), textW), "\n")
		for j, r := range rows {
			num := strings.Repeat(" ", nw)
			if j == 0 {
				num = fmt.Sprintf("%*d", nw, start+i)
			}
			row := st.Diff.LineNumber.Render(num)
			if r = strings.TrimRight(r, " "); r != "" {
				row += " " + st.Tool.Body.Render(r)
			}
			out = append(out, Truncate(row, width))
		}
	}
	return strings.Join(out, "\n")
}
