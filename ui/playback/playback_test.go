package playback

import (
	"math"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

func TestRecordedAnswer(t *testing.T) {
	body := func(resp string) protocol.ControlResponseBody {
		return protocol.ControlResponseBody{Subtype: "success", Response: []byte(resp)}
	}
	tests := []struct {
		body protocol.ControlResponseBody
		ok   bool
		tool string
		want string
	}{
		{body(`{"behavior":"allow","updatedInput":{}}`), true, "Bash", "Allowed (recorded)"},
		{body(`{"behavior":"allow","updatedPermissions":[{"type":"addRules"}]}`), true, "Bash", "Allowed · permissions updated (recorded)"},
		{body(`{"behavior":"deny","message":"use yarn"}`), true, "Bash", "Denied: use yarn (recorded)"},
		{body(`{"behavior":"deny","message":"stop","interrupt":true}`), true, "Bash", "Denied and stopped: stop (recorded)"},
		{body(`{"behavior":"allow"}`), true, protocol.ToolExitPlanMode, "Plan approved (recorded)"},
		{body(`{"behavior":"deny","message":"more tests"}`), true, protocol.ToolExitPlanMode, "Plan not approved: more tests (recorded)"},
		{body(`{"behavior":"allow"}`), true, protocol.ToolAskUserQuestion, "Answered (recorded)"},
		{body(`{"behavior":"deny","message":"skipped"}`), true, protocol.ToolAskUserQuestion, "Questions skipped (recorded)"},
		{protocol.ControlResponseBody{Subtype: "error", Error: "boom"}, true, "Bash", "Answered with an error: boom (recorded)"},
		{body(`{"behavior":"allow"}`), false, "Bash", ""},
		{body(`{"behavior":"maybe"}`), true, "Bash", ""},
		{body(`{"behavior":"deny","message":"` + strings.Repeat("x", 200) + `"}`), true, "Bash", "Denied: " + strings.Repeat("x", 79) + "… (recorded)"},
	}
	for _, tt := range tests {
		if got := RecordedAnswer(tt.body, tt.ok, tt.tool); got != tt.want {
			t.Errorf("%s %s: %q, want %q", tt.tool, tt.body.Response, got, tt.want)
		}
	}
}

func TestSpeedLadder(t *testing.T) {
	tests := []struct {
		f, up, down float64
		label       string
	}{
		{1, 2, 0.5, "1.0×"}, {0.25, 0.5, 0.25, "0.25×"}, {32, 32, 16, "32×"}, {3, 4, 2, "3.0×"}, {1.5, 2, 1, "1.5×"},
		{math.Inf(1), math.Inf(1), 32, "max"},
	}
	for _, tt := range tests {
		if Faster(tt.f) != tt.up || Slower(tt.f) != tt.down || FormatSpeed(tt.f) != tt.label {
			t.Errorf("%v: faster %v slower %v label %q", tt.f, Faster(tt.f), Slower(tt.f), FormatSpeed(tt.f))
		}
	}
}
