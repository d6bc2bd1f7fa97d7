package ui

import (
	"context"
	"errors"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/tasks"
	"github.com/gclaude/gclaude/ui/transcript"
)

// The task pane: subagents and background commands, live. On a wide terminal it is a
// side pane right of the transcript, shown while there are tasks or while it has focus;
// on a narrow one it is an overlay in place of the transcript, shown while it has focus.
// ctrl+t gives it the focus and takes it back.

// errNoSession is why nothing can be stopped while claude is not running.
var errNoSession = errors.New("claude is not running")

// taskStopDoneMsg reports the CLI's answer to a stop_task.
type taskStopDoneMsg struct {
	gen    int
	taskID string
	err    error
}

// initTasks builds the task store and pane over the transcript (New).
func (m *Model) initTasks() {
	m.tasks = tasks.NewStore(m.now)
	m.taskPane = tasks.NewPane(m.tasks, m.transcript, m.themeRef, m.keys)
	m.hookTranscript()
}

// resetTasks forgets every task: the transcript was replaced (a new conversation).
func (m *Model) resetTasks() {
	m.tasks.Reset()
	m.taskPane.Reset()
	m.taskPane.SetTranscript(m.transcript)
	m.hookTranscript()
}

// hookTranscript makes the transcript's Agent calls show the store's status, on the
// root's clock: the elapsed times of the calls and of the pane's tasks agree.
func (m *Model) hookTranscript() {
	m.transcript.SetClock(m.now)
	m.transcript.SetTaskStatusFunc(m.agentStatus)
}

// agentStatus is the line an Agent call in the transcript shows about its task. A
// foreground task that finished is described by the call's own result; a background
// one's result only said it was launched, so its line stays.
func (m *Model) agentStatus(toolUseID string) string {
	t, ok := m.tasks.ByToolUseID(toolUseID)
	if !ok || (!t.Running() && !t.Backgrounded) {
		return ""
	}
	return m.tasks.StatusLine(toolUseID)
}

// tasksEnded settles every task and call still running: the CLI is gone and will
// report nothing more.
func (m *Model) tasksEnded() {
	m.tasks.SessionEnded()
	m.transcript.SessionEnded()
	m.transcript.RefreshTaskStatus()
}

// taskSide reports whether the side pane is drawn right of the transcript.
func (m *Model) taskSide() bool {
	return tasks.Wide(m.width) && (m.focus == focusTasks || m.tasks.Len() > 0)
}

// taskOverlay reports whether the pane is drawn in place of the transcript.
func (m *Model) taskOverlay() bool {
	return !tasks.Wide(m.width) && m.focus == focusTasks
}

// transcriptWidth is what the side pane leaves of the terminal's width.
func (m *Model) transcriptWidth() int {
	if m.taskSide() {
		return max(m.width-m.taskPane.PreferredWidth(m.width), 1)
	}
	return m.width
}

// withTasks draws the task pane with the transcript area (left, transcriptWidth wide
// and rows high): beside it, over it, or not at all.
func (m *Model) withTasks(left string, rows int) string {
	switch {
	case m.taskOverlay():
		return m.taskPane.Overlay(m.width, rows)
	case m.taskSide():
		tw := m.transcriptWidth()
		return tasks.Beside(left, tw, m.taskPane.View(m.width-tw, rows))
	}
	return left
}

// taskKey handles ctrl+t anywhere and every key while the pane has focus. done is
// false for keys that go on to the global bindings (mode, model).
func (m *Model) taskKey(msg tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	if key.Matches(msg, m.keys.Global.ToggleTask) {
		m.toggleTasks()
		return nil, true
	}
	if m.focus != focusTasks {
		return nil, false
	}
	act, handled := m.taskPane.HandleKey(msg)
	if handled {
		return m.taskAction(act), true
	}
	g := m.keys.Global
	switch {
	case key.Matches(msg, g.CycleMode, g.ModelPick):
		return nil, false
	case key.Matches(msg, g.Help):
		m.openHelp()
		return nil, true
	}
	if input.IsTypedText(msg) {
		// Typing is meant for the prompt: give it the focus and the key rather than
		// lose what the user typed.
		m.setFocus(focusInput)
		return nil, false
	}
	// Other keys (arrows the pane does not use, function keys) stay with the pane.
	return nil, true
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
		m.transcript.RefreshTaskStatus() // the pane marked it stopping
		return m.stopTaskCmd(a.TaskID)
	case tasks.Close:
		m.setFocus(m.taskReturn)
	}
	return nil
}

// stopTaskCmd asks the CLI to stop a task; its task_notification settles it.
func (m *Model) stopTaskCmd(taskID string) tea.Cmd {
	b, gen := m.backend, m.gen
	if b == nil {
		return func() tea.Msg { return taskStopDoneMsg{gen: gen, taskID: taskID, err: errNoSession} }
	}
	return func() tea.Msg {
		_, err := b.Request(context.Background(), protocol.StopTask{TaskID: taskID})
		return taskStopDoneMsg{gen: gen, taskID: taskID, err: err}
	}
}

// handleTaskStopDone reports a stop the CLI refused; the task runs on.
func (m *Model) handleTaskStopDone(msg taskStopDoneMsg) {
	if msg.err == nil || msg.gen != m.gen {
		return
	}
	m.tasks.SetStopping(msg.taskID, false)
	m.transcript.RefreshTaskStatus()
	what := "the task"
	if t, ok := m.tasks.Task(msg.taskID); ok && t.Description != "" {
		what = "“" + render.Sanitize(t.Description) + "”"
	}
	m.notice(noticeWarning, "could not stop "+what+": "+render.Sanitize(msg.err.Error()))
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

// taskWheel scrolls the open task under the mouse: anywhere over the overlay, right of
// the transcript beside it. false leaves the wheel to the transcript.
func (m *Model) taskWheel(msg tea.MouseWheelMsg) bool {
	if !m.taskOverlay() && !(m.taskSide() && msg.X >= m.transcriptWidth()) {
		return false
	}
	switch msg.Button {
	case tea.MouseWheelUp:
		m.taskPane.ScrollOpen(-wheelLines)
	case tea.MouseWheelDown:
		m.taskPane.ScrollOpen(wheelLines)
	}
	return true
}

// taskHelpKeys are the bottom line's keys while the pane has focus (the pane shows its
// own).
func (m *Model) taskHelpKeys() [][2]string {
	g := m.keys.Global
	return [][2]string{{g.ToggleTask.Help().Key, "back"}, {g.CycleMode.Help().Key, g.CycleMode.Help().Desc}, {g.Help.Help().Key, g.Help.Help().Desc}}
}

// announceTask says in the transcript which background task finished and how. When
// a task finishes while the session is idle the CLI starts a turn by itself (its
// result has origin.kind "task-notification"), so the line comes right before that
// turn; a task that finishes during a turn is announced once that turn has ended.
func (m *Model) announceTask(n *protocol.TaskNotification) {
	text := m.tasks.FinishedText(n)
	if m.turn.running {
		m.turn.finished = append(m.turn.finished, text)
		return
	}
	m.notice(noticeInfo, text)
}

// announceFinishedTasks shows the tasks that finished during the turn just ended.
func (m *Model) announceFinishedTasks() {
	for _, text := range m.turn.finished {
		m.notice(noticeInfo, text)
	}
	m.turn.finished = nil
}
