package ui

import (
	"github.com/gclaude/gclaude/ui/transcript"
)

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

// showIntro puts Options.Intro (gclaude demo's welcome) at the top of a new
// transcript: at launch and again after /clear, so the tour's menu is never lost.
func (m *Model) showIntro() {
	if m.opts.Intro != "" {
		m.notice(noticeInfo, m.opts.Intro)
	}
}
