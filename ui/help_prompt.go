package ui

// promptTips are the help screen's lines on what the prompt takes besides text. A
// terminal pastes text only: an image must come as the path of its file.
func (m *Model) promptTips() helpSection {
	return helpSection{title: "In the prompt", rows: [][2]string{
		{"alt+enter · ctrl+j", "newline, like shift+enter (for terminals that do not tell shift+enter apart)"},
		{`\ enter`, "newline: a backslash at the cursor becomes a line break, as in Claude Code"},
		{"paste", "more than 10 lines (or 2,000 characters) shows as [Pasted text #N +L lines] and is sent in full; " +
			"ctrl+o puts it back as text, backspace removes it"},
		{"@", "complete a project path · tab or enter inserts · esc closes"},
		{"paste", "a PNG, JPEG, GIF or WebP file's path to attach it as [image N]; backspace removes it. " +
			"An image copied to the clipboard cannot be pasted in a terminal: save it to a file and paste the path."},
	}}
}
