package tab

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// A command claude gains when its plugins are reloaded (system/commands_changed) is in
// the / menu from then on: typed, it goes to claude instead of being refused.
func TestCommandsChangedReachTheMenu(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("/hello:greet")
	h.keys("enter")
	if !strings.Contains(flat(h.screen()), "Unknown command /hello:greet") {
		t.Fatalf("not refused before:\n%s", h.screen())
	}
	h.keys("ctrl+u")
	cmds := append(h.tab.sess.Init.Commands, protocol.SlashCommand{Name: "hello:greet", Description: "(hello) Greet"})
	h.msgs(&protocol.CommandsChanged{Commands: cmds})
	h.typeText("/hello:greet")
	h.keys("enter")
	if got := h.b.sentTexts(); len(got) != 1 || got[0] != "/hello:greet" {
		t.Fatalf("sent %q\n%s", got, h.screen())
	}
	if n := len(h.tab.sess.Init.Commands); n != len(cmds) {
		t.Errorf("the session's commands: %d", n)
	}
}
