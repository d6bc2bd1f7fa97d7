package commands

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// /sandbox says what claude's get_sandbox_dialog reports and where it is set.
func TestSandboxSaysTheState(t *testing.T) {
	for body, want := range map[string]string{
		// CLI 2.1.332 in the test sandbox.
		`{"auto_allow_available":true,"dependencies":{"errors":[],"warnings":[]},"enabled":false,"enabled_in_settings":false,"locked":false,"mode":"disabled","supported":true}`: "Sandbox: off: Bash commands run without a sandbox.\nIt is the \"sandbox\" setting",
		`{"dependencies":{"errors":["bwrap"]},"enabled":true,"mode":"auto-allow","locked":true,"supported":true}`:                                                                "Sandbox: on (auto-allow): Bash commands run in the sandbox. claude reports 1 problem about what it needs to run.\nA managed",
		`{"supported":false,"unsupported_reason":"wsl1"}`: "Sandbox: not supported here (wsl1).",
	} {
		h := &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
			if req.Subtype() != "get_sandbox_dialog" {
				t.Errorf("asked %s", req.Subtype())
			}
			return json.RawMessage(body), nil
		}}
		c, _ := Lookup("sandbox")
		h.run(t, c.Run(h, ""))
		if len(h.notices) != 1 || !strings.HasPrefix(h.notices[0], "info: "+want) {
			t.Errorf("said %q, want %q", h.notices, want)
		}
	}
}
