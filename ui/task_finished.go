package ui

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// announceTask says in the transcript which background task finished and how. When
// a task finishes while the session is idle the CLI starts a turn by itself (its
// result has origin.kind "task-notification"), so the line comes right before that
// turn; a task that finishes during a turn is announced once that turn has ended.
func (m *Model) announceTask(n *protocol.TaskNotification) {
	text := m.taskFinishedText(n)
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

// taskFinishedText says which task finished and how. A shell command's summary is
// the CLI's own sentence naming the command and its exit ("Background command "x"
// completed (exit code 0)"), shown as it is; an agent's summary is its report, so
// the agent's description and the status go first.
func (m *Model) taskFinishedText(n *protocol.TaskNotification) string {
	var desc string
	if t, ok := m.tasks.Task(n.TaskID); ok && t.Kind != protocol.TaskLocalBash {
		desc = render.OneLine(t.Description)
	}
	how := render.OrDefault(render.OneLine(n.Status), "finished")
	summary := render.Truncate(render.OneLine(strings.TrimSpace(n.Summary)), 200)
	switch {
	case desc != "" && summary != "":
		return "Background task “" + desc + "” " + how + ": " + summary
	case desc != "":
		return "Background task “" + desc + "” " + how
	case summary != "" && strings.Contains(strings.ToLower(summary), how):
		return summary
	case summary != "":
		return "Background task " + how + ": " + summary
	}
	return "Background task " + render.OrDefault(render.OneLine(n.TaskID), "?") + " " + how
}
