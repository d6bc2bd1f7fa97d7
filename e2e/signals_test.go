package e2e

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// A stop signal at any moment — during start-up, idle, or mid-stream — ends gclaude
// with the terminal restored (main screen, mouse reporting off) and nothing of it left
// running. Before the fix, Bubble Tea's signal goroutine could block forever sending
// QuitMsg to an event loop that the same signal had already ended (through the
// program's context), and SIGTERM hung about one time in three.
func TestE2ESignalsAlwaysRestoreTheTerminal(t *testing.T) {
	t.Parallel()
	bin := gclaudeBinary(t)
	claude := fakeClaude(t)
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 11))
	const trials = 50
	for i := range trials {
		mode := []string{"idle", "stream"}[i%2]
		delay := time.Duration(rng.IntN(1200)) * time.Millisecond
		stopTrial(t, bin, claude, fmt.Sprintf("%s #%d, SIGTERM after %v", mode, i, delay), mode, syscall.SIGTERM, delay)
		if t.Failed() {
			return // the first failure says it all
		}
	}
}

// SIGHUP (the terminal went away) and SIGINT (kill -INT) take the same way out.
func TestE2EHangupAndInterruptSignals(t *testing.T) {
	t.Parallel()
	bin := gclaudeBinary(t)
	claude := fakeClaude(t)
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT} {
		for _, mode := range []string{"idle", "stream"} {
			stopTrial(t, bin, claude, fmt.Sprintf("%s, %v", mode, sig), mode, sig, 300*time.Millisecond)
		}
	}
}

// stopTrial starts gclaude in tmux, signals it once the moment comes (for "stream",
// delay after the answer started to stream; otherwise delay after the start, which may
// be before the screen was taken over) and checks how it ended.
func stopTrial(t *testing.T, bin, claude, name, mode string, sig syscall.Signal, delay time.Duration) {
	t.Helper()
	home := filepath.Join(t.TempDir(), "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	tm := startTerm(t, termOptions{Width: 80, Height: 24, Dir: home, Env: fakeEnv(t, home, mode),
		Argv: []string{bin, "--claude-bin", claude}})
	defer tm.kill()
	pid := waitPID(t, "HOME="+home, bin)
	if mode == "stream" {
		tm.WaitFor("streaming words", waitTimeout)
	}
	time.Sleep(delay)
	if err := syscall.Kill(pid, sig); err != nil {
		t.Fatalf("%s: kill: %v", name, err)
	}
	// A generous deadline only tells a hang from a slow machine.
	if code := tm.ExitStatus(waitTimeout); code != 128+int(sig) {
		t.Errorf("%s: exit status %d, want %d", name, code, 128+int(sig))
	}
	modes, err := tm.tmux("display-message", "-p", "-t", sessionName,
		"alt=#{alternate_on} mouse=#{mouse_any_flag}#{mouse_button_flag}#{mouse_all_flag}#{mouse_standard_flag}#{mouse_sgr_flag}")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(modes); got != "alt=0 mouse=00000" {
		t.Errorf("%s: terminal left with %s, want alt=0 mouse=00000; screen:\n%s", name, got, frameScreen(tm.Capture()))
	}
	if left := waitNoProcs("HOME="+home, 10*time.Second); len(left) > 0 {
		killProcs(left)
		t.Errorf("%s: still running after gclaude exited:\n%v", name, left)
	}
}

// waitPID finds the process running bin among those with entry in their environment.
func waitPID(t *testing.T, entry, bin string) int {
	t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		for _, p := range procsWithEnv(entry) {
			if hasProc([]proc{p}, bin) {
				return p.pid
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no %s process after %v", bin, waitTimeout)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// kill -9 of gclaude while a tool runs: claude dies with it (Pdeathsig) and so does
// the tool. The CLI runs Bash in a session of its own, out of reach of a signal to
// claude's group: it is claude, on the SIGTERM, that stops it. Before, both ran on
// until the tool ended.
func TestE2EKill9TakesClaudeAndToolAlong(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{API: fakeapi.Config{Scenarios: e2eScenarios()}})
	a.waitReady()
	a.prompt("SCENARIO:" + scenarioLongTool + " wait")
	a.choose(1)
	home := "HOME=" + a.rig.Home
	deadline := time.Now().Add(waitTimeout)
	for !hasCmdline(procsWithEnv(home), longToolCommand) {
		if time.Now().After(deadline) {
			t.Fatalf("the tool %q never ran; processes: %v", longToolCommand, procsWithEnv(home))
		}
		time.Sleep(pollEvery)
	}
	if err := syscall.Kill(waitPID(t, home, gclaudeBinary(t)), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	// Generous: only a process that stays for good fails this.
	if left := waitNoProcs(home, waitTimeout); len(left) > 0 {
		killProcs(left)
		t.Errorf("still running %v after gclaude was killed:\n%v", waitTimeout, left)
	}
}

// hasCmdline reports whether one of ps has a command line containing s.
func hasCmdline(ps []proc, s string) bool {
	for _, p := range ps {
		if strings.Contains(p.cmdline, s) {
			return true
		}
	}
	return false
}

// The same with the real CLI in the middle of a streamed answer: the turn is running,
// so closing claude interrupts it first; gclaude still ends at once with the terminal
// restored and claude gone.
func TestE2ESigtermMidStreamRealCLI(t *testing.T) {
	t.Parallel()
	for i, delay := range []time.Duration{0, 150 * time.Millisecond, 400 * time.Millisecond, 900 * time.Millisecond} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			a := startApp(t, appOptions{API: fakeapi.Config{Scenarios: e2eScenarios()}})
			a.waitReady()
			a.prompt("SCENARIO:" + scenarioLongSlow + " talk slowly")
			a.WaitFor("word2 ", waitTimeout)
			time.Sleep(delay)
			home := "HOME=" + a.rig.Home
			if err := syscall.Kill(waitPID(t, home, gclaudeBinary(t)), syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			if code := a.ExitStatus(waitTimeout); code != 128+int(syscall.SIGTERM) {
				t.Errorf("exit status %d, want %d", code, 128+int(syscall.SIGTERM))
			}
			modes, err := a.tmux("display-message", "-p", "-t", sessionName, "alt=#{alternate_on} mouse=#{mouse_any_flag}#{mouse_button_flag}#{mouse_all_flag}#{mouse_standard_flag}#{mouse_sgr_flag}")
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(modes); got != "alt=0 mouse=00000" {
				t.Errorf("terminal left with %s", got)
			}
			if left := waitNoProcs(home, 10*time.Second); len(left) > 0 {
				t.Errorf("still running after gclaude exited:\n%v", left)
			}
		})
	}
}
