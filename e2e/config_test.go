package e2e

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// /config is a panel of the settings with where each comes from; the output style it
// changes is saved and applied by claude; "/config theme=light" changes gclaude's
// colours (claude's own /config said "Set Theme to light" and nothing changed).
func TestE2EConfigPanel(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40, Files: map[string]string{
		".claude/settings.json": `{"permissions": {"defaultMode": "acceptEdits"}}`,
	}})
	a.waitReady()
	a.prompt("/config")
	screen := a.WaitFor("from project .claude/settings.json (permissions.defaultMode)", waitTimeout)
	for _, want := range []string{"Settings", "Permission mode  acceptEdits  ›", "Output style     default  ›",
		"Theme            auto", "from gclaude (--theme, /theme)", "Notifications", "not changed while gclaude runs"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the panel lacks %q:\n%s", want, frameScreen(screen))
		}
	}

	// The output style: chosen in the panel, saved and applied by claude.
	a.Type("output")
	a.WaitGone("Permission mode  acceptEdits", waitTimeout)
	a.SendKeys("Enter")
	a.WaitFor("Output style", waitTimeout)
	screen = a.WaitFor("Explanatory", waitTimeout)
	a.SendKeys(itoa(a.choiceNumber(screen, "Explanatory")), "Enter")
	a.WaitFor("Output style: Explanatory. claude saved it in .claude/settings.local.json", waitTimeout)
	local, err := os.ReadFile(a.rig.Path(".claude/settings.local.json"))
	if err != nil || !strings.Contains(string(local), `"outputStyle": "Explanatory"`) {
		t.Errorf("settings.local.json: %s, %v", local, err)
	}
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " styled")
	r := a.waitRequest("for the prompt", mainRequest(" styled"))
	if !r.Contains("Explanatory") {
		t.Error("the model's request does not carry the Explanatory output style")
	}
	a.WaitFor(fakeapi.TextHello, waitTimeout)

	// The theme: really changed, never "Set Theme to light".
	before := sgrSet(a.CaptureStyled())
	a.prompt("/config theme=light")
	a.WaitFor("Theme: light. For this run of gclaude", waitTimeout)
	after := sgrSet(a.CaptureStyled())
	if slices.Equal(before, after) {
		t.Errorf("the screen's colours did not change: %q", after)
	}
	a.prompt("/config list")
	a.WaitFor(regexp.MustCompile(`Theme +light`), waitTimeout)
	if screen := a.Capture(); strings.Contains(screen, "Set Theme") || len(a.rig.API.ConversationRequests()) != 1 {
		t.Errorf("/config reached claude:\n%s", frameScreen(screen))
	}
}

// sgrSet is the distinct SGR sequences of a styled capture, sorted.
func sgrSet(styled string) []string {
	seen := regexp.MustCompile(`\x1b\[[0-9;:]*m`).FindAllString(styled, -1)
	slices.Sort(seen)
	return slices.Compact(seen)
}

// /theme opens Claude Code's picker over gclaude's themes and switches at once.
func TestE2ETheme(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30, Args: []string{"--theme", "dark"}})
	a.waitReady()
	before := sgrSet(a.CaptureStyled())
	a.prompt("/theme")
	screen := a.WaitFor("Dark mode  ✓ current", waitTimeout)
	a.SendKeys(itoa(a.choiceNumber(screen, "Light mode")), "Enter")
	a.WaitFor("Theme: light. For this run of gclaude: start it with --theme light to keep it.", waitTimeout)
	if after := sgrSet(a.CaptureStyled()); slices.Equal(before, after) {
		t.Errorf("the screen's colours did not change: %q", after)
	}
}

// /usage comes out in rows, one figure a line (claude's own ran them into one
// paragraph).
func TestE2EUsage(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello")
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.prompt("/usage")
	screen := a.WaitFor("Plan usage limits: none here", waitTimeout)
	for _, re := range []string{`(?m)^\s*(• )?Usage of this claude session\s*$`, `(?m)^\s*Cost +\$0\.\d{4}\s*$`, `(?m)^\s*API time +\S+\s*$`,
		`(?m)^\s*Wall time +\S+( \S+)?\s*$`, `(?m)^\s*Code changes +\+0 −0 lines\s*$`, `(?m)^\s*Tokens +claude-\S+ +\d+ in · \d+ out`} {
		if !regexp.MustCompile(re).MatchString(screen) {
			t.Errorf("no line matching %s:\n%s", re, frameScreen(screen))
		}
	}
	if strings.Contains(screen, "Estimated cost:") {
		t.Errorf("/usage went to claude:\n%s", frameScreen(screen))
	}
}
