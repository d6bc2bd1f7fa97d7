package ui

import (
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/tasks"
)

// The session list beside the transcript: on a screen wide enough and with more than
// one session, every session's name, state and latest line stay in view. On narrower
// screens alt+s shows the same list as a picker.

const (
	sidebarMinScreen = 120 // narrower screens keep every column for the transcript
	sidebarWidth     = 34
)

// sidebarCols is the width the session list takes, 0 when it is not shown.
func (m *Model) sidebarCols() int {
	if !m.multi() || m.width < sidebarMinScreen || !m.fullScreenNow() {
		return 0
	}
	return sidebarWidth
}

// withSidebar puts the session list right of the screen's top part.
func (m *Model) withSidebar(left string, rows int) string {
	cols := m.sidebarCols()
	if cols == 0 {
		return left
	}
	return tasks.Beside(left, m.width-cols, m.sidebar(cols, rows))
}

// sidebar draws the list in cols × rows: a rule on its left, three lines a session.
func (m *Model) sidebar(cols, rows int) string {
	st := m.styles()
	inner := cols - 2
	rule := st.Subtle.Render("│") + " "
	lines := make([]string, 0, rows)
	lines = append(lines, rule+st.Bold.Render(render.Truncate("Sessions", inner)))
	for _, t := range m.tabs.all {
		if len(lines)+3 > rows {
			break
		}
		state, waiting := tabState(t.Status())
		marker, name := "  ", st.Text.Render(render.Truncate(m.tabName(t), inner-2))
		if t == m.tabs.front {
			marker, name = st.Accent.Render("▶ "), st.Accent.Render(render.Truncate(m.tabName(t), inner-2))
		}
		stateStyle := st.Muted
		if waiting {
			stateStyle = st.Notice.Warning
		}
		lines = append(lines, rule+marker+name,
			rule+"  "+stateStyle.Render(render.Truncate(state, inner-2)),
			rule+"  "+st.Subtle.Render(render.Truncate(tabDetail(t), inner-2)))
	}
	for len(lines) < rows {
		lines = append(lines, rule)
	}
	return strings.Join(lines[:rows], "\n")
}
