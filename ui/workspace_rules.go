package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/tab"
)

// The workspace's rules (tab_rules.go: how a session meets them): the allow rules the
// user gave every session, oldest first.

// addWorkspaceRule keeps u, given in from, for every session and answers the requests
// waiting in the other sessions that it covers.
func (m *Model) addWorkspaceRule(from *tab.Tab, u protocol.PermissionUpdate) tea.Cmd {
	r := tab.Rule{Update: u, From: m.tabName(from)}
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
