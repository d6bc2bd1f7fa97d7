package ui

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
func (m *Model) permissionRequest(req *protocol.CanUseTool) tea.Cmd {
	if cmd, ok := m.allowByWorkspaceRule(req); ok {
		return cmd
	}
	m.dialogs.Building(req.RequestID)
	m.conversation.Apply(req)
	env, gen := m.dialogEnv(), m.link.Gen()
	info := dialogs.RequestInfo{CWD: m.sess.CWD, AgentDescription: m.tasks.AgentDescription(req.AgentID), ReadHead: m.remoteReader(), Host: m.place.host}
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

// handleDialogBuilt queues a built dialog unless its request was withdrawn meanwhile.
func (m *Model) handleDialogBuilt(msg dialogBuiltMsg) tea.Cmd {
	if msg.req != nil && m.link.Current(msg.gen) {
		// A rule given to every session while the dialog was being built covers it.
		if withdrawn, _ := m.dialogs.Withdraw(msg.requestID); withdrawn {
			if cmd, ok := m.allowByWorkspaceRule(msg.req); ok {
				return cmd
			}
			m.dialogs.Building(msg.requestID)
		}
	}
	if !m.link.Current(msg.gen) || !m.dialogs.Built(dialogs.Entry{Dialog: msg.dialog, RequestID: msg.requestID, ToolUseID: msg.toolUseID, Since: m.now(), Request: msg.req}) {
		return nil
	}
	var notify tea.Cmd
	if msg.requestID != "" {
		// A background session's decision never takes the keyboard: the title counts
		// it, the list shows it, and the status bar in front names it
		// (waitingElsewhere).
		notify = m.notify.DecisionOpened(m.projectName())
	}
	return tea.Batch(m.dialogsChanged(), notify)
}

// openPicker shows a picker in front of any queued requests.
func (m *Model) openPicker(d dialogs.Dialog) tea.Cmd {
	m.dialogs.OpenPicker(d)
	return m.dialogsChanged()
}

func (m *Model) topIsPicker() bool { return m.dialogs.TopIsPicker() }

// dialogsChanged renumbers the request queue ("1 of 3"), re-lays out the screen and
// arms the dialog that came in front of the user, if one did.
func (m *Model) dialogsChanged() tea.Cmd {
	m.dialogs.Renumber()
	m.layout()
	return m.armShown()
}

// shownDialog is the dialog in front of the user: the inbox's, else the top one of
// the session in front (none while the help screen covers it).
func (m *Model) shownDialog() (d dialogs.Dialog, owner *tab) {
	if m.help.IsOpen() {
		return nil, nil
	}
	if t := m.inbox.tab; m.inbox.open && t != nil {
		if e, ok := t.dialogs.FirstRequest(); ok {
			return e.Dialog, t
		}
	}
	if t := m.tabs.front; t != nil && t.dialogs.Len() > 0 {
		return t.dialogs.At(0).Dialog, t
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
	return scope(owner.id, d.Init())
}

// popDialog removes the dialog at index i.
func (m *Model) popDialog(i int) tea.Cmd {
	m.dialogs.Remove(i)
	return m.dialogsChanged()
}

// withdrawDialog drops the dialog of a request that is no longer asked and reports
// whether there was one.
func (m *Model) withdrawDialog(requestID string) (withdrawn bool, cmd tea.Cmd) {
	withdrawn, removed := m.dialogs.Withdraw(requestID)
	if removed {
		cmd = m.dialogsChanged()
	}
	return withdrawn, cmd
}

// cancelRequest drops the dialog of a request the CLI withdrew.
func (m *Model) cancelRequest(requestID string) tea.Cmd {
	withdrawn, cmd := m.withdrawDialog(requestID)
	if withdrawn {
		m.notice(noticeInfo, "permission request withdrawn")
	}
	return cmd
}

// dropRequestDialogs closes every permission dialog (the session that asked is gone)
// and reports how many there were.
func (m *Model) dropRequestDialogs() int {
	n := m.dialogs.DropRequests()
	m.dialogsChanged()
	return n
}

// updateTopDialog gives a key (or paste) to the dialog on screen.
func (m *Model) updateTopDialog(msg tea.Msg) tea.Cmd {
	d := m.dialogs.At(0).Dialog
	action, cmd := d.Update(msg)
	return tea.Batch(cmd, m.dialogAction(d, action))
}

// updateDialogs gives a message the root does not know to every dialog: timers and
// editor results carry the id of the dialog they belong to.
func (m *Model) updateDialogs(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	for _, d := range m.dialogs.Dialogs() {
		action, cmd := d.Update(msg)
		cmds = append(cmds, cmd, m.dialogAction(d, action))
	}
	return tea.Batch(cmds...)
}

// dialogAction turns what a dialog decided into a session call.
func (m *Model) dialogAction(d dialogs.Dialog, a dialogs.Action) tea.Cmd {
	if a == nil {
		return nil
	}
	i := m.dialogs.Index(d)
	if i < 0 {
		return nil // already closed
	}
	q := m.dialogs.At(i)
	cmds := []tea.Cmd{m.popDialog(i)}
	switch a := a.(type) {
	case dialogs.Respond:
		cmds = append(cmds, m.respond(q, a))
	case dialogs.ChooseModel:
		cmds = append(cmds, m.chooseModel(a.Model))
	case dialogs.ChooseMode:
		cmds = append(cmds, m.chooseMode(a.Mode))
	case dialogs.ResumeSession:
		cmds = append(cmds, m.resumeSession(a))
	case dialogs.Dismiss:
	case dialogs.SwitchTab, dialogs.DiffTab, dialogs.CloseTab:
		cmds = append(cmds, m.tabAction(a))
	case dialogs.CloseWorktreeTab:
		cmds = append(cmds, m.closeWorktreeTab(a))
	case dialogs.TrustAnswer, dialogs.ServerAnswer:
		cmds = append(cmds, m.gateAnswered(d, a))
	default:
		cmd, ok := commands.Answer(m.commandHost(), a) // a command's own dialogs
		if !ok {
			m.notice(noticeWarning, fmt.Sprintf("gclaude does not know the dialog action %T", a))
		}
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// respond answers a permission request and shows the answer on the tool call.
func (m *Model) respond(q dialogs.Entry, a dialogs.Respond) tea.Cmd {
	id := a.RequestID
	if id == "" {
		id = q.RequestID
	}
	if q.ToolUseID != "" {
		switch d := a.Decision.(type) {
		case protocol.PermissionAllow:
			m.conversation.SetToolState(q.ToolUseID, render.ToolRunning)
			if a.InputEdited {
				// Show what runs: the user's edit, not the model's call.
				m.conversation.SetToolInput(q.ToolUseID, d.UpdatedInput)
			}
		case protocol.PermissionDeny:
			m.conversation.SetToolState(q.ToolUseID, render.ToolDenied)
		}
	}
	if a.Summary != "" {
		m.notice(noticeInfo, a.Summary)
	}
	if d, ok := a.Decision.(protocol.PermissionDeny); ok && d.Interrupt {
		// The turn stops and the user says what to do instead: at the prompt, with
		// whatever they had drafted still there.
		m.setFocus(focusInput)
	}
	// An edited plan travels in the allow's updatedInput; the CLI writes the plan file
	// itself, so a.PlanEdit needs nothing more from the root.
	cmd := m.link.RespondPermission(id, a.Decision)
	if allow, ok := a.Decision.(protocol.PermissionAllow); ok && a.Everywhere && len(allow.UpdatedPermissions) > 0 {
		cmd = tea.Batch(cmd, m.addWorkspaceRule(allow.UpdatedPermissions[0]))
	}
	return cmd
}

// openModelPicker shows the models the CLI offers (any model id can also be typed).
func (m *Model) openModelPicker() tea.Cmd {
	var models []protocol.ModelInfo
	if m.sess.Init != nil {
		models = m.sess.Init.Models
	}
	return m.openPicker(dialogs.NewModelPicker(models, m.sess.Model, m.dialogEnv()))
}

// openModePicker shows the permission modes shift+tab cycles through.
func (m *Model) openModePicker() tea.Cmd {
	return m.openPicker(dialogs.NewModePicker(m.sess.PickerModes(m.opts.BypassAllowed), m.sess.Mode, m.opts.BypassAllowed, m.dialogEnv()))
}
