package commands

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// /hooks asks claude for its hooks listing and opens the panel; the panel's list and
// detail go back and forth through the command.
func TestHooksOpensTheListing(t *testing.T) {
	var asked []string
	h := &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
		asked = append(asked, req.Subtype())
		return json.RawMessage(`{"events":[{"name":"PreToolUse","summary":"Before tool execution","supportsMatcher":true,"hookCount":1}],
			"hooks":[{"event":"PreToolUse","matcher":"Bash","source":"projectSettings","sourceLabel":"Project settings (.claude/settings.json)",
			"type":"command","displayText":"echo pre-hook","commandText":"echo pre-hook","contentLabel":"Command"}],
			"policy":{"allDisabled":false}}`), nil
	}}
	c, _ := Lookup("hooks")
	h.run(t, c.Run(h, ""))
	if len(asked) != 1 || asked[0] != "get_hooks_listing" || len(h.pickers) != 1 {
		t.Fatalf("asked %q, pickers %d", asked, len(h.pickers))
	}
	if v := ansi.Strip(h.pickers[0].View(100, 20)); !contains(v, "PreToolUse  Bash", "echo pre-hook") {
		t.Errorf("panel:\n%s", v)
	}
	a, _ := h.pickers[0].Update(enterKey())
	if _, ok := Answer(h, a); !ok || len(h.pickers) != 2 {
		t.Fatalf("enter: %#v, pickers %d", a, len(h.pickers))
	}
	if v := ansi.Strip(h.pickers[1].View(100, 20)); !contains(v, "Hook PreToolUse", "Matcher   Bash") {
		t.Errorf("detail:\n%s", v)
	}
	if _, ok := Answer(h, dialogs.HooksShow{Row: -1}); !ok || len(h.pickers) != 3 {
		t.Error("back to the list")
	}
}

// contains reports whether s holds every one of want.
func contains(s string, want ...string) bool {
	for _, w := range want {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}
