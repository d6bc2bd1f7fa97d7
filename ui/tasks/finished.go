package tasks

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// FinishedText says which task finished and how. A shell command's summary is the
// CLI's own sentence naming the command and its exit ("Background command "x"
// completed (exit code 0)"), shown as it is; an agent's summary is its report, so
// the agent's description and the status go first.
func (s *Store) FinishedText(n *protocol.TaskNotification) string {
	var desc string
	if t, ok := s.Task(n.TaskID); ok && t.Kind != protocol.TaskLocalBash {
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
