package statusline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/render"
)

// script writes a fake status line command into a temporary folder.
func script(t *testing.T, body string) (command, dir string) {
	t.Helper()
	dir = t.TempDir()
	path := filepath.Join(dir, "statusline.sh")
	if err := os.WriteFile(path, []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	return path, dir
}

func TestRunReadsStdinInTheProjectFolder(t *testing.T) {
	command, dir := script(t, "#!/bin/sh\ncat > input.json\necho\necho \"  in $(pwd)  \"\necho\necho second line\n")
	r := Run(command, dir, []byte(`{"session_id":"s1"}`), nil, Timeout)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	// Trimmed, blank lines dropped: what Claude Code shows.
	want := []string{"in " + dir, "second line"}
	if strings.Join(r.Lines, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q, want %q", r.Lines, want)
	}
	got, err := os.ReadFile(filepath.Join(dir, "input.json"))
	if err != nil || string(got) != `{"session_id":"s1"}` {
		t.Errorf("stdin %q %v", got, err)
	}
}

func TestRunUsesShC(t *testing.T) {
	// A command line, not a file: pipes and variables work as in `sh -c`.
	r := Run(`read x; echo "$x" | tr a-z A-Z`, t.TempDir(), []byte("opus\n"), nil, Timeout)
	if r.Err != nil || len(r.Lines) != 1 || r.Lines[0] != "OPUS" {
		t.Errorf("got %q %v", r.Lines, r.Err)
	}
}

func TestRunFailure(t *testing.T) {
	command, dir := script(t, "#!/bin/sh\necho partial\necho 'jq: not found' >&2\nexit 3\n")
	r := Run(command, dir, nil, nil, Timeout)
	if r.Err == nil || !strings.Contains(r.Err.Error(), "status 3") || !strings.Contains(r.Err.Error(), "jq: not found") {
		t.Errorf("error %v, want the status and the first stderr line", r.Err)
	}
	if len(r.Lines) != 0 {
		t.Errorf("a failed run shows nothing, got %q", r.Lines)
	}
}

func TestRunHangIsKilled(t *testing.T) {
	// The command and a child it leaves behind, holding stdout, both hang.
	command, dir := script(t, "#!/bin/sh\necho early\nsleep 300 &\nsleep 300\n")
	done := make(chan Result, 1)
	go func() { done <- Run(command, dir, nil, nil, 100*time.Millisecond) }()
	r := <-done
	if r.Err == nil || !strings.Contains(r.Err.Error(), "did not finish within 100ms") {
		t.Errorf("error %v, want a timeout", r.Err)
	}
}

func TestRunFloodIsCapped(t *testing.T) {
	r := Run("yes status | head -c 1000000", t.TempDir(), nil, nil, Timeout)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if n := len(strings.Join(r.Lines, "\n")); n > maxOutput {
		t.Errorf("kept %d bytes, want at most %d", n, maxOutput)
	}
}

func TestHostileOutputIsSanitised(t *testing.T) {
	command, dir := script(t, `#!/bin/sh
printf '\033]0;pwned\007\033[31mred\033[0m \033[2J\033[H tab\there \302\255 \r\n'
`)
	r := Run(command, dir, nil, nil, Timeout)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	var l Line
	l.on = true
	l.Done(DoneMsg{line: &l, result: r}, time.Now())
	view := l.View(60)
	if p := render.DisplayProblem(view); p != "" {
		t.Errorf("unsafe status line %q: %s", view, p)
	}
	if !strings.Contains(view, "\x1b[31mred") {
		t.Errorf("colours dropped: %q", view)
	}
	for _, raw := range []string{"\x1b]0;", "\x07", "\x1b[2J", "\x1b[H", "\t", "\r"} {
		if strings.Contains(view, raw) {
			t.Errorf("%q reached the screen: %q", raw, view)
		}
	}
}

func TestRunInAMissingFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone")
	r := Run("echo hi", dir, nil, nil, Timeout)
	if r.Err == nil || !strings.Contains(r.Err.Error(), "could not run in "+dir) {
		t.Errorf("error %v, want one naming the folder", r.Err)
	}
}
