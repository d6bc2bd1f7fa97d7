package tab

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

// Rule is a rule given to every session, and the session it was given in.
type Rule struct {
	Update protocol.PermissionUpdate
	From   string // the name of the session it was given in
}

// Grants is the suggestion of req that grants r's rule.
func (r Rule) Grants(req *protocol.CanUseTool) (protocol.PermissionUpdate, bool) {
	if req == nil {
		return protocol.PermissionUpdate{}, false
	}
	for _, s := range req.PermissionSuggestions {
		if dialogs.WorkspaceRule(s) && dialogs.SameRule(s, r.Update) {
			return s, true
		}
	}
	return protocol.PermissionUpdate{}, false
}

// summary says why a request was allowed without asking.
func (r Rule) summary() string {
	rules := ""
	for i, rule := range r.Update.Rules {
		if i > 0 {
			rules += ", "
		}
		rules += rule.String()
	}
	return fmt.Sprintf("Allowed by the workspace rule %s (given in %s)", render.Sanitize(rules), r.From)
}

// ruleFor is the workspace rule that allows req, if one does.
func (t *Tab) ruleFor(req *protocol.CanUseTool) (Rule, protocol.PermissionUpdate, bool) {
	if req == nil {
		return Rule{}, protocol.PermissionUpdate{}, false
	}
	return t.ws.RuleFor(req)
}

// allowByRule answers req as r allows it, without a dialog: the session receives the
// rule for itself (grant, the CLI's own suggestion).
func (t *Tab) allowByRule(req *protocol.CanUseTool, r Rule, grant protocol.PermissionUpdate) tea.Cmd {
	return t.respond(dialogs.Entry{RequestID: req.RequestID, ToolUseID: req.ToolUseID, Request: req}, dialogs.Respond{
		RequestID: req.RequestID,
		Decision:  protocol.PermissionAllow{UpdatedInput: req.Input, UpdatedPermissions: []protocol.PermissionUpdate{dialogs.ForSession(grant)}},
		Summary:   r.summary()})
}

// AnswerWaitingByRule allows the tab's waiting requests that r covers (a rule just
// given in another session).
func (t *Tab) AnswerWaitingByRule(r Rule) tea.Cmd {
	var cmds []tea.Cmd
	for _, d := range t.dialogs.Dialogs() {
		i := t.dialogs.Index(d)
		e := t.dialogs.At(i)
		grant, ok := r.Grants(e.Request)
		if !ok {
			continue
		}
		t.popDialog(i)
		cmds = append(cmds, t.allowByRule(e.Request, r, grant))
	}
	return tea.Batch(cmds...)
}
