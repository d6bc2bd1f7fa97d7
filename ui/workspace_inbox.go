package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/status"
	"github.com/gclaude/gclaude/ui/tab"
)

// The inbox: every decision any session waits on, oldest first, answered from where
// the user is. It shows the asking session's own dialog (the same preview, arming guard
// and editing) over the screen of the tab in front, which stays in front.

// inboxState is the inbox while it is open: the tab whose decision it shows.
type inboxState struct {
	open bool
	tab  *tab.Tab
}

// toggleInbox opens the inbox on the oldest decision, or closes it.
func (m *Model) toggleInbox() tea.Cmd {
	if m.inbox.open {
		m.closeInbox()
		return nil
	}
	t := m.tabs.oldestDecision()
	if t == nil {
		return m.setHint("no session waits for a decision", hintFor)
	}
	m.inbox = inboxState{open: true, tab: t}
	return m.armShown()
}

// closeInbox puts the inbox away; the decisions stay with their sessions.
func (m *Model) closeInbox() {
	if t := m.inbox.tab; t != nil {
		t.LeaveInbox()
	}
	m.inbox = inboxState{}
}

// settleInbox follows the inbox after an Update: an answered or withdrawn decision
// gives way to the next oldest; with none left the inbox closes.
func (m *Model) settleInbox() tea.Cmd {
	if !m.inbox.open {
		return nil
	}
	if t := m.inbox.tab; t != nil && m.tabs.index(t) >= 0 {
		if _, ok := t.FirstDecision(); ok {
			return nil
		}
	}
	next := m.tabs.oldestDecision()
	if next == nil {
		m.inbox = inboxState{}
		return m.setHint("inbox empty: no session waits for you", hintFor)
	}
	m.inbox.tab = next
	return m.armShown()
}

// waitingElsewhere is the status bar's sign of the decisions the sessions behind the one
// in front wait on, the longest waiting first. The workspace sets it from every
// session's queue after each update, so it cannot name a session that no longer waits.
func (m *Model) waitingElsewhere() status.Waiting {
	var waiting []*tab.Tab
	for _, t := range m.tabs.all {
		if t != m.tabs.front && t.Status().Waiting > 0 {
			waiting = append(waiting, t)
		}
	}
	if len(waiting) == 0 {
		return status.Waiting{}
	}
	since := func(t *tab.Tab) time.Time { e, _ := t.FirstDecision(); return e.Since }
	slices.SortStableFunc(waiting, func(a, b *tab.Tab) int { return since(a).Compare(since(b)) })
	w := status.Waiting{Key: m.keys.Workspace.Inbox.Help().Key}
	names := make([]string, len(waiting))
	for i, t := range waiting {
		w.Count += t.Status().Waiting
		names[i] = m.tabs.name(t)
	}
	w.Sessions = strings.Join(names, "\n")
	return w
}

// inboxDialog is the dialog the inbox shows, numbered among every decision waiting and
// named after its session when that is not the one in front.
func (m *Model) inboxDialog() (dialogs.Dialog, bool) {
	if !m.inbox.open || m.inbox.tab == nil {
		return nil, false
	}
	t := m.inbox.tab
	e, ok := t.FirstDecision()
	if !ok {
		return nil, false
	}
	if q, ok := e.Dialog.(dialogs.Queued); ok {
		q.SetQueue(1, m.tabs.waiting())
		from := ""
		if t != m.tabs.front || m.tabs.multi() {
			from = m.tabs.name(t)
		}
		q.SetOrigin(from)
	}
	return e.Dialog, true
}

// inboxKey gives a key or paste to the inbox's dialog, in its session.
func (m *Model) inboxKey(msg tea.Msg) tea.Cmd {
	if _, ok := m.inboxDialog(); !ok {
		return nil
	}
	return m.updateTab(m.inbox.tab, tab.AnswerKey{Msg: msg})
}

// inboxHelp is the help line's keys while the inbox is open.
func inboxHelp(w keymap.Workspace, waiting int) [][2]string {
	return [][2]string{{w.Inbox.Help().Key, "close the inbox"}, {w.Sessions.Help().Key, "sessions"},
		{"", fmt.Sprintf("inbox · %d waiting", waiting)}}
}

// shownDialog is the dialog in front of the user: the inbox's, else the top one of
// the session in front (none while the help screen covers it).
func (m *Model) shownDialog() (d dialogs.Dialog, owner *tab.Tab) {
	if m.help.IsOpen() {
		return nil, nil
	}
	if t := m.inbox.tab; m.inbox.open && t != nil {
		if e, ok := t.FirstDecision(); ok {
			return e.Dialog, t
		}
	}
	if t := m.tabs.front; t != nil {
		if d, ok := t.TopDialog(); ok {
			return d, t
		}
	}
	return nil, nil
}

// armShown starts (arms afresh) the dialog in front of the user whenever it is not the
// one that was: every dialog that comes, or comes back, in front of the user waits for
// a quiet keyboard again, so that no key meant for the one before answers it (a
// second "1" in the inbox, a key pressed as the decision shown vanished, a switch).
func (m *Model) armShown() tea.Cmd {
	d, owner := m.shownDialog()
	if d == m.armed {
		return nil
	}
	m.armed = d
	if d == nil {
		return nil
	}
	return scope(owner.ID(), d.Init())
}

// The workspace's rules (ui/tab/rules.go: how a session meets them): the allow rules the
// user gave every session, oldest first.

// addWorkspaceRule keeps u, given in from, for every session and answers the requests
// waiting in the other sessions that it covers.
func (m *Model) addWorkspaceRule(from *tab.Tab, u protocol.PermissionUpdate) tea.Cmd {
	r := tab.Rule{Update: u, From: m.tabs.name(from)}
	m.wsRules = append(m.wsRules, r)
	var cmds []tea.Cmd
	for _, t := range m.tabs.all {
		if t != from {
			cmds = append(cmds, scope(t.ID(), t.AnswerWaitingByRule(r)))
		}
	}
	return tea.Batch(cmds...)
}

// ruleFor is the first workspace rule that allows req.
func (m *Model) ruleFor(req *protocol.CanUseTool) (tab.Rule, protocol.PermissionUpdate, bool) {
	for _, r := range m.wsRules {
		if grant, ok := r.Grants(req); ok {
			return r, grant, true
		}
	}
	return tab.Rule{}, protocol.PermissionUpdate{}, false
}
