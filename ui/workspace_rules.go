package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// Rules for the whole workspace: "always allow" stays per session, but a rule the user
// gives every session answers their matching requests, those waiting and those to
// come. A request matches when the CLI itself suggests that same rule for it: gclaude
// never guesses what a rule covers, and each session receives the rule for itself.

// wsRule is a rule given to every session, and the session it was given in.
type wsRule struct {
	update protocol.PermissionUpdate
	from   string
}

// addWorkspaceRule keeps u for every session and answers the requests waiting in other
// sessions that it covers.
func (m *Model) addWorkspaceRule(u protocol.PermissionUpdate) tea.Cmd {
	r := wsRule{update: u, from: m.tabName(m.tab)}
	m.wsRules = append(m.wsRules, r)
	var cmds []tea.Cmd
	for _, t := range m.tabs.all {
		if t == m.tab {
			continue
		}
		cmds = append(cmds, m.cmdInTab(t, func() tea.Cmd { return m.answerWaitingByRule(r) }))
	}
	return tea.Batch(cmds...)
}

// answerWaitingByRule allows the tab's waiting requests that r covers.
func (m *Model) answerWaitingByRule(r wsRule) tea.Cmd {
	var cmds []tea.Cmd
	for _, d := range m.dialogs.Dialogs() {
		i := m.dialogs.Index(d)
		e := m.dialogs.At(i)
		s, ok := suggested(e.Request, r)
		if !ok {
			continue
		}
		cmds = append(cmds, m.popDialog(i), m.respond(e, dialogs.Respond{RequestID: e.RequestID,
			Decision: protocol.PermissionAllow{UpdatedInput: e.Request.Input, UpdatedPermissions: []protocol.PermissionUpdate{dialogs.ForSession(s)}},
			Summary:  ruleSummary(r)}))
	}
	return tea.Batch(cmds...)
}

// allowByWorkspaceRule answers a new request that a workspace rule covers, without a
// dialog; ok is false when none does.
func (m *Model) allowByWorkspaceRule(req *protocol.CanUseTool) (tea.Cmd, bool) {
	for _, r := range m.wsRules {
		if s, ok := suggested(req, r); ok {
			m.conversation.Apply(req)
			return m.respond(dialogs.Entry{RequestID: req.RequestID, ToolUseID: req.ToolUseID, Request: req}, dialogs.Respond{
				RequestID: req.RequestID,
				Decision:  protocol.PermissionAllow{UpdatedInput: req.Input, UpdatedPermissions: []protocol.PermissionUpdate{dialogs.ForSession(s)}},
				Summary:   ruleSummary(r)}), true
		}
	}
	return nil, false
}

// suggested is the suggestion of req that grants r's rule.
func suggested(req *protocol.CanUseTool, r wsRule) (protocol.PermissionUpdate, bool) {
	if req == nil {
		return protocol.PermissionUpdate{}, false
	}
	for _, s := range req.PermissionSuggestions {
		if dialogs.WorkspaceRule(s) && dialogs.SameRule(s, r.update) {
			return s, true
		}
	}
	return protocol.PermissionUpdate{}, false
}

// ruleSummary says why a request was allowed without asking.
func ruleSummary(r wsRule) string {
	rules := ""
	for i, rule := range r.update.Rules {
		if i > 0 {
			rules += ", "
		}
		rules += rule.String()
	}
	return fmt.Sprintf("Allowed by the workspace rule %s (given in %s)", render.Sanitize(rules), r.from)
}
