package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
)

// Screen texts the tests wait for, as the UI writes them (ui/, ui/status, ui/dialogs).
const (
	textStarting = "starting claude…" // status bar until the CLI answered initialize
	textWelcome  = "✻ gclaude"        // the empty transcript
	textQuitHint = "press ctrl+c again to quit"
	textArming   = "arming… keys are ignored" // a dialog's grace period
	textWithdraw = "permission request withdrawn"
)

var (
	// reArmed is a permission or plan dialog's key hint once it takes keys.
	reArmed = regexp.MustCompile(`1-\d answer`)
	// reCost is a cost in the status bar.
	reCost = regexp.MustCompile(`\$0\.\d{4}`)
)

// appOptions configure one gclaude under test.
type appOptions struct {
	Width, Height int      // 0: 80×24
	Args          []string // gclaude's arguments after the sandbox's own
	API           fakeapi.Config
	Files         map[string]string // project files, as clirig.Options.Files
	// InShell starts an interactive bash with job control and types gclaude's command
	// line into it, as a user would (for ctrl+z and fg).
	InShell bool
	// Prepare runs on the project folder before gclaude starts (e.g. git init).
	Prepare func(dir string)
	// Env is added to gclaude's environment.
	Env []string
	// Wrap is a command line put before gclaude's (e.g. to run it in a namespace).
	Wrap []string
	// Untrusted leaves the project out of Claude Code's record (clirig.Options): gclaude
	// asks whether to trust it first.
	Untrusted bool
}

// app is gclaude running in tmux against the real CLI and the fake API.
type app struct {
	*term
	t     *testing.T
	rig   *clirig.Rig
	debug string // the --debug-file
	width int
	hgt   int
}

// startApp builds gclaude (once per run), starts it in a fresh sandbox and registers a
// cleanup that dumps the screen and the debug log when the test failed, stops tmux and
// checks that no process of the test is left.
func startApp(t *testing.T, o appOptions) *app {
	t.Helper()
	rig := clirig.New(t, clirig.Options{API: o.API, Files: o.Files, Env: o.Env, Untrusted: o.Untrusted})
	if o.Prepare != nil {
		o.Prepare(rig.Dir)
	}
	bin := gclaudeBinary(t)
	if o.Width == 0 {
		o.Width, o.Height = 80, 24
	}
	a := &app{t: t, rig: rig, debug: filepath.Join(t.TempDir(), "debug.log"), width: o.Width, hgt: o.Height}
	argv := append([]string{bin, "--claude-bin", rig.Bin, "--debug-file", a.debug}, o.Args...)
	env, termArgv := append(appEnv(rig), o.Env...), append(append([]string(nil), o.Wrap...), argv...)
	if o.InShell {
		env = append(env, "PS1="+shellPrompt)
		termArgv = []string{"bash", "--norc", "--noprofile", "-i"}
	}
	a.term = startTerm(t, termOptions{
		Width: o.Width, Height: o.Height, Dir: rig.Dir,
		Env:  env,
		Argv: termArgv,
	})
	// Registered after the rig's cleanups, so it runs before them (while the fake API
	// and the sandbox still exist), and before anything can fail the test (or tmux stays).
	t.Cleanup(a.cleanup)
	if o.InShell {
		a.WaitFor(strings.TrimSpace(shellPrompt), waitTimeout) // capture trims the line
		a.Type(shellLine(argv))
		a.SendKeys("Enter")
	}
	return a
}

// shellPrompt is the prompt of the shell InShell starts.
const shellPrompt = "e2e-shell$ "

// shellLine joins argv into one command line for a POSIX shell.
func shellLine(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = shellQuote(a)
	}
	return strings.Join(q, " ")
}

// appEnv is the sandbox's environment for gclaude, in a 256-colour terminal.
func appEnv(rig *clirig.Rig) []string {
	var env []string
	for _, kv := range rig.Env() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "TERM", "TMUX", "TMUX_PANE", "COLUMNS", "LINES", "COLORTERM", "NO_COLOR", "LANG", "LC_ALL":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "TERM=xterm-256color", "LANG=C.UTF-8", "CLAUDE_BIN="+rig.Bin)
}

func (a *app) cleanup() {
	t := a.t
	if t.Failed() {
		t.Logf("screen at the end:\n%s", frameScreen(a.Capture()))
	}
	a.kill()
	home := "HOME=" + a.rig.Home
	if left := waitNoProcs(home, 20*time.Second); len(left) > 0 {
		killProcs(left)
		t.Errorf("processes of this test still running 20s after tmux was stopped (killed now):\n%v", left)
	}
	if t.Failed() {
		t.Logf("debug log (%s) without stream events, last lines:\n%s", a.debug, tail(withoutStreamEvents(a.debugLog()), 80, 400))
	}
}

// debugLog is the --debug-file so far.
func (a *app) debugLog() string {
	b, _ := os.ReadFile(a.debug)
	return string(b)
}

// countLog counts the debug log's lines that contain s.
func (a *app) countLog(s string) int {
	n := 0
	for _, l := range strings.Split(a.debugLog(), "\n") {
		if strings.Contains(l, s) {
			n++
		}
	}
	return n
}

// waitLog waits until the debug log has at least n lines containing s.
func (a *app) waitLog(s string, n int) {
	a.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for a.countLog(s) < n {
		if time.Now().After(deadline) {
			a.t.Fatalf("waited %s for %d debug-log lines with %q (have %d); screen:\n%s", waitTimeout, n, s, a.countLog(s), frameScreen(a.Capture()))
		}
		time.Sleep(pollEvery)
	}
}

// Log lines of the debug file the tests count.
const (
	logResult     = "event message result/"
	logPermission = "event permission_request "
)

// waitReady waits for the first frame and then for the CLI to answer initialize.
func (a *app) waitReady() {
	a.t.Helper()
	a.WaitFor(textWelcome, waitTimeout)
	a.WaitGone(textStarting, waitTimeout)
}

// prompt types text into the editor and sends it.
func (a *app) prompt(text string) {
	a.t.Helper()
	a.Type(text)
	a.WaitFor(lastChars(text, 20), waitTimeout) // the editor has it: enter will send all of it
	a.SendKeys("Enter")
}

// lastChars is the end of s, to recognise a typed draft in a narrow editor.
func lastChars(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[len(r)-n:])
}

// line returns row i of a screen (negative: from the bottom), "" if there is none.
func (a *app) line(screen string, i int) string {
	lines := strings.Split(strings.TrimSuffix(screen, "\n"), "\n")
	for len(lines) < a.hgt {
		lines = append(lines, "")
	}
	if i < 0 {
		i += len(lines)
	}
	if i < 0 || i >= len(lines) {
		return ""
	}
	return lines[i]
}

// statusBar is the status bar of a screen: the row above the key help.
func (a *app) statusBar(screen string) string { return a.line(screen, -2) }

// waitStatus waits until the status bar matches want (string or *regexp.Regexp).
func (a *app) waitStatus(want any) string {
	a.t.Helper()
	ok, what := describe(want)
	screen := a.waitScreen(func(s string) bool { return ok(a.statusBar(s)) }, "for the status bar to show "+what, waitTimeout)
	return a.statusBar(screen)
}

// choose answers choice n of the dialog on screen once it takes keys: an armed
// dialog answers a number key at once.
func (a *app) choose(n int) {
	a.t.Helper()
	a.WaitFor(reArmed, waitTimeout)
	a.SendKeys(fmt.Sprint(n))
}

// choiceNumber finds the number of the dialog choice whose label starts with label.
func (a *app) choiceNumber(screen, label string) int {
	a.t.Helper()
	m := regexp.MustCompile(`(\d)\. ` + regexp.QuoteMeta(label)).FindStringSubmatch(screen)
	if m == nil {
		a.t.Fatalf("no choice %q on screen:\n%s", label, frameScreen(screen))
	}
	return int(m[1][0] - '0')
}

// waitFile waits until the project file exists.
func (a *app) waitFile(name string) {
	a.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		if _, err := os.Stat(a.rig.Path(name)); err == nil {
			return
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("%s was not created within %s; screen:\n%s", name, waitTimeout, frameScreen(a.Capture()))
		}
		time.Sleep(pollEvery)
	}
}

// waitRequest waits for a fake-API request that match accepts.
func (a *app) waitRequest(what string, match func(fakeapi.Request) bool) fakeapi.Request {
	a.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
	defer cancel()
	r, err := a.rig.API.WaitRequest(ctx, match)
	if err != nil {
		a.t.Fatalf("no API request %s: %v; screen:\n%s", what, err, frameScreen(a.Capture()))
	}
	return r
}

// withoutStreamEvents drops the log's many stream_event lines (raw and decoded), which
// say little that the other lines do not.
func withoutStreamEvents(log string) string {
	var keep []string
	for _, l := range strings.Split(log, "\n") {
		if !strings.Contains(l, "event message stream_event ") && !strings.Contains(l, `"type":"stream_event"`) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// tail is the last n lines of s, each cut to width bytes.
func tail(s string, n, width int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	for i, l := range lines {
		if len(l) > width {
			lines[i] = l[:width] + "…"
		}
	}
	return strings.Join(lines, "\n")
}
