package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/clirig"
)

// waitTimeout bounds every wait on the screen: generous, the machine is a loaded
// 2-core box and the CLI takes seconds to start.
const waitTimeout = 30 * time.Second

// pollEvery is how often a wait looks at the screen again.
const pollEvery = 50 * time.Millisecond

// sessionName is the one session of each private tmux server.
const sessionName = "e2e"

var socketSeq atomic.Int64

// term is one command running in a detached tmux session of fixed size, on a tmux
// server of its own (-L with a unique socket name, no configuration file).
type term struct {
	t          testing.TB
	socket     string // the -L name
	socketPath string // the socket file, removed by kill
	statusFile string // the wrapper writes the command's exit status here
	killed     bool
}

// termOptions describe the command and its terminal.
type termOptions struct {
	Width, Height int
	Dir           string   // working directory
	Env           []string // the command's complete environment
	Argv          []string
}

// startTerm starts argv in a new tmux server. The pane stays after the command exits
// (remain-on-exit) so its last screen can still be read.
func startTerm(t testing.TB, o termOptions) *term {
	t.Helper()
	clirig.RequireTool(t, "tmux", "`make tools` installs it")
	tm := &term{
		t:          t,
		socket:     fmt.Sprintf("gclaude-e2e-%d-%d", os.Getpid(), socketSeq.Add(1)),
		statusFile: filepath.Join(t.TempDir(), "exit-status"),
	}
	// env -i gives the command exactly o.Env, whatever the tmux server has; the shell
	// records the exit status, which tmux 3.3 does not report reliably.
	wrapped := append([]string{"env", "-i"}, o.Env...)
	wrapped = append(wrapped, "/bin/sh", "-c", `st=$1; shift; "$@"; echo $? > "$st"`, "sh", tm.statusFile)
	wrapped = append(wrapped, o.Argv...)
	args := []string{
		"set-option", "-g", "remain-on-exit", "on", ";",
		"new-session", "-d", "-s", sessionName,
		"-x", strconv.Itoa(o.Width), "-y", strconv.Itoa(o.Height), "-c", o.Dir,
	}
	args = append(args, wrapped...)
	if _, err := tm.tmux(args...); err != nil {
		t.Fatalf("starting tmux: %v", err)
	}
	if out, err := tm.tmux("display-message", "-p", "-t", sessionName, "#{socket_path}"); err == nil {
		tm.socketPath = strings.TrimSpace(out)
	}
	return tm
}

// tmux runs one tmux client command against this server. -u: the screen is UTF-8
// whatever the locale of the test process.
func (tm *term) tmux(args ...string) (string, error) {
	cmd := exec.Command("tmux", append([]string{"-u", "-L", tm.socket, "-f", "/dev/null"}, args...)...)
	cmd.Env = tmuxEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return string(out), fmt.Errorf("tmux %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// tmuxEnv is the environment of the tmux client and server: the test's, without
// anything tying it to an outer tmux, in a UTF-8 locale.
func tmuxEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "TMUX", "TMUX_PANE", "LANG", "LC_ALL", "LC_CTYPE":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "LANG=C.UTF-8")
}

// SendKeys sends tmux key names (Enter, Escape, C-c, BTab, M-p, Up, Down, Space, …).
func (tm *term) SendKeys(keys ...string) {
	tm.t.Helper()
	if _, err := tm.tmux(append([]string{"send-keys", "-t", sessionName}, keys...)...); err != nil {
		tm.t.Fatalf("send-keys: %v", err)
	}
}

// Type sends text literally, as typed characters.
func (tm *term) Type(text string) {
	tm.t.Helper()
	if _, err := tm.tmux("send-keys", "-t", sessionName, "-l", text); err != nil {
		tm.t.Fatalf("send-keys -l: %v", err)
	}
}

// Capture returns the visible screen as plain text, one line per row.
func (tm *term) Capture() string {
	tm.t.Helper()
	out, err := tm.tmux("capture-pane", "-p", "-t", sessionName)
	if err != nil {
		tm.t.Fatalf("capture-pane: %v", err)
	}
	return out
}

// CaptureStyled returns the visible screen with its colours and attributes as SGR
// escape sequences.
func (tm *term) CaptureStyled() string {
	tm.t.Helper()
	out, err := tm.tmux("capture-pane", "-p", "-e", "-t", sessionName)
	if err != nil {
		tm.t.Fatalf("capture-pane -e: %v", err)
	}
	return out
}

// Resize changes the terminal's size; the program gets SIGWINCH.
func (tm *term) Resize(width, height int) {
	tm.t.Helper()
	if _, err := tm.tmux("resize-window", "-t", sessionName, "-x", strconv.Itoa(width), "-y", strconv.Itoa(height)); err != nil {
		tm.t.Fatalf("resize-window: %v", err)
	}
}

// paneDead reports whether the command has exited.
func (tm *term) paneDead() bool {
	out, err := tm.tmux("display-message", "-p", "-t", sessionName, "#{pane_dead}")
	return err == nil && strings.TrimSpace(out) == "1"
}

// ExitStatus waits for the command to exit and returns its exit status.
func (tm *term) ExitStatus(timeout time.Duration) int {
	tm.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		if b, err := os.ReadFile(tm.statusFile); err == nil && bytes.HasSuffix(b, []byte("\n")) {
			code, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err != nil {
				tm.t.Fatalf("exit status file: %q", b)
			}
			return code
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("the program did not exit within %s; screen:\n%s", timeout, tm.Capture())
		}
		time.Sleep(pollEvery)
	}
}

// A screen condition: a substring (string), a *regexp.Regexp, or a func(string) bool.
func describe(want any) (func(string) bool, string) {
	switch w := want.(type) {
	case string:
		return func(s string) bool { return strings.Contains(s, w) }, strconv.Quote(w)
	case *regexp.Regexp:
		return w.MatchString, "/" + w.String() + "/"
	case func(string) bool:
		return w, "condition"
	}
	panic(fmt.Sprintf("e2e: cannot wait for a %T", want))
}

// WaitFor polls the screen until want is on it and returns that screen. It fails the
// test with the screen when timeout passes or the program exits first.
func (tm *term) WaitFor(want any, timeout time.Duration) string {
	tm.t.Helper()
	ok, what := describe(want)
	return tm.waitScreen(ok, "for "+what, timeout)
}

// WaitGone polls the screen until want is no longer on it.
func (tm *term) WaitGone(want any, timeout time.Duration) string {
	tm.t.Helper()
	ok, what := describe(want)
	return tm.waitScreen(func(s string) bool { return !ok(s) }, "until "+what+" is gone", timeout)
}

func (tm *term) waitScreen(ok func(string) bool, what string, timeout time.Duration) string {
	tm.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		screen := tm.Capture()
		if ok(screen) {
			return screen
		}
		if tm.paneDead() {
			tm.t.Fatalf("waiting %s: the program exited; last screen:\n%s", what, frameScreen(tm.Capture()))
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("waited %s for %s; screen:\n%s", timeout, what, frameScreen(screen))
		}
		time.Sleep(pollEvery)
	}
}

// kill stops the tmux server (the pane's processes get SIGHUP) and removes its socket.
func (tm *term) kill() {
	if tm.killed {
		return
	}
	tm.killed = true
	_, _ = tm.tmux("kill-server")
	if tm.socketPath != "" {
		_ = os.Remove(tm.socketPath)
	}
}

// frameScreen draws a screen between rulers so trailing blanks and edges show in logs.
func frameScreen(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	var b strings.Builder
	b.WriteString("┌" + strings.Repeat("─", 40) + "\n")
	for _, l := range lines {
		b.WriteString("│" + l + "\n")
	}
	b.WriteString("└" + strings.Repeat("─", 40))
	return b.String()
}
