package playback

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// maxAnswerMessage caps the denial message quoted in a recorded answer's notice.
const maxAnswerMessage = 80

// RecordedAnswer words the client's recorded answer to a permission request, like the
// summary a live dialog leaves ("Allowed", "Denied: use yarn"), marked as recorded.
// It is "" when the recording has no answer (no .stdin.jsonl next to it).
func RecordedAnswer(body protocol.ControlResponseBody, ok bool, tool string) string {
	if !ok {
		return ""
	}
	if body.IsError() {
		return "Answered with an error: " + clipAnswer(body.Error) + " (recorded)"
	}
	res, err := protocol.DecodeResponse[protocol.PermissionResult](body)
	if err != nil {
		return ""
	}
	var s string
	switch res.Behavior {
	case "allow":
		switch tool {
		case protocol.ToolExitPlanMode:
			s = "Plan approved"
		case protocol.ToolAskUserQuestion:
			s = "Answered"
		default:
			s = "Allowed"
			if len(res.UpdatedPermissions) > 0 {
				s += " · permissions updated"
			}
		}
	case "deny":
		switch tool {
		case protocol.ToolExitPlanMode:
			s = "Plan not approved"
		case protocol.ToolAskUserQuestion:
			s = "Questions skipped"
		default:
			s = "Denied"
		}
		if res.Interrupt {
			s += " and stopped"
		}
		if msg := clipAnswer(res.Message); msg != "" && tool != protocol.ToolAskUserQuestion {
			s += ": " + msg
		}
	default:
		return ""
	}
	return s + " (recorded)"
}

// clipAnswer is text from the recording on one line, cut to maxAnswerMessage runes.
func clipAnswer(s string) string {
	s = strings.Join(strings.Fields(render.Sanitize(s)), " ")
	if r := []rune(s); len(r) > maxAnswerMessage {
		s = string(r[:maxAnswerMessage-1]) + "…"
	}
	return s
}
