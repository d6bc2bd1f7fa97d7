package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tasks"
	"github.com/gclaude/gclaude/ui/transcript"
)

// The task pane (ui/tasks): subagents and background commands, live, beside the
// transcript or over it. alt+t (or /tasks) gives it the focus and takes it
// back. ctrl+t hides or shows the pinned checklist (Claude Code's key).

// initTasks builds the task store and pane over the transcript (New).
func (m *Model) initTasks() {
	m.tasks = tasks.NewStore(m.now)
	m.taskPane = tasks.NewPane(m.tasks, m.conversation, m.themeRef, m.keys)
	m.taskPane.Attach(m.conversation)
	m.checklist = tasks.NewChecklist()
}

// resetTasks forgets every task: the transcript was replaced (a new conversation).
func (m *Model) resetTasks() {
	m.tasks.Reset()
	m.taskPane.Reset()
	m.taskPane.Attach(m.conversation)
	m.checklist.Reset()
}

// taskKey handles ctrl+t and alt+t anywhere and every key while the pane has focus. done is
// false for keys that go on to the global bindings (mode, model) or to the prompt.
func (m *Model) taskKey(msg tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	if key.Matches(msg, m.keys.Global.ToggleChecklist) {
		m.checklist.Toggle()
		return nil, true
	}
	if key.Matches(msg, m.keys.Global.Background) && m.turn.Running && m.focus != focusTasks {
		return tea.Batch(m.link.BackgroundTasks(), m.setHint("moving the running commands to the background", quitWindow)), true
	}
	if key.Matches(msg, m.keys.Global.ToggleTask) {
		m.toggleTasks()
		return nil, true
	}
	if m.focus != focusTasks {
		return nil, false
	}
	if act, handled := m.taskPane.HandleKey(msg); handled {
		return m.taskAction(act), true
	}
	switch tasks.UnhandledKey(m.keys, msg) {
	case tasks.KeyGlobal:
		return nil, false
	case tasks.KeyHelp:
		m.openHelp()
	case tasks.KeyToPrompt:
		m.setFocus(focusInput)
		return nil, false
	}
	return nil, true
}

// openTasks gives the pane the focus (/tasks); it stays where it is when it has it.
func (m *Model) openTasks() {
	if m.focus != focusTasks {
		m.toggleTasks()
	}
}

// toggleTasks gives the pane the focus, or gives it back to where it came from.
func (m *Model) toggleTasks() {
	if m.focus == focusTasks {
		m.setFocus(m.taskReturn)
		return
	}
	m.taskReturn = m.focus
	m.setFocus(focusTasks)
}

// taskAction carries out what a key in the pane asked for.
func (m *Model) taskAction(act tasks.Action) tea.Cmd {
	switch a := act.(type) {
	case tasks.StopTask:
		m.conversation.RefreshTaskStatus() // the pane marked it stopping
		return m.link.StopTask(a.TaskID)
	case tasks.Close:
		m.setFocus(m.taskReturn)
	}
	return nil
}

// handleTaskStopped reports a stop the CLI refused; the task runs on.
func (m *Model) handleTaskStopped(msg session.TaskStopped) {
	if msg.Err != nil && m.link.Current(msg.Gen) {
		m.notice(noticeWarning, m.taskPane.StopRefused(msg.TaskID, msg.Err))
	}
}

// handleTasksBackgrounded reports a ctrl+b the CLI refused.
func (m *Model) handleTasksBackgrounded(msg session.TasksBackgrounded) {
	if msg.Err != nil && m.link.Current(msg.Gen) {
		m.notice(noticeWarning, "could not move the commands to the background: "+msg.Err.Error())
	}
}

// openTask shows the task an Agent call started (the transcript's open-task key).
func (m *Model) openTask(msg transcript.OpenTaskMsg) tea.Cmd {
	if !m.taskPane.OpenToolUse(msg.ToolUseID) {
		return m.setHint("this call started no task", quitWindow)
	}
	if m.focus != focusTasks {
		m.taskReturn = m.focus
		m.setFocus(focusTasks)
	}
	return nil
}

// checklistRows are the rows the pinned checklist takes, none when they would not
// fit in room.
func (m *Model) checklistRows(room int) int {
	if n := m.checklist.Rows(m.height); n <= room {
		return n
	}
	return 0
}

// pollTaskOutput reads the running shells' output and schedules the next read.
func (m *Model) pollTaskOutput() tea.Cmd {
	var cmds []tea.Cmd
	for _, id := range m.tasks.OutputPolled() {
		cmds = append(cmds, m.link.ReadTaskOutput(id))
	}
	return tea.Batch(append(cmds, m.tasks.PollOutput(m.after))...)
}

// handleTaskOutput shows the last lines a shell wrote under its Bash call; a failed
// read is not worth a notice (the next one comes in a second).
func (m *Model) handleTaskOutput(msg session.TaskOutput) {
	if msg.Err == nil && m.link.Current(msg.Gen) && m.tasks.SetOutput(msg.TaskID, msg.Output) {
		m.conversation.RefreshTaskStatus()
	}
}
