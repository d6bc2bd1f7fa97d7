package tab

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// permissionRequest builds the right dialog for a can_use_tool request in a Cmd (it may
// read files for a diff); the transcript marks the tool as waiting, its one place.
func (t *Tab) permissionRequest(req *protocol.CanUseTool) tea.Cmd {
	t.dialogs.Building(req.RequestID)
	t.conversation.Apply(req)
	env, gen := t.dialogEnv(), t.link.Gen()
	info := dialogs.RequestInfo{CWD: t.sess.CWD, AgentDescription: t.tasks.AgentDescription(req.AgentID), ReadHead: t.remoteReader(), Host: t.place.Host}
	return func() tea.Msg {
		return dialogBuiltMsg{gen: gen, req: req, requestID: req.RequestID, toolUseID: req.ToolUseID, dialog: dialogs.NewRequest(req, info, env)}
	}
}

// dialogBuiltMsg delivers a dialog built in a Cmd for a permission request.
type dialogBuiltMsg struct {
	gen                  int
	req                  *protocol.CanUseTool
	requestID, toolUseID string
	dialog               dialogs.Dialog
}

// handleDialogBuilt queues a built dialog unless its request was withdrawn meanwhile,
// or a workspace rule allows it: the one place a request meets the workspace's rules
// (those given later answer the dialogs queued by then: answerWaitingByRule).
func (t *Tab) handleDialogBuilt(msg dialogBuiltMsg) tea.Cmd {
	if !t.link.Current(msg.gen) {
		return nil
	}
	if r, grant, ok := t.ruleFor(msg.req); ok {
		if asked, _ := t.dialogs.Withdraw(msg.requestID); asked { // not cancelled meanwhile
			return t.allowByRule(msg.req, r, grant)
		}
		return nil
	}
	if !t.dialogs.Built(dialogs.Entry{Dialog: msg.dialog, RequestID: msg.requestID, ToolUseID: msg.toolUseID, Since: t.now(), Request: msg.req}) {
		return nil
	}
	t.dialogsChanged()
	if msg.requestID != "" {
		// A background session's decision never takes the keyboard: the title counts
		// it, the list shows it, and the status bar in front names it.
		t.out.DecisionOpened = true
	}
	return nil
}

// openPicker shows a picker in front of any queued requests.
func (t *Tab) openPicker(d dialogs.Dialog) {
	t.dialogs.OpenPicker(d)
	t.dialogsChanged()
}

func (t *Tab) topIsPicker() bool { return t.dialogs.TopIsPicker() }

// dialogsChanged renumbers the request queue ("1 of 3"); the workspace arms the
// dialog that came in front of the user, if one did, after the Update.
func (t *Tab) dialogsChanged() { t.dialogs.Renumber() }

// popDialog removes the dialog at index i.
func (t *Tab) popDialog(i int) {
	t.dialogs.Remove(i)
	t.dialogsChanged()
}

// withdrawDialog drops the dialog of a request that is no longer asked and reports
// whether there was one.
func (t *Tab) withdrawDialog(requestID string) (withdrawn bool) {
	withdrawn, removed := t.dialogs.Withdraw(requestID)
	if removed {
		t.dialogsChanged()
	}
	return withdrawn
}

// cancelRequest drops the dialog of a request the CLI withdrew.
func (t *Tab) cancelRequest(requestID string) {
	if t.withdrawDialog(requestID) {
		t.notice(noticeInfo, "permission request withdrawn")
	}
}

// dropRequestDialogs closes every permission dialog (the session that asked is gone)
// and reports how many there were.
func (t *Tab) dropRequestDialogs() int {
	n := t.dialogs.DropRequests()
	t.dialogsChanged()
	return n
}

// updateTopDialog gives a key (or paste) to the dialog on screen.
func (t *Tab) updateTopDialog(msg tea.Msg) tea.Cmd {
	d := t.dialogs.At(0).Dialog
	action, cmd := d.Update(msg)
	return tea.Batch(cmd, t.dialogAction(d, action))
}

// updateDialogs gives a message the tab does not know to every dialog: timers and
// editor results carry the id of the dialog they belong to.
func (t *Tab) updateDialogs(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	for _, d := range t.dialogs.Dialogs() {
		action, cmd := d.Update(msg)
		cmds = append(cmds, cmd, t.dialogAction(d, action))
	}
	return tea.Batch(cmds...)
}

// dialogAction turns what a dialog decided into a session call.
func (t *Tab) dialogAction(d dialogs.Dialog, a dialogs.Action) tea.Cmd {
	if a == nil {
		return nil
	}
	i := t.dialogs.Index(d)
	if i < 0 {
		return nil // already closed
	}
	q := t.dialogs.At(i)
	t.popDialog(i)
	var cmds []tea.Cmd
	switch a := a.(type) {
	case dialogs.Respond:
		cmds = append(cmds, t.respond(q, a))
	case dialogs.ChooseModel:
		cmds = append(cmds, t.chooseModel(a.Model))
	case dialogs.ChooseMode:
		cmds = append(cmds, t.chooseMode(a.Mode))
	case dialogs.ResumeConversation:
		cmds = append(cmds, t.resumeConversation(a))
	case dialogs.Dismiss:
	case dialogs.TrustAnswer, dialogs.ServerAnswer:
		cmds = append(cmds, t.gateAnswered(d, a))
	case dialogs.SwitchSession, dialogs.DiffSession, dialogs.CloseSession, dialogs.CloseWorktreeSession:
		t.out.Action = a // the workspace's pickers: it acts after the Update
	default:
		cmd, ok := commands.Answer(t, a) // a command's own dialogs
		if !ok {
			t.notice(noticeWarning, fmt.Sprintf("gclaude does not know the dialog action %T", a))
		}
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// respond answers a permission request and shows the answer on the tool call.
func (t *Tab) respond(q dialogs.Entry, a dialogs.Respond) tea.Cmd {
	id := a.RequestID
	if id == "" {
		id = q.RequestID
	}
	if q.ToolUseID != "" {
		switch d := a.Decision.(type) {
		case protocol.PermissionAllow:
			t.conversation.SetToolState(q.ToolUseID, render.ToolRunning)
			if a.InputEdited {
				// Show what runs: the user's edit, not the model's call.
				t.conversation.SetToolInput(q.ToolUseID, d.UpdatedInput)
			}
		case protocol.PermissionDeny:
			t.conversation.SetToolState(q.ToolUseID, render.ToolDenied)
		}
	}
	if a.Summary != "" {
		t.notice(noticeInfo, a.Summary)
	}
	if d, ok := a.Decision.(protocol.PermissionDeny); ok && d.Interrupt {
		// The turn stops and the user says what to do instead: at the prompt, with
		// whatever they had drafted still there.
		t.setFocus(focusInput)
	}
	// An edited plan travels in the allow's updatedInput; the CLI writes the plan file
	// itself, so a.PlanEdit needs nothing more from the tab.
	cmd := t.link.RespondPermission(id, a.Decision)
	if allow, ok := a.Decision.(protocol.PermissionAllow); ok && a.Everywhere && len(allow.UpdatedPermissions) > 0 {
		cmd = tea.Batch(cmd, t.ws.AddRule(allow.UpdatedPermissions[0]))
	}
	return cmd
}

// openModelPicker shows the models the CLI offers (any model id can also be typed).
func (t *Tab) openModelPicker() tea.Cmd {
	var models []protocol.ModelInfo
	if t.sess.Init != nil {
		models = t.sess.Init.Models
	}
	t.openPicker(dialogs.NewModelPicker(models, t.sess.Model, t.dialogEnv()))
	return nil
}

// openModePicker shows the permission modes shift+tab cycles through.
func (t *Tab) openModePicker() tea.Cmd {
	bypass := t.env.Opts.BypassAllowed
	t.openPicker(dialogs.NewModePicker(t.sess.PickerModes(bypass), t.sess.Mode, bypass, t.dialogEnv()))
	return nil
}
