package tab

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tasks"
	"github.com/gclaude/gclaude/ui/transcript"
)

// The task pane (ui/tasks): subagents and background commands, live, beside the
// transcript or over it. alt+t (or /tasks) gives it the focus and takes it
// back. ctrl+t hides or shows the pinned checklist (Claude Code's key).

// initTasks builds the task store and pane over the transcript (New).
func (t *Tab) initTasks() {
	t.tasks = tasks.NewStore(t.now)
	t.taskPane = tasks.NewPane(t.tasks, t.conversation, t.env.Theme, t.env.Keys)
	t.taskPane.Attach(t.conversation)
	t.checklist = tasks.NewChecklist()
}

// resetTasks forgets every task: the transcript was replaced (a new conversation).
func (t *Tab) resetTasks() {
	t.tasks.Reset()
	t.taskPane.Reset()
	t.taskPane.Attach(t.conversation)
	t.checklist.Reset()
}

// taskKey handles ctrl+t and alt+t anywhere and every key while the pane has focus. done is
// false for keys that go on to the global bindings (mode, model) or to the prompt.
func (t *Tab) taskKey(msg tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	if key.Matches(msg, t.env.Keys.Global.ToggleChecklist) {
		t.checklist.Toggle()
		return nil, true
	}
	if key.Matches(msg, t.env.Keys.Global.Background) && t.turn.Running && t.focus != focusTasks {
		t.hint("moving the running commands to the background", hintFor)
		return t.link.BackgroundTasks(), true
	}
	if key.Matches(msg, t.env.Keys.Global.ToggleTask) {
		t.toggleTasks()
		return nil, true
	}
	if t.focus != focusTasks {
		return nil, false
	}
	if act, handled := t.taskPane.HandleKey(msg); handled {
		return t.taskAction(act), true
	}
	switch tasks.UnhandledKey(t.env.Keys, msg) {
	case tasks.KeyGlobal:
		return nil, false
	case tasks.KeyHelp:
		return t.ws.Do(commands.OpenHelp{}), true
	case tasks.KeyToPrompt:
		t.setFocus(focusInput)
		return nil, false
	}
	return nil, true
}

// openTasks gives the pane the focus (/tasks); it stays where it is when it has it.
func (t *Tab) openTasks() {
	if t.focus != focusTasks {
		t.toggleTasks()
	}
}

// toggleTasks gives the pane the focus, or gives it back to where it came from.
func (t *Tab) toggleTasks() {
	if t.focus == focusTasks {
		t.setFocus(t.taskReturn)
		return
	}
	t.taskReturn = t.focus
	t.setFocus(focusTasks)
}

// taskAction carries out what a key in the pane asked for.
func (t *Tab) taskAction(act tasks.Action) tea.Cmd {
	switch a := act.(type) {
	case tasks.StopTask:
		t.conversation.RefreshTaskStatus() // the pane marked it stopping
		return t.link.StopTask(a.TaskID)
	case tasks.Close:
		t.setFocus(t.taskReturn)
	}
	return nil
}

// handleTaskStopped reports a stop the CLI refused; the task runs on.
func (t *Tab) handleTaskStopped(msg session.TaskStopped) {
	if msg.Err != nil && t.link.Current(msg.Gen) {
		t.notice(noticeWarning, t.taskPane.StopRefused(msg.TaskID, msg.Err))
	}
}

// handleTasksBackgrounded reports a ctrl+b the CLI refused.
func (t *Tab) handleTasksBackgrounded(msg session.TasksBackgrounded) {
	if msg.Err != nil && t.link.Current(msg.Gen) {
		t.notice(noticeWarning, "could not move the commands to the background: "+msg.Err.Error())
	}
}

// openTask shows the task an Agent call started (the transcript's open-task key).
func (t *Tab) openTask(msg transcript.OpenTaskMsg) tea.Cmd {
	if !t.taskPane.OpenToolUse(msg.ToolUseID) {
		t.hint("this call started no task", hintFor)
		return nil
	}
	if t.focus != focusTasks {
		t.taskReturn = t.focus
		t.setFocus(focusTasks)
	}
	return nil
}

// pollTaskOutput reads the running shells' output and schedules the next read.
func (t *Tab) pollTaskOutput() tea.Cmd {
	var cmds []tea.Cmd
	for _, id := range t.tasks.OutputPolled() {
		cmds = append(cmds, t.link.ReadTaskOutput(id))
	}
	return tea.Batch(append(cmds, t.tasks.PollOutput(t.after))...)
}

// handleTaskOutput shows the last lines a shell wrote under its Bash call; a failed
// read is not worth a notice (the next one comes in a second).
func (t *Tab) handleTaskOutput(msg session.TaskOutput) {
	if msg.Err == nil && t.link.Current(msg.Gen) && t.tasks.SetOutput(msg.TaskID, msg.Output) {
		t.conversation.RefreshTaskStatus()
	}
}
