package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
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
	tm := startTerm(t, termOptions{Width: 200, Height: 30, Dir: home, Env: fakeEnv(home, "flood"),
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

// A 1 MB paste reaches the API whole: the prompt shows a chip at once, and the request
// claude makes holds every line. Before, 819,931 of 1,048,550 bytes were sent, without
// a word, after 8-12 s of echo.
func TestE2EMegabytePasteIsSentWhole(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	var paste strings.Builder
	for i := 0; paste.Len() < 1<<20; i++ {
		fmt.Fprintf(&paste, "line %06d: the quick brown fox jumps over the dog\n", i)
	}
	last := fmt.Sprintf("line %06d:", strings.Count(paste.String(), "\n")-1)
	file := filepath.Join(t.TempDir(), "paste.txt")
	if err := os.WriteFile(file, []byte(paste.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	a.Type("SCENARIO:" + fakeapi.ScenarioText + " ")
	// load-buffer: a megabyte does not fit in one command-line argument.
	if _, err := a.tmux("load-buffer", "-b", "big", file); err != nil {
		t.Fatal(err)
	}
	if _, err := a.tmux("paste-buffer", "-p", "-d", "-b", "big", "-t", sessionName); err != nil {
		t.Fatal(err)
	}
	a.WaitFor("[Pasted text #1 +", waitTimeout)
	a.SendKeys("Enter")
	r := a.waitRequest("with the pasted text", func(r fakeapi.Request) bool { return strings.Contains(r.Prompt, last) })
	if !strings.Contains(r.Prompt, paste.String()) {
		t.Errorf("the request's prompt has %d bytes, not the %d pasted", len(r.Prompt), paste.Len())
	}
	a.WaitFor(fakeapi.TextHello, waitTimeout)
}
