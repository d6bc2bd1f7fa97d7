package e2e

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// Issue 27's loose ends of the workspace and the prompt, each against the real CLI.

// skillFile is a project skill's SKILL.md.
func skillFile(name string) string {
	return "---\nname: " + name + "\ndescription: the " + name + " skill\n---\nDo " + name + " now.\n"
}

// A skill added while gclaude runs is a command as soon as /reload-skills found it:
// before, the / menu kept the list initialize gave and refused it as unknown.
func TestE2EReloadedSkillIsACommand(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Files: map[string]string{".claude/skills/alpha/SKILL.md": skillFile("alpha")}})
	a.waitReady()
	a.rig.WriteFile(t, ".claude/skills/beta/SKILL.md", skillFile("beta"))
	a.prompt("/reload-skills")
	a.waitWords("(1 added)")
	a.prompt("/beta")
	a.waitRequest("for the new skill", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Text(), "Do beta now.")
	})
	if screen := a.Capture(); strings.Contains(words(screen), "Unknown command") {
		t.Fatalf("the new skill was refused:\n%s", frameScreen(screen))
	}
}
