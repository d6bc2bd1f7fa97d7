package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/workspacefile"
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

// At 80×24, a session in the background waiting on a permission is named in the
// status bar of the one in front, with the key that answers it (before, only the
// window title, which tmux does not show, said so).
func TestE2EWorkspaceWaitingSignAt80x24(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{API: fakeapi.Config{Scenarios: workspaceScenarios()},
		Files: map[string]string{"sub/README": "the second session's folder\n"}})
	a.waitReady()
	project := filepath.Base(a.rig.Dir)
	a.prompt("/open sub")
	a.waitFront("sub")
	a.prompt("SCENARIO:" + scenarioWsLateTouch + " touch a marker")
	a.waitRequest("for the turn in sub", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, scenarioWsLateTouch)
	})
	a.SendKeys("M-,")
	a.waitFront(project)
	screen := a.WaitFor(func(s string) bool { return strings.Contains(a.statusBar(s), "⧗ 1 waiting: sub · alt+i") }, waitTimeout)
	if strings.Contains(screen, "Run this command?") {
		t.Fatalf("the background request took the screen:\n%s", frameScreen(screen))
	}
	a.SendKeys("M-i")
	a.WaitFor(reArmed, waitTimeout)
	a.SendKeys("Escape") // no: the call is denied, and nothing waits any more
	a.WaitFor(func(s string) bool { return !strings.Contains(a.statusBar(s), "waiting") }, waitTimeout)
}

// waitClaudes waits until exactly n claude processes of this test run.
func (a *app) waitClaudes(n int, what string) {
	a.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		ps := a.claudeProcs()
		if len(ps) == n {
			return
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("%s: %d claude processes after %v, want %d:\n%v\nscreen:\n%s", what, len(ps), waitTimeout, n, ps, frameScreen(a.Capture()))
		}
		time.Sleep(pollEvery)
	}
}

// --max-running 2 holds for the session just opened and across a restore: a third
// session stops the oldest idle one's claude, and after a kill -9 and a restart,
// going through the three sessions leaves two running (before: three, until the
// next switch).
func TestE2EWorkspaceMaxRunning(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30, Args: []string{"--max-running", "2"},
		Files: map[string]string{"sub1/README": "one\n", "sub2/README": "two\n"}})
	a.waitReady()
	project := filepath.Base(a.rig.Dir)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " first")
	a.waitLog(logResult, 1)
	for i, dir := range []string{"sub1", "sub2"} {
		a.prompt("/open " + a.rig.Path(dir))
		a.waitFront(dir)
		a.prompt("SCENARIO:" + fakeapi.ScenarioText + " in " + dir)
		a.waitLog(logResult, i+2)
	}
	a.waitClaudes(2, "three sessions open with --max-running 2")
	a.waitSaved(3)

	home := "HOME=" + a.rig.Home
	if err := syscall.Kill(waitPID(t, home, gclaudeBinary(t)), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	a.ExitStatus(waitTimeout)
	if left := waitNoProcs(home, waitTimeout); len(left) > 0 {
		killProcs(left)
		t.Fatalf("still running after gclaude was killed: %v", left)
	}
	b := a.relaunch("--max-running", "2")
	b.waitFront("sub2")
	b.SendKeys("M-,")
	b.waitFront("sub1")
	b.SendKeys("M-,")
	b.waitFront(project)
	b.waitClaudes(2, "three sessions shown after a restore with --max-running 2")
}

// Words typed right after /open --worktree, while git makes the worktree, all land in
// the new session's prompt (before, the first ones stayed in the old session's).
func TestE2EWorkspaceKeysWhileOpeningGoToOnePlace(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30, Prepare: func(dir string) { gitRepo(t, dir) }})
	a.waitReady()
	project := filepath.Base(a.rig.Dir)
	a.Type("/open --worktree feat")
	a.WaitFor("/open --worktree feat", waitTimeout)
	words := strings.Fields("fix the login bug in the session handler and add a test for it")
	a.SendKeys("Enter")
	for _, w := range words {
		a.Type(w + " ")
		time.Sleep(30 * time.Millisecond)
	}
	typed := strings.Join(words, " ")
	a.waitFront("feat")
	a.WaitFor("❯ "+typed, waitTimeout)
	a.SendKeys("M-,")
	a.waitFront(project)
	screen := a.WaitFor("Ask claude…", waitTimeout)
	for _, w := range words[:3] {
		if strings.Contains(a.line(screen, -4), w) {
			t.Fatalf("the first session kept typed words:\n%s", frameScreen(screen))
		}
	}
}

// /open typed many times in a row, as fast as keys go: every session opens, and the
// saved workspace, read as it is being rewritten, is always whole and ends with all
// of them (before, some /open lines were split between sessions and lost).
func TestE2EWorkspaceManyOpensInARow(t *testing.T) {
	t.Parallel()
	const n = 10
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("d%02d/README", i)] = "folder\n"
	}
	a := startApp(t, appOptions{Width: 100, Height: 30, Args: []string{"--max-running", "2"}, Files: files})
	a.waitReady()
	var burst strings.Builder
	for i := range n {
		fmt.Fprintf(&burst, "/open %s\r", a.rig.Path(fmt.Sprintf("d%02d", i)))
	}
	a.Type(burst.String())
	last := fmt.Sprintf("d%02d", n-1)
	a.waitTitle("naming "+last, func(s string) bool { return frontIs(s, last) })
	path := a.workspacePath()
	deadline := time.Now().Add(waitTimeout)
	for {
		w, err := workspacefile.Load(path)
		if err != nil {
			t.Fatalf("the saved workspace could not be read while sessions opened: %v", err)
		}
		if len(w.Sessions) == n+1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the saved workspace holds %d sessions, want %d\n%s", len(w.Sessions), n+1, frameScreen(a.Capture()))
		}
		time.Sleep(pollEvery)
	}
	if a.rig.API.AnyRequestContains("/open") {
		t.Error("part of an /open line was sent to the model")
	}
}

// With the state folder unwritable, the first save of the workspace that fails is said
// at once, in the session in front (before, only at exit: a crash meanwhile lost the
// workspace without a word).
func TestE2EWorkspaceSaveFailureIsSaid(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30, Files: map[string]string{"sub/README": "the second session's folder\n"}})
	a.waitReady()
	// The workspaces folder becomes a file: no write can make it (not even root's).
	dir := filepath.Dir(a.workspacePath())
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("not a folder\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	a.prompt("/open sub")
	a.waitFront("sub")
	a.waitWords("the workspace cannot be saved")
}

// ctrl+c twice leaves a workspace of five busy sessions as it leaves one: a turn
// streaming in front, decisions waiting in front and behind, a background agent, a
// long Bash command; every claude is closed at once, gclaude exits cleanly and none is
// left running.
func TestE2EWorkspaceQuitsWithFiveSessions(t *testing.T) {
	t.Parallel()
	files := map[string]string{}
	for i := range 4 {
		files[fmt.Sprintf("s%d/README", i)] = "folder\n"
	}
	a := startApp(t, appOptions{Width: 100, Height: 30, Files: files,
		API: fakeapi.Config{Scenarios: append(fakeapi.BashLongScenarios(), fakeapi.TaskSlowScenarios()...)}})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashLong + " count")
	a.choose(a.choiceNumber(a.WaitFor(reArmed, waitTimeout), "Yes"))
	a.WaitFor("tick 1", waitTimeout)
	for i := range 4 {
		name := fmt.Sprintf("s%d", i)
		a.prompt("/open " + a.rig.Path(name))
		a.waitFront(name)
	}
	busy := []string{fakeapi.ScenarioBashTouch, fakeapi.ScenarioBashTouch, fakeapi.ScenarioTaskBgStall, fakeapi.ScenarioSlow}
	for i := 3; i >= 0; i-- {
		a.prompt("SCENARIO:" + busy[i] + " in s" + fmt.Sprint(i))
		a.waitRequest("for s"+fmt.Sprint(i), func(r fakeapi.Request) bool {
			return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, "in s"+fmt.Sprint(i))
		})
		if i > 0 {
			a.SendKeys("M-,")
			a.waitFront("s" + fmt.Sprint(i-1))
		}
	}
	a.WaitFor(reArmed, waitTimeout) // s0's decision in front, s1's behind
	a.waitClaudes(5, "five sessions")
	a.quit()
	if left := waitNoProcs("HOME="+a.rig.Home, waitTimeout); len(left) > 0 {
		t.Errorf("still running after the quit: %v", left)
	}
}
