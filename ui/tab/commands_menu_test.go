package tab

import (
	"strings"
	"testing"
)

// The / menu puts the skills system/init names under their own heading, apart from
// claude's commands (initialize does not tell them apart).
func TestSlashMenuGroupsSkills(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("/rev")
	if screen := h.screen(); !strings.Contains(screen, "claude's commands") || !strings.Contains(screen, "/review") {
		t.Fatalf("before system/init, /review is one of claude's commands:\n%s", screen)
	}
	h.keys("ctrl+u")
	init := systemInit()
	init.Skills = []string{"review"}
	h.msgs(init, result())
	h.typeText("/rev")
	screen := h.screen()
	if !strings.Contains(screen, " skills") || strings.Contains(screen, "claude's commands") || !strings.Contains(screen, "/review") {
		t.Fatalf("want /review under skills:\n%s", screen)
	}
}
