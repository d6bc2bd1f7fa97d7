// Package help draws the full help screen: the key map's sections side by side, the
// slash commands and the prompt tips, at any width. It is a pure renderer; the root
// keeps whether it is open and where it is scrolled.
package help

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Section is one titled group of the help screen.
type Section struct {
	Title string
	Rows  [][2]string // key, description
}

// Content is everything the help screen shows.
type Content struct {
	Keys     []Section // side by side while they fit
	Commands Section
	Tips     Section
}

// Lines is the whole help screen at width: the key sections side by side while
// they fit, then the commands and the prompt tips across the width. Descriptions wrap
// at word boundaries rather than being cut.
func Lines(c Content, width int, s *themes.Styles) []string {
	const gap = 3
	sections := c.Keys
	natural := 0
	for _, sec := range sections {
		keyW := keyColumn(sec, 24)
		for _, r := range sec.Rows {
			natural = max(natural, keyW+2+lipgloss.Width(helpDesc(r[1])))
		}
		natural = max(natural, lipgloss.Width(sec.Title))
	}
	// As many columns as fit without squeezing a column below minCol.
	const minCol = 34
	inner := width - 1 // a space of margin on the left
	perRow := 1
	for n := 3; n > 1; n-- {
		if (inner-gap*(n-1))/n >= min(natural, minCol) {
			perRow = n
			break
		}
	}
	colWidth := min(natural, (inner-gap*(perRow-1))/perRow)

	out := []string{" " + s.Accent.Render("gclaude help"), ""}
	for i := 0; i < len(sections); i += perRow {
		var cols [][]string
		tallest := 0
		for _, sec := range sections[i:min(i+perRow, len(sections))] {
			col := sectionLines(sec, colWidth, 24, s)
			cols = append(cols, col)
			tallest = max(tallest, len(col))
		}
		for l := range tallest {
			var b strings.Builder
			b.WriteString(" ")
			for c, col := range cols {
				cell := ""
				if l < len(col) {
					cell = col[l]
				}
				if c > 0 {
					b.WriteString(strings.Repeat(" ", gap))
				}
				b.WriteString(render.Pad(cell, colWidth))
			}
			out = append(out, b.String())
		}
		out = append(out, "")
	}
	for _, l := range sectionLines(c.Commands, inner, max(12, width/3), s) {
		out = append(out, " "+l)
	}
	out = append(out, "")
	for _, l := range sectionLines(c.Tips, inner, 6, s) {
		out = append(out, " "+l)
	}
	return out
}

// sectionLines draws a section in width cells: its title, then each key in a column
// of its own and the description wrapped beside it. A key wider than the column
// (a command with its arguments) takes a line of its own, its description below.
func sectionLines(sec Section, width, keyCap int, s *themes.Styles) []string {
	keyW := keyColumn(sec, keyCap)
	descW := max(width-keyW-2, 1)
	indent := strings.Repeat(" ", keyW+2)
	out := []string{s.Help.Title.Render(wrapText(sec.Title, width)[0])}
	for _, r := range sec.Rows {
		k := render.Sanitize(r[0])
		desc := wrapText(helpDesc(r[1]), descW)
		first := ""
		if w := lipgloss.Width(k); w > keyW {
			for _, l := range wrapText(k, width) {
				out = append(out, s.Help.Key.Render(l))
			}
		} else {
			first = s.Help.Key.Render(k+strings.Repeat(" ", keyW-w)) + "  " + s.Help.Desc.Render(desc[0])
			desc = desc[1:]
		}
		if first != "" {
			out = append(out, first)
		}
		for _, l := range desc {
			out = append(out, indent+s.Help.Desc.Render(l))
		}
	}
	return out
}

// keyColumn is the width of a section's key column: its widest key, at most limit.
func keyColumn(sec Section, limit int) int {
	w := 0
	for _, r := range sec.Rows {
		if kw := lipgloss.Width(render.Sanitize(r[0])); kw <= limit {
			w = max(w, kw)
		}
	}
	return w
}

// helpDesc is the part of a description the help shows: its first line.
func helpDesc(desc string) string {
	first, _, _ := strings.Cut(render.Sanitize(desc), "\n")
	return strings.TrimSpace(first)
}

// wrapText wraps plain text at word boundaries to width cells (a word longer than a
// line is broken); always at least one line.
func wrapText(text string, width int) []string {
	lines := strings.Split(ansi.Wrap(text, max(width, 1), ""), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return lines
}
