package render

import (
	"bytes"
	"fmt"
	"strings"

	gansi "charm.land/glamour/v2/ansi"
	"charm.land/lipgloss/v2"
	"charm.land/lipgloss/v2/table"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

// tableFast reports whether the fast path draws this table itself: one
// without links or images, which glamour lists under the table instead.
func tableFast(t ast.Node) bool {
	ok := true
	_ = ast.Walk(t, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.Kind() {
		case ast.KindLink, ast.KindAutoLink, ast.KindImage:
			ok = false
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return ok
}

// tableBlock draws a table as glamour does: cells rendered in the table's
// style, laid out by a lipgloss table configured as glamour configures it,
// written into the current block between a newline on each side.
func (r *fastMD) tableBlock(t *east.Table) {
	w := r.cur().buf
	w.WriteByte('\n')
	rules := r.cfg.Table
	curSt := r.cur().style.StylePrimitive
	tblSt := inherit(r.cur().style, rules.StyleBlock, false).StylePrimitive

	// Prefixes go through an indenting writer that lives only while they
	// are written.
	var n uint
	if rules.Indent != nil {
		n += *rules.Indent
	}
	if rules.Margin != nil {
		n += *rules.Margin
	}
	var ind, pre bytes.Buffer
	for range n {
		r.text(&ind, curSt, " ")
	}
	r.text(&pre, curSt, rules.BlockPrefix)
	r.text(&pre, tblSt, rules.Prefix)
	iw := newBlockWriter(w, ind.String(), false, 0, "", r.memo)
	iw.write(pre.String())
	iw.close()

	var rows [][]string
	for sec := t.FirstChild(); sec != nil; sec = sec.NextSibling() {
		var cells []string
		for c := sec.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, r.tableCell(c))
		}
		rows = append(rows, cells)
	}
	header := t.FirstChild().Kind() == east.KindTableHeader
	key := r.tableKey(rows, t.Alignments, header)
	drawn, ok := tableCache.get(key)
	if !ok {
		drawn = lipglossTable(rows, t.Alignments, header, r.blockWidth(), r.cfg)
		tableCache.put(key, drawn)
	}
	w.WriteString(drawn)
	r.text(w, tblSt, rules.Suffix)
	r.text(w, curSt, rules.BlockSuffix)
	w.WriteByte('\n')
}

// lipglossTable draws a table with a lipgloss table configured as glamour
// configures it.
func lipglossTable(rows [][]string, align []east.Alignment, header bool, width int, cfg *gansi.StyleConfig) string {
	lt := table.New().Width(width).Wrap(true)
	for i, cells := range rows {
		if i == 0 && header {
			lt.Headers(cells...)
		} else {
			lt.Row(cells...)
		}
	}
	styleTable(lt, align, cfg)
	return lt.String()
}

// tableCache holds drawn tables: the layout is the costliest part of a
// table, and a streamed answer draws each table more than once.
var tableCache = newRenderCache(2 << 20)

// tableKey is everything the drawing of a table depends on: its width, the
// config styleTable reads, alignments and cells.
func (r *fastMD) tableKey(rows [][]string, align []east.Alignment, header bool) string {
	var b strings.Builder
	t := r.cfg.Table
	str := func(p *string) string {
		if p == nil {
			return "\x02"
		}
		return *p
	}
	fmt.Fprintf(&b, "%d\x00%v\x00%s\x00%s\x00%s\x00%s\x00", r.blockWidth(), header,
		str(r.cfg.Document.BackgroundColor), str(t.RowSeparator), str(t.ColumnSeparator), str(t.CenterSeparator))
	if t.Margin != nil {
		fmt.Fprintf(&b, "%d", *t.Margin)
	}
	for _, a := range align {
		fmt.Fprintf(&b, "\x00%d", a)
	}
	for _, cells := range rows {
		b.WriteString("\x01")
		for _, c := range cells {
			b.WriteString(c)
			b.WriteString("\x00")
		}
	}
	return b.String()
}

// tableCell renders a cell's inline content in the table's style.
func (r *fastMD) tableCell(cell ast.Node) string {
	var b bytes.Buffer
	st := r.cfg.Table.StylePrimitive
	for c := cell.FirstChild(); c != nil; c = c.NextSibling() {
		if forcible(c) {
			r.span(&b, c, &st)
			continue
		}
		var bb bytes.Buffer
		r.span(&bb, c, nil)
		r.element(&b, elem{token: bb.String(), style: st}, nil)
	}
	return b.String()
}

// styleTable gives the lipgloss table glamour's cell styles and borders:
// one space of margin each side (padding if the table style has a margin),
// alignment from the delimiter row, and only inner borders.
func styleTable(lt *table.Table, align []east.Alignment, cfg *gansi.StyleConfig) {
	if bg := cfg.Document.BackgroundColor; bg != nil {
		lt.BaseStyle(lipgloss.NewStyle().Background(lipgloss.Color(*bg)))
	}
	lt.StyleFunc(func(_, col int) lipgloss.Style {
		st := lipgloss.NewStyle().Inline(false).Margin(0, 1)
		if m := cfg.Table.Margin; m != nil {
			st = st.Padding(0, int(*m))
		}
		if col >= len(align) {
			return st
		}
		switch align[col] {
		case east.AlignLeft:
			st = st.Align(lipgloss.Left).PaddingRight(0)
		case east.AlignCenter:
			st = st.Align(lipgloss.Center)
		case east.AlignRight:
			st = st.Align(lipgloss.Right).PaddingLeft(0)
		}
		return st
	})
	border := lipgloss.NormalBorder()
	if t := cfg.Table; t.RowSeparator != nil && t.ColumnSeparator != nil {
		border = lipgloss.Border{
			Top: *t.RowSeparator, Bottom: *t.RowSeparator,
			Left: *t.ColumnSeparator, Right: *t.ColumnSeparator,
		}
		if t.CenterSeparator != nil {
			border.Middle = *t.CenterSeparator
		}
	}
	lt.Border(border)
	lt.BorderTop(false)
	lt.BorderLeft(false)
	lt.BorderRight(false)
	lt.BorderBottom(false)
}
