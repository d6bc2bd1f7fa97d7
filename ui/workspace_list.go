package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
	"github.com/gclaude/gclaude/ui/tasks"
)

// What the workspace shows of each session: its exact state, from the protocol's
// events, never guessed from a screen.

// tabState says what a session is doing; waiting reports that it needs the user.
func tabState(s tab.Status) (state string, waiting bool) {
	if s.Waiting > 0 {
		return fmt.Sprintf("waiting for you (%d)", s.Waiting), true
	}
	switch {
	case !s.Opened && !s.Running:
		return "saved · starts when shown", false
	case s.TurnRunning:
		return "working", false
	case s.Phase == session.PhaseStarting || s.Phase == session.PhaseRestarting:
		return "starting", false
	case s.Phase == session.PhaseExited:
		if s.Ended != "" {
			return s.Ended, false
		}
		return "exited", false
	}
	return "idle", false
}

// tabDetail is a session's cost, context share, memory and last line of output.
func tabDetail(t *tab.Tab) string {
	var parts []string
	s := t.Status()
	if s.Usage.Known {
		parts = append(parts, fmt.Sprintf("$%.2f", s.Usage.CostUSD))
	}
	if pct, ok := s.Usage.ContextPct(); ok {
		parts = append(parts, fmt.Sprintf("%.0f%% context", pct))
	}
	if mb := shownMB(s.RSS); mb > 0 {
		parts = append(parts, fmt.Sprintf("%d MB", mb))
	}
	if line := t.LastLine(); line != "" {
		parts = append(parts, render.Sanitize(line))
	}
	return strings.Join(parts, " · ")
}

// openSessionPicker shows the sessions in t (/sessions, alt+s).
func (m *Model) openSessionPicker(t *tab.Tab) {
	rows, front := m.tabs.rows(), m.tabs.front.ID()
	t.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewSessionPicker(rows, front, env) })
}

// sessionAction does what the session picker in from (or its close dialog) asked.
func (m *Model) sessionAction(from *tab.Tab, a dialogs.Action) tea.Cmd {
	switch a := a.(type) {
	case dialogs.SwitchSession:
		if t := m.tabs.byID(a.ID); t != nil {
			return m.bringToFront(t)
		}
	case dialogs.DiffSession:
		if t := m.tabs.byID(a.ID); t != nil {
			return m.showDiffOf(from, t)
		}
	case dialogs.CloseSession:
		if t := m.tabs.byID(a.ID); t != nil {
			return m.requestClose(from, t, false)
		}
	case dialogs.CloseWorktreeSession:
		return m.closeWorktreeTab(a)
	}
	return nil
}

// showDiffOf is d in the session picker: t's changes in a view opened where the
// picker was, in the session the user is in (from); the diff fills it when read.
func (m *Model) showDiffOf(from, t *tab.Tab) tea.Cmd {
	name := m.tabs.name(t)
	_, read := t.DiffReader()
	var id uint64
	from.OpenPicker(func(env dialogs.Env) dialogs.Dialog {
		view := dialogs.NewDiffView(name, env)
		id = view.ID()
		return view
	})
	return scope(from.ID(), func() tea.Msg {
		out, err := read()
		return dialogs.DiffLoaded{ID: id, Text: out, Err: err}
	})
}

// The session list beside the transcript: on a screen wide enough and with more than
// one session, every session's name, state and latest line stay in view. On narrower
// screens alt+s shows the same list as a picker.

const (
	sidebarMinScreen = 120 // narrower screens keep every column for the transcript
	sidebarWidth     = 34
)

// sidebarCols is the width the session list takes, 0 when it is not shown.
func (m *Model) sidebarCols() int {
	if !m.tabs.multi() || m.width < sidebarMinScreen || !m.fullScreenNow() {
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
		marker, name := "  ", st.Text.Render(render.Truncate(m.tabs.name(t), inner-2))
		if t == m.tabs.front {
			marker, name = st.Accent.Render("▶ "), st.Accent.Render(render.Truncate(m.tabs.name(t), inner-2))
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
