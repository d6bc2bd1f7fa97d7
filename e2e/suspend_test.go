package e2e

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// ctrl+z suspends gclaude as it does any terminal program: the shell's prompt comes
// back with the terminal restored, claude keeps running, and fg brings back the same
// screen with the draft; the session then goes on.
func TestE2ECtrlZSuspendsAndFgResumes(t *testing.T) {
	t.Parallel()
	for _, tui := range []string{"fullscreen", "inline"} {
		t.Run(tui, func(t *testing.T) {
			t.Parallel()
			a := startApp(t, appOptions{InShell: true, Args: []string{"--tui", tui}})
			a.waitReady()
			a.Type("a draft to keep")
			a.WaitFor("a draft to keep", waitTimeout)

			a.SendKeys("C-z")
			stopped := a.WaitFor("Stopped", waitTimeout)
			if !strings.Contains(stopped, strings.TrimSpace(shellPrompt)) {
				t.Fatalf("no shell prompt after ctrl+z:\n%s", frameScreen(stopped))
			}
			modes, err := a.tmux("display-message", "-p", "-t", sessionName, "alt=#{alternate_on}")
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(modes); got != "alt=0" {
				t.Errorf("the shell got the terminal in the alternate screen: %s", got)
			}
			if ps := procsWithEnv("HOME=" + a.rig.Home); !hasProc(ps, a.rig.Bin) {
				t.Errorf("claude did not keep running while gclaude was suspended: %v", ps)
			}

			a.Type("fg")
			a.SendKeys("Enter")
			// In inline mode the stopped frame stays above the shell's lines: look below "fg".
			back := a.waitScreen(func(s string) bool {
				return strings.Contains(afterFg(s, tui), "a draft to keep")
			}, "the draft back after fg", waitTimeout)
			if strings.Contains(a.statusBar(back), textStarting) {
				t.Errorf("claude restarted after fg:\n%s", frameScreen(back))
			}
			a.SendKeys("C-u") // the draft was kept; now a prompt of our own
			a.WaitFor("Ask claude", waitTimeout)
			a.prompt("SCENARIO:" + fakeapi.ScenarioMarkdown + " after fg")
			a.WaitFor("That is all for now.", waitTimeout)
		})
	}
}

// afterFg is the part of the screen gclaude drew after fg: the whole screen in full-screen
// mode (its own screen again), what is below the shell's "fg" line in inline mode (the
// stopped frame stays above it).
func afterFg(screen, tui string) string {
	if tui == "fullscreen" {
		return screen
	}
	_, after, _ := strings.Cut(screen, "$ fg")
	return after
}
