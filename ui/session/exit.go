package session

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/render"
)

// stderrLinesShown is how much of the CLI's stderr an exit notice quotes.
const stderrLinesShown = 5

// ExitSummary says how the CLI ended, with the end of its stderr as details.
func ExitSummary(ev process.Exited) (headline string, details []string) {
	switch {
	case ev.Stopped != nil: // gclaude's own reason comes before the signal it sent
		headline = render.Sanitize(ev.Stopped.Error())
	case ev.Signal != "":
		headline = "claude was killed by " + ev.Signal
	case ev.Code == 0 && ev.Err == nil:
		headline = "claude exited"
	case ev.Code == 0:
		headline = "claude exited: " + render.Sanitize(ev.Err.Error())
	default:
		headline = fmt.Sprintf("claude exited with code %d", ev.Code)
	}
	lines := ev.Stderr
	if len(lines) > stderrLinesShown {
		lines = lines[len(lines)-stderrLinesShown:]
	}
	for _, l := range lines {
		if l = strings.TrimSpace(render.Sanitize(l)); l != "" {
			details = append(details, l)
		}
	}
	return headline, details
}

// ExitText is an exit notice: the headline, then each detail on an indented line.
func ExitText(headline string, details []string) string {
	return strings.Join(append([]string{headline}, details...), "\n  ")
}
