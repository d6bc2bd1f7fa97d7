package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
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

// sessionRows are the session picker's rows, in list order.
func (m *Model) sessionRows() []dialogs.SessionRow {
	rows := make([]dialogs.SessionRow, 0, len(m.tabs.all))
	for _, t := range m.tabs.all {
		state, waiting := tabState(t.Status())
		name := m.tabName(t)
		if w := t.Place().Worktree; w != nil {
			name += " (" + w.Branch + ")"
		}
		rows = append(rows, dialogs.SessionRow{ID: t.ID(), Name: name, State: state, Detail: tabDetail(t),
			Worktree: t.Place().Worktree != nil, Waiting: waiting})
	}
	return rows
}

// openSessionPicker shows the sessions in t (/sessions, alt+s).
func (m *Model) openSessionPicker(t *tab.Tab) {
	rows, front := m.sessionRows(), m.tabs.front.ID()
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
	name := m.tabName(t)
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
