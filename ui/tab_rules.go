package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// Rules for the whole workspace, as one session meets them: "always allow" stays per
// session, but a rule the user gives every session answers their matching requests,
// those waiting and those to come. A request matches when the CLI itself suggests that
// same rule for it: gclaude never guesses what a rule covers, and each session
// receives the rule for itself.

// wsRule is a rule given to every session, and the session it was given in.
type wsRule struct {
	update protocol.PermissionUpdate
	from   string
}

// grants is the suggestion of req that grants r's rule.
func (r wsRule) grants(req *protocol.CanUseTool) (protocol.PermissionUpdate, bool) {
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

// summary says why a request was allowed without asking.
func (r wsRule) summary() string {
	rules := ""
	for i, rule := range r.update.Rules {
		if i > 0 {
			rules += ", "
		}
		rules += rule.String()
	}
	return fmt.Sprintf("Allowed by the workspace rule %s (given in %s)", render.Sanitize(rules), r.from)
}

// ruleFor is the workspace rule that allows req, if one does.
func (t *tab) ruleFor(req *protocol.CanUseTool) (wsRule, protocol.PermissionUpdate, bool) {
	if req == nil {
		return wsRule{}, protocol.PermissionUpdate{}, false
	}
	return t.ws.RuleFor(req)
}

// allowByRule answers req as r allows it, without a dialog: the session receives the
// rule for itself (grant, the CLI's own suggestion).
func (t *tab) allowByRule(req *protocol.CanUseTool, r wsRule, grant protocol.PermissionUpdate) tea.Cmd {
	return t.respond(dialogs.Entry{RequestID: req.RequestID, ToolUseID: req.ToolUseID, Request: req}, dialogs.Respond{
		RequestID: req.RequestID,
		Decision:  protocol.PermissionAllow{UpdatedInput: req.Input, UpdatedPermissions: []protocol.PermissionUpdate{dialogs.ForSession(grant)}},
		Summary:   r.summary()})
}

// answerWaitingByRule allows the tab's waiting requests that r covers (a rule just
// given in another session).
func (t *tab) answerWaitingByRule(r wsRule) tea.Cmd {
	var cmds []tea.Cmd
	for _, d := range t.dialogs.Dialogs() {
		i := t.dialogs.Index(d)
		e := t.dialogs.At(i)
		grant, ok := r.grants(e.Request)
		if !ok {
			continue
		}
		t.popDialog(i)
		cmds = append(cmds, t.allowByRule(e.Request, r, grant))
	}
	return tea.Batch(cmds...)
}
