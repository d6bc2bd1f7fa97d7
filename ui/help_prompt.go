package ui

import (
	"github.com/charmbracelet/x/ansi"
)

// promptTips are the help screen's lines on what the prompt takes besides text. A
// terminal pastes text only: an image must come as the path of its file.
func (m *Model) promptTips(width int) []string {
	s := m.styles
	tips := [][2]string{
		{"@", "complete a project path · tab or enter inserts · esc closes"},
		{"paste", "a PNG, JPEG, GIF or WebP file's path to attach it as [image N];"},
		{"", "backspace removes it. An image copied to the clipboard cannot be"},
		{"", "pasted in a terminal: save it to a file and paste the path."},
	}
	out := []string{"", " " + s.Help.Title.Render("In the prompt")}
	for _, t := range tips {
		line := " " + s.Help.Key.Render(fitLine(t[0], 6)) + " " + s.Help.Desc.Render(t[1])
		out = append(out, ansi.Truncate(line, width, "…"))
	}
	return out
}
