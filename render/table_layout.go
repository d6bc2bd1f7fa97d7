package render

import (
	"strings"
	"unicode/utf8"

	"charm.land/glamour/v2/ansi"
	"charm.land/lipgloss/v2"
	xansi "github.com/charmbracelet/x/ansi"
	east "github.com/yuin/goldmark/extension/ast"
)

// layoutTable draws a table exactly as the lipgloss table lipglossTable
// configures would (column widths, wrapping, truncated headers, alignment,
// padding, margins, background), without lipgloss's per-cell styling
// machinery, which dominates the cost of a table. It reports false for
// what it does not reproduce, and the caller asks lipgloss: cells holding
// tabs, line breaks or control bytes, separators not one cell wide, a table
// lipgloss cannot fit into the width, and wrapped lines wider than their
// column (a wide rune in a one-cell column). TestTableLayoutMatchesLipgloss
// holds the two to the same bytes.
func layoutTable(rows [][]string, align []east.Alignment, header bool, width int, cfg *ansi.StyleConfig) (string, bool) {
	lk, ok := tableLookFor(cfg)
	if !ok {
		return "", false
	}
	var headers []string
	data := rows
	if header && len(rows) > 0 {
		headers, data = rows[0], rows[1:]
	}
	ncol := 0
	for _, r := range data {
		ncol = max(ncol, len(r))
	}
	switch {
	case len(headers) == 0 && len(data) == 0:
		return "", true
	case len(data) == 0:
		ncol = len(headers)
	case ncol == 0 || len(headers) > ncol:
		return "", false // lipgloss draws rows narrower than the header
	}

	// Every row as long as the widest, the header first, as lipgloss sees
	// them; and their widths.
	all := make([][]string, 0, len(data)+1)
	if len(headers) > 0 {
		all = append(all, headers)
	}
	all = append(all, data...)
	widths := make([]int, len(all)*ncol) // row i's at [i*ncol:]
	size := 0
	for i, r := range all {
		for j, c := range r {
			if !tableCellOK(c) {
				return "", false
			}
			widths[i*ncol+j] = visibleWidth(c)
			size += len(c)
		}
	}
	padL, padR, frames := make([]int, ncol), make([]int, ncol), make([]int, ncol)
	for j := range ncol {
		padL[j], padR[j] = lk.padding(align, j)
		frames[j] = 2 + padL[j] + padR[j] // one cell of margin each side
	}
	cols := tableColumns(widths, ncol, frames)
	if width <= 0 { // lipgloss's detectTableWidth
		width = ncol - 1
		for _, c := range cols {
			width += c.max + c.frame
		}
	}
	ws := tableColumnWidths(cols, width)
	if sumInts(ws)+ncol-1 != width {
		return "", false // lipgloss cuts the lines at the width
	}
	for j, w := range ws {
		if w < frames[j] {
			return "", false // no room for the padding
		}
	}

	var b strings.Builder
	// The cells; per line, the padding and the separators with their
	// background; the header rule.
	bg := len(lk.bgOn) + len(lk.bgOff)
	b.Grow(size + len(all)*(width+ncol*(len(lk.colSep)+5*bg)) + width*len(lk.rowSep) + ncol*(len(lk.mid)+bg))
	cells := make([][]string, ncol)
	for i, r := range all {
		isHeader := i == 0 && len(headers) > 0
		h := 1
		for j := range ncol {
			c := ""
			if j < len(r) {
				c = r[j]
			}
			inner, w := ws[j]-frames[j], widths[i*ncol+j]
			if isHeader && w > inner {
				c = xansi.Truncate(c, inner, "…") // headers are cut, never wrapped
				w = visibleWidth(c)
			}
			lines, ok := wrapTableCell(cells[j][:0], c, w, inner, ws[j]-2 > 0)
			if !ok || isHeader && len(lines) > 1 {
				return "", false
			}
			cells[j] = lines
			if !isHeader {
				h = max(h, len(lines))
			}
		}
		for k := range h {
			for j := range ncol {
				if j > 0 {
					lk.styled(&b, lk.colSep)
				}
				lk.cellLine(&b, cells[j], k, ws[j]-2, padL[j], padR[j], alignOf(align, j))
			}
			b.WriteByte('\n')
		}
		if isHeader {
			for j, w := range ws {
				if j > 0 {
					lk.styled(&b, lk.mid)
				}
				lk.styled(&b, strings.Repeat(lk.rowSep, w))
			}
			b.WriteByte('\n')
		}
	}
	return strings.TrimSuffix(b.String(), "\n"), true
}

// wrapTableCell appends to dst a cell's lines as lipgloss's Style.Render
// wraps it to inner cells (when the cell has any width at all): a cell
// that fits and ends with its styles reset comes through whole; any other
// goes through lipgloss.Wrap, as in Render. False if a line is wider than
// inner, which lipgloss would cut.
func wrapTableCell(dst []string, c string, w, inner int, wraps bool) ([]string, bool) {
	if !wraps || (w <= inner || inner < 1) && penResetAtEnd(c) {
		return append(dst, c), w <= max(inner, 0)
	}
	wrapped := lipgloss.Wrap(c, inner, "")
	if strings.IndexByte(wrapped, '\n') < 0 {
		return append(dst, wrapped), w <= max(inner, 0)
	}
	for l := range strings.SplitSeq(wrapped, "\n") {
		if visibleWidth(l) > inner {
			return nil, false
		}
		dst = append(dst, l)
	}
	return dst, true
}

// tableCellOK reports whether a cell holds nothing lipgloss treats
// specially: no tab (expanded), carriage return or newline (line
// structure), no control byte (ansi.Wrap counts them as one cell,
// ansi.StringWidth as none), no escape but whole CSI sequences, and no
// invalid UTF-8 (rewritten).
func tableCellOK(c string) bool {
	for i := 0; i < len(c); i++ {
		switch b := c[i]; {
		case b == 0x1b:
			n := csiLen(c[i:])
			if n == 0 {
				return false
			}
			i += n - 1
		case b < 0x20 || b == 0x7f:
			return false
		}
	}
	return utf8.ValidString(c)
}

// csiLen is the length of the CSI sequence s starts with (ESC [, parameter
// bytes, one final byte), 0 if it does not start with a whole one.
func csiLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch b := s[i]; {
		case b >= 0x30 && b <= 0x3f:
		case b >= 0x40 && b <= 0x7e:
			return i + 1
		default:
			return 0
		}
	}
	return 0
}

// penResetAtEnd reports whether every SGR style a cell (with only whole
// CSI sequences) sets is reset by its end. Only then is lipgloss.Wrap sure
// to leave a line that fits alone: its writer means to reset a style left
// open at the end (v2.0.6 loses that reset, returning before its deferred
// Close), so such cells go through lipgloss.Wrap itself.
func penResetAtEnd(c string) bool {
	clean := true
	for i := strings.IndexByte(c, 0x1b); i >= 0; {
		n := csiLen(c[i:])
		if n == 0 {
			return false
		}
		if c[i+n-1] == 'm' {
			p := c[i+2 : i+n-1]
			clean = p == "" || p == "0"
		}
		i += n
		k := strings.IndexByte(c[i:], 0x1b)
		if k < 0 {
			break
		}
		i += k
	}
	return clean
}

func alignOf(align []east.Alignment, col int) east.Alignment {
	if col < len(align) {
		return align[col]
	}
	return east.AlignNone
}
