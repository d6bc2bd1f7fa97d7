package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
)

// helpSection is one titled group of the full help screen.
type helpSection struct {
	title string
	rows  [][2]string // key, description
}

// helpSections are the key map's sections (the playback keys only in a replay, first).
func (m *Model) helpSections() []helpSection {
	var out []helpSection
	for _, s := range m.keys.Sections() {
		if s.Name == "replay" && !m.opts.Replay {
			continue
		}
		sec := helpSection{title: s.Title}
		for _, b := range s.Bindings {
			sec.rows = append(sec.rows, bindingRow(b))
		}
		if s.Name == "replay" {
			sec.rows = append(sec.rows, [2]string{m.keys.Input.Send.Help().Key, "play again (at the end)"})
		}
		out = append(out, sec)
	}
	return out
}

// commandsSection lists the slash commands.
func (m *Model) commandsSection() helpSection {
	cmds := helpSection{title: "Commands"}
	for _, c := range m.prompt.Commands() {
		name := "/" + c.Name
		if c.ArgumentHint != "" {
			name += " " + c.ArgumentHint
		}
		cmds.rows = append(cmds.rows, [2]string{name, c.Description})
	}
	return cmds
}

func bindingRow(b key.Binding) [2]string {
	return [2]string{b.Help().Key, b.Help().Desc}
}

// openHelp shows the help screen from its top.
func (m *Model) openHelp() {
	m.showHelp = true
	m.helpTop = 0
}

// helpKey scrolls the help screen; any other key closes it.
func (m *Model) helpKey(msg tea.KeyPressMsg) {
	k := m.keys.HelpScreen
	page := max(m.screen.transcriptRows-1, 1)
	switch {
	case key.Matches(msg, k.Up):
		m.scrollHelp(-1)
	case key.Matches(msg, k.Down):
		m.scrollHelp(1)
	case key.Matches(msg, k.PageUp):
		m.scrollHelp(-page)
	case key.Matches(msg, k.PageDown):
		m.scrollHelp(page)
	case key.Matches(msg, k.Top):
		m.helpTop = 0
	case key.Matches(msg, k.Bottom):
		m.scrollHelp(m.helpOverflow())
	default:
		m.showHelp = false
	}
}

// scrollHelp moves the help screen by n lines, within its content.
func (m *Model) scrollHelp(n int) {
	m.helpTop = min(max(m.helpTop+n, 0), m.helpOverflow())
}

// helpOverflow is how many lines of the help screen do not fit at once.
func (m *Model) helpOverflow() int {
	return max(len(m.helpLines(m.width))-m.screen.transcriptRows, 0)
}

// fullHelpView draws the help screen in width×height, from the line it is scrolled to.
func (m *Model) fullHelpView(width, height int) string {
	lines := m.helpLines(width)
	top := min(m.helpTop, max(len(lines)-height, 0))
	return fitBlock(lines[top:], width, height)
}

// helpScrollKeys are the help line's keys while the help screen is open: how to scroll
// when it does not fit, and where the view is.
func (m *Model) helpScrollKeys() [][2]string {
	total := len(m.helpLines(m.width))
	rows := m.screen.transcriptRows
	if total <= rows {
		return [][2]string{{"any key", "closes help"}}
	}
	k := m.keys.HelpScreen
	top := min(m.helpTop, total-rows)
	return [][2]string{
		{k.Up.Help().Key + " " + k.Down.Help().Key, "scroll"},
		{k.PageDown.Help().Key, k.PageDown.Help().Desc},
		{"", "any other key closes"},
		{"", fmt.Sprintf("lines %d–%d of %d", top+1, top+rows, total)},
	}
}

// helpLines is the whole help screen at width: the key sections side by side while
// they fit, then the commands and the prompt tips across the width. Descriptions wrap
// at word boundaries rather than being cut.
func (m *Model) helpLines(width int) []string {
	s := m.styles
	const gap = 3
	sections := m.helpSections()
	natural := 0
	for _, sec := range sections {
		keyW := keyColumn(sec, 24)
		for _, r := range sec.rows {
			natural = max(natural, keyW+2+lipgloss.Width(helpDesc(r[1])))
		}
		natural = max(natural, lipgloss.Width(sec.title))
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
			col := m.sectionLines(sec, colWidth, 24)
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
	for _, l := range m.sectionLines(m.commandsSection(), inner, max(12, width/3)) {
		out = append(out, " "+l)
	}
	out = append(out, "")
	for _, l := range m.sectionLines(m.promptTips(), inner, 6) {
		out = append(out, " "+l)
	}
	return out
}

// sectionLines draws a section in width cells: its title, then each key in a column
// of its own and the description wrapped beside it. A key wider than the column
// (a command with its arguments) takes a line of its own, its description below.
func (m *Model) sectionLines(sec helpSection, width, keyCap int) []string {
	s := m.styles
	keyW := keyColumn(sec, keyCap)
	descW := max(width-keyW-2, 1)
	indent := strings.Repeat(" ", keyW+2)
	out := []string{s.Help.Title.Render(wrapText(sec.title, width)[0])}
	for _, r := range sec.rows {
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
func keyColumn(sec helpSection, limit int) int {
	w := 0
	for _, r := range sec.rows {
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
