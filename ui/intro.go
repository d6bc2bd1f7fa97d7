package ui

// showIntro puts Options.Intro (gclaude demo's welcome) at the top of a new
// transcript: at launch and again after /clear, so the tour's menu is never lost.
func (m *Model) showIntro() {
	if m.opts.Intro != "" {
		m.notice(noticeInfo, m.opts.Intro)
	}
}
