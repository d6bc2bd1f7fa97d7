package ui

import "github.com/gclaude/gclaude/ui/transcript"

// Notice kinds, as the transcript names them.
const (
	noticeInfo    = transcript.NoticeInfo
	noticeWarning = transcript.NoticeWarn
	noticeError   = transcript.NoticeError
)

// notice adds a line to the transcript: errors are shown, never swallowed.
func (m *Model) notice(kind, text string) {
	m.transcript.AddNotice(kind, text)
}

// resetTranscript starts an empty transcript (a new conversation).
func (m *Model) resetTranscript() {
	m.transcript = transcript.New(m.styles(), m.keys)
	m.transcript.SetFocused(m.focus == focusTranscript)
	m.resetTasks()
	m.showIntro()
	m.layout()
}
