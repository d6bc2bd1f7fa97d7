package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A claude that writes stdout without ever ending the line is stopped at the line
// cap with an error that names it, and ctrl+c twice still quits. Before, gclaude grew
// by gigabytes and ctrl+c could not end it.
func TestE2EEndlessLineStopsClaude(t *testing.T) {
	t.Parallel()
	home := filepath.Join(t.TempDir(), "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := gclaudeBinary(t)
	tm := startTerm(t, termOptions{Width: 200, Height: 30, Dir: home, Env: fakeEnv(t, home, "flood"),
		Argv: []string{bin, "--claude-bin", fakeClaude(t)}})
	defer tm.kill()
	tm.WaitFor("stdout line longer than 64 MiB", waitTimeout)
	tm.SendKeys("C-c")
	tm.WaitFor(textQuitHint, waitTimeout)
	tm.SendKeys("C-c")
	if code := tm.ExitStatus(waitTimeout); code != 0 {
		t.Errorf("gclaude exited with %d, want 0", code)
	}
	if left := waitNoProcs("HOME="+home, 10*time.Second); len(left) > 0 {
		killProcs(left)
		t.Errorf("still running after gclaude exited:\n%v", left)
	}
}

// A prompt sent to a claude that dies before it answered anything (it wrote garbage and
// exited) never reached the model: it comes back into the input, out of the transcript.
func TestE2EPromptComesBackWhenClaudeDiesBeforeAnswering(t *testing.T) {
	t.Parallel()
	home := filepath.Join(t.TempDir(), "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	tm := startTerm(t, termOptions{Width: 100, Height: 24, Dir: home, Env: fakeEnv(t, home, "garbage"),
		Argv: []string{gclaudeBinary(t), "--claude-bin", fakeClaude(t)}})
	defer tm.kill()
	tm.WaitFor(textWelcome, waitTimeout)
	tm.Type("hello out there")
	tm.WaitFor("hello out there", waitTimeout)
	tm.SendKeys("Enter")
	tm.WaitFor("exited with code 3", waitTimeout)
	screen := tm.waitScreen(func(s string) bool { return strings.Contains(s, "│❯ hello out there") }, "the prompt back in the editor", waitTimeout)
	if strings.Contains(screen, "  ❯ hello out there") {
		t.Errorf("the prompt is still in the transcript:\n%s", frameScreen(screen))
	}
}
