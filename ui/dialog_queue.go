package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// queuedDialog is a dialog waiting to be shown or on screen. The first in m.dialogs is
// on screen and gets every key; permission requests queue in arrival order, pickers the
// user opens go in front of them.
type queuedDialog struct {
	d         dialogs.Dialog
	requestID string // "" for pickers
	toolUseID string
	started   bool // Init ran: its grace period starts when it is first shown
}

// permissionRequest builds the right dialog for a can_use_tool request in a Cmd (it may
// read files for a diff); the transcript marks the tool as waiting, its one place.
func (m *Model) permissionRequest(req *protocol.CanUseTool) tea.Cmd {
	m.building[req.RequestID] = true
	m.transcript.Apply(req)
	env, gen := m.dialogEnv(), m.link.Gen()
	info := dialogs.RequestInfo{CWD: m.sess.CWD, AgentDescription: m.tasks.AgentDescription(req.AgentID)}
	return func() tea.Msg {
		return dialogBuiltMsg{gen: gen, requestID: req.RequestID, toolUseID: req.ToolUseID, dialog: buildDialog(req, info, env)}
	}
}

// dialogBuiltMsg delivers a dialog built in a Cmd for a permission request.
type dialogBuiltMsg struct {
	gen                  int
	requestID, toolUseID string
	dialog               dialogs.Dialog
}

// handleDialogBuilt queues a built dialog unless its request was withdrawn meanwhile.
func (m *Model) handleDialogBuilt(msg dialogBuiltMsg) tea.Cmd {
	if !m.link.Current(msg.gen) || !m.building[msg.requestID] {
		return nil
	}
	delete(m.building, msg.requestID)
	q := queuedDialog{d: msg.dialog, requestID: msg.requestID, toolUseID: msg.toolUseID}
	m.dialogs = append(m.dialogs, q)
	return tea.Batch(m.dialogsChanged(), m.decisionOpened(q))
}

// openPicker shows a picker in front of any queued requests.
func (m *Model) openPicker(d dialogs.Dialog) tea.Cmd {
	if m.topIsPicker() {
		m.dialogs = m.dialogs[1:] // one picker at a time
	}
	m.dialogs = append([]queuedDialog{{d: d}}, m.dialogs...)
	return m.dialogsChanged()
}

func (m *Model) topIsPicker() bool {
	return len(m.dialogs) > 0 && m.dialogs[0].requestID == ""
}

// dialogsChanged renumbers the request queue ("1 of 3"), starts the dialog now on
// screen and re-lays out the screen.
func (m *Model) dialogsChanged() tea.Cmd {
	total := 0
	for _, q := range m.dialogs {
		if q.requestID != "" {
			total++
		}
	}
	pos := 0
	for _, q := range m.dialogs {
		if q.requestID == "" {
			continue
		}
		pos++
		if qd, ok := q.d.(dialogs.Queued); ok {
			qd.SetQueue(pos, total)
		}
	}
	m.layout()
	if len(m.dialogs) == 0 || m.dialogs[0].started {
		return nil
	}
	m.dialogs[0].started = true
	return m.dialogs[0].d.Init()
}

// popDialog removes the dialog at index i.
func (m *Model) popDialog(i int) tea.Cmd {
	m.dialogs = append(m.dialogs[:i:i], m.dialogs[i+1:]...)
	return m.dialogsChanged()
}

func (m *Model) indexOf(d dialogs.Dialog) int {
	for i, q := range m.dialogs {
		if q.d == d {
			return i
		}
	}
	return -1
}

// cancelRequest drops the dialog of a request the CLI withdrew.
func (m *Model) cancelRequest(requestID string) tea.Cmd {
	withdrawn := m.building[requestID]
	delete(m.building, requestID)
	var cmd tea.Cmd
	for i, q := range m.dialogs {
		if q.requestID == requestID {
			withdrawn = true
			cmd = m.popDialog(i)
			break
		}
	}
	if withdrawn {
		m.notice(noticeInfo, "permission request withdrawn")
	}
	return cmd
}

// dropRequestDialogs closes every permission dialog (the session that asked is gone)
// and reports how many there were.
func (m *Model) dropRequestDialogs() int {
	n := len(m.building)
	clear(m.building)
	kept := m.dialogs[:0]
	for _, q := range m.dialogs {
		if q.requestID != "" {
			n++
			continue
		}
		kept = append(kept, q)
	}
	m.dialogs = kept
	m.dialogsChanged()
	return n
}

// updateTopDialog gives a key (or paste) to the dialog on screen.
func (m *Model) updateTopDialog(msg tea.Msg) tea.Cmd {
	d := m.dialogs[0].d
	action, cmd := d.Update(msg)
	return tea.Batch(cmd, m.dialogAction(d, action))
}

// updateDialogs gives a message the root does not know to every dialog: timers and
// editor results carry the id of the dialog they belong to.
func (m *Model) updateDialogs(msg tea.Msg) tea.Cmd {
	all := make([]dialogs.Dialog, len(m.dialogs))
	for i, q := range m.dialogs {
		all[i] = q.d
	}
	var cmds []tea.Cmd
	for _, d := range all {
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
	i := m.indexOf(d)
	if i < 0 {
		return nil // already closed
	}
	q := m.dialogs[i]
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
	case dialogs.RewindTo:
		cmds = append(cmds, m.previewRewind(a))
	case dialogs.RewindRestore:
		cmds = append(cmds, m.restoreRewind(a))
	case dialogs.StartRule:
		m.prompt.SetValue("/permissions " + a.Behavior + " ")
		m.setFocus(focusInput)
	case dialogs.ConfirmRemoveRule:
		cmds = append(cmds, m.openPicker(dialogs.NewRemoveRuleConfirm(a.Row, m.dialogEnv())))
	case dialogs.RemoveRule:
		cmds = append(cmds, commands.Permissions(m.commandHost(), "remove "+a.Rule))
	case dialogs.Dismiss:
	default:
		m.notice(noticeWarning, fmt.Sprintf("gclaude does not know the dialog action %T", a))
	}
	return tea.Batch(cmds...)
}

// respond answers a permission request and shows the answer on the tool call.
func (m *Model) respond(q queuedDialog, a dialogs.Respond) tea.Cmd {
	id := a.RequestID
	if id == "" {
		id = q.requestID
	}
	if q.toolUseID != "" {
		switch d := a.Decision.(type) {
		case protocol.PermissionAllow:
			m.transcript.SetToolState(q.toolUseID, render.ToolRunning)
			if a.InputEdited {
				// Show what runs: the user's edit, not the model's call.
				m.transcript.SetToolInput(q.toolUseID, d.UpdatedInput)
			}
		case protocol.PermissionDeny:
			m.transcript.SetToolState(q.toolUseID, render.ToolDenied)
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
	return m.link.RespondPermission(id, a.Decision)
}

// buildDialog picks the dialog for a can_use_tool request (plan review, questions or a
// permission prompt). It may read files, so it runs inside a tea.Cmd.
func buildDialog(req *protocol.CanUseTool, info dialogs.RequestInfo, env dialogs.Env) dialogs.Dialog {
	return dialogs.NewRequest(req, info, env)
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
