package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
)

// helpSection is one titled column of the full help screen.
type helpSection struct {
	title string
	rows  [][2]string // key, description
}

// helpSections lists the key map by context, then the slash commands.
func (m *Model) helpSections() []helpSection {
	titles := []string{"Anywhere", "Prompt", "Transcript (tab)"}
	var out []helpSection
	for i, group := range m.keys.FullHelp() {
		sec := helpSection{title: "Keys"}
		if i < len(titles) {
			sec.title = titles[i]
		}
		for _, b := range group {
			sec.rows = append(sec.rows, bindingRow(b))
		}
		out = append(out, sec)
	}
	out = append(m.replayHelpSections(), out...)
	cmds := helpSection{title: "Commands"}
	for _, c := range m.complete.Commands() {
		name := "/" + c.Name
		if c.ArgumentHint != "" {
			name += " " + c.ArgumentHint
		}
		cmds.rows = append(cmds.rows, [2]string{name, c.Description})
	}
	return append(out, cmds)
}

func bindingRow(b key.Binding) [2]string {
	return [2]string{b.Help().Key, b.Help().Desc}
}

// fullHelpView draws the help screen in width×height: sections side by side while they
// fit, stacked otherwise; what does not fit is cut with a note.
func (m *Model) fullHelpView(width, height int) string {
	s := m.styles
	const gap = 3
	colWidth := 0
	rendered := make([][]string, 0, 4)
	sections := m.helpSections()
	commands := sections[len(sections)-1] // drawn full width below the key columns
	for _, sec := range sections[:len(sections)-1] {
		keyW := 0
		for _, r := range sec.rows {
			keyW = min(max(keyW, lipgloss.Width(r[0])), 24)
		}
		lines := []string{s.Help.Title.Render(sec.title)}
		for _, r := range sec.rows {
			k := ansi.Truncate(render.Sanitize(r[0]), keyW, "…")
			k += strings.Repeat(" ", keyW-lipgloss.Width(k))
			desc, _, _ := strings.Cut(render.Sanitize(r[1]), "\n")
			lines = append(lines, s.Help.Key.Render(k)+"  "+s.Help.Desc.Render(desc))
		}
		for _, l := range lines {
			colWidth = max(colWidth, lipgloss.Width(l))
		}
		rendered = append(rendered, lines)
	}
	// As many columns as fit without squeezing a column below minCol; cells that are
	// still too wide are cut with an ellipsis.
	const minCol = 34
	perRow := 1
	for n := min(3, len(rendered)); n > 1; n-- {
		if (width-1-gap*(n-1))/n >= min(colWidth, minCol) {
			perRow = n
			break
		}
	}
	colWidth = min(colWidth, (width-1-gap*(perRow-1))/perRow)

	out := []string{" " + s.Accent.Render("gclaude help") + s.Subtle.Render(" · any key closes"), ""}
	for i := 0; i < len(rendered); i += perRow {
		row := rendered[i:min(i+perRow, len(rendered))]
		tallest := 0
		for _, col := range row {
			tallest = max(tallest, len(col))
		}
		for l := range tallest {
			var b strings.Builder
			b.WriteString(" ")
			for c, col := range row {
				cell := ""
				if l < len(col) {
					cell = col[l]
				}
				cell = fitLine(ansi.Truncate(cell, colWidth, "…"), colWidth)
				if c > 0 {
					b.WriteString(strings.Repeat(" ", gap))
				}
				b.WriteString(cell)
			}
			out = append(out, b.String())
		}
		out = append(out, "")
	}
	out = append(out, m.commandsHelp(commands, width)...)
	out = append(out, m.promptTips(width)...)
	if len(out) > height && height > 0 {
		out = append(out[:height-1], " "+s.Subtle.Render("… (a larger terminal shows more)"))
	}
	return fitBlock(out, width, height)
}

// commandsHelp lists the slash commands, one per line, across the whole width.
func (m *Model) commandsHelp(sec helpSection, width int) []string {
	s := m.styles
	nameW := 0
	for _, r := range sec.rows {
		nameW = max(nameW, lipgloss.Width(r[0]))
	}
	nameW = min(nameW, max(12, width/3))
	out := []string{" " + s.Help.Title.Render(sec.title)}
	for _, r := range sec.rows {
		name := ansi.Truncate(render.Sanitize(r[0]), nameW, "…")
		name += strings.Repeat(" ", nameW-lipgloss.Width(name))
		desc, _, _ := strings.Cut(render.Sanitize(r[1]), "\n")
		line := " " + s.Help.Key.Render(name) + "  " + s.Help.Desc.Render(desc)
		out = append(out, ansi.Truncate(line, width, "…"))
	}
	return out
}
