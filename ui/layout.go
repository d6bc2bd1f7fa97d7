package ui

import "charm.land/lipgloss/v2"

// Sizes below which gclaude shows a "terminal too small" screen instead.
const (
	minWidth  = 60
	minHeight = 15
)

const (
	barRows            = 2  // status bar + help line
	minTranscriptRows  = 3  // what a dialog or the popup must leave of the transcript
	maxCompletionRows  = 8  // slash-command popup
	maxEditorRows      = 10 // the prompt editor grows up to this many text rows
	editorBorderRows   = 2
	editorMinTotalRows = 1 + editorBorderRows
)

// screen is the layout of the last frame: the rows each part takes, top to bottom.
type screen struct {
	transcriptRows int
	popupRows      int
	editorRows     int // 0 while a dialog replaces the editor
	dialog         string
	dialogRows     int
}

// tooSmall reports whether the terminal is below the supported size.
func (m *Model) tooSmall() bool { return m.width < minWidth || m.height < minHeight }

// layout sizes every part for the current terminal and content. It runs after every
// Update, so View only draws.
func (m *Model) layout() {
	if m.width <= 0 || m.height <= 0 || m.tooSmall() {
		m.screen = screen{}
		return
	}
	avail := m.height - barRows
	editorMax := min(maxEditorRows, max(1, (avail-minTranscriptRows)/3))
	m.prompt.SetSize(m.width, editorMax)

	var s screen
	if len(m.dialogs) > 0 {
		s.dialog = m.dialogs[0].d.View(m.width, avail-minTranscriptRows)
		s.dialogRows = lipgloss.Height(s.dialog)
		if s.dialog == "" {
			s.dialogRows = 0
		}
	} else if !m.showHelp { // the help screen takes the editor's rows too
		s.editorRows = m.prompt.Height()
		s.popupRows = m.prompt.PopupHeight(min(maxCompletionRows, avail-s.editorRows-minTranscriptRows))
	}
	s.transcriptRows = max(0, avail-s.dialogRows-s.editorRows-s.popupRows)
	m.screen = s
	m.transcript.SetSize(m.transcriptWidth(), s.transcriptRows)
}
