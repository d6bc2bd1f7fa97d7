package render

import (
	"strings"

	"charm.land/glamour/v2/ansi"
	"charm.land/lipgloss/v2"
	east "github.com/yuin/goldmark/extension/ast"
)

// tableLook is what styleTable's lipgloss configuration adds around cells:
// separators, the table margin as cell padding, and the document
// background, which lipgloss wraps around every piece it styles.
type tableLook struct {
	colSep, rowSep, mid string
	bgOn, bgOff         string // SGR around each styled piece; "" without background
	pad                 int
}

// tableLookFor reads the look from cfg as styleTable does; false for
// separators that are not one plain cell wide, which layoutTable's widths
// do not allow for.
func tableLookFor(cfg *ansi.StyleConfig) (tableLook, bool) {
	border := lipgloss.NormalBorder()
	lk := tableLook{colSep: border.Left, rowSep: border.Top, mid: border.Middle}
	if t := cfg.Table; t.RowSeparator != nil && t.ColumnSeparator != nil {
		lk.colSep, lk.rowSep, lk.mid = *t.ColumnSeparator, *t.RowSeparator, ""
		if t.CenterSeparator != nil {
			lk.mid = *t.CenterSeparator
		}
	}
	for _, s := range []string{lk.colSep, lk.rowSep, lk.mid} {
		if !tableCellOK(s) || strings.IndexByte(s, 0x1b) >= 0 || visibleWidth(s) != 1 {
			return lk, false
		}
	}
	if m := cfg.Table.Margin; m != nil {
		lk.pad = int(*m)
	}
	if bg := cfg.Document.BackgroundColor; bg != nil {
		// The SGR lipgloss itself puts around a piece in this background.
		lk.bgOn, lk.bgOff, _ = strings.Cut(lipgloss.NewStyle().Background(lipgloss.Color(*bg)).Render("x"), "x")
	}
	return lk, true
}

// padding is a column's cell padding as styleTable sets it: the table
// margin both sides, but none on the side a cell is aligned to.
func (lk *tableLook) padding(align []east.Alignment, col int) (left, right int) {
	switch alignOf(align, col) {
	case east.AlignLeft:
		return lk.pad, 0
	case east.AlignRight:
		return 0, lk.pad
	}
	return lk.pad, lk.pad
}

// styled writes s as lipgloss styles a piece: in the background, if any.
func (lk *tableLook) styled(b *strings.Builder, s string) {
	if lk.bgOn == "" && lk.bgOff == "" {
		b.WriteString(s)
		return
	}
	b.WriteString(lk.bgOn)
	b.WriteString(s)
	b.WriteString(lk.bgOff)
}

func (lk *tableLook) spaces(b *strings.Builder, n int) {
	if n <= len(tableSpaces) {
		lk.styled(b, tableSpaces[:n])
		return
	}
	lk.styled(b, strings.Repeat(" ", n))
}

var tableSpaces = strings.Repeat(" ", 256)

// cellLine writes line k of a cell (lines below its text are blank) as
// Style.Render lays it out in a block wd cells wide: the text, its padding,
// alignment spaces outside the padding, a margin cell each side.
func (lk *tableLook) cellLine(b *strings.Builder, lines []string, k, wd, padL, padR int, a east.Alignment) {
	text := k < len(lines)
	lw := 0
	if text {
		lw = visibleWidth(lines[k]) + padL + padR
	}
	short := wd - lw
	lk.spaces(b, 1)
	if short > 0 {
		switch a {
		case east.AlignRight:
			lk.spaces(b, short)
		case east.AlignCenter:
			lk.spaces(b, short/2) // written even when empty, as lipgloss does
		}
	}
	if text {
		if padL > 0 {
			lk.spaces(b, padL)
		}
		lk.styled(b, lines[k])
		if padR > 0 {
			lk.spaces(b, padR)
		}
	}
	if short > 0 {
		switch a {
		case east.AlignRight:
		case east.AlignCenter:
			lk.spaces(b, short-short/2)
		default:
			lk.spaces(b, short)
		}
	}
	lk.spaces(b, 1)
}
