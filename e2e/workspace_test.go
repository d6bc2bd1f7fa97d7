package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/workspacefile"
)

// The workspace (issue 21) end to end: several sessions of the real CLI in one gclaude.

// Scenarios of the workspace tests. Their commands name no folder: where a file appears
// tells which claude ran the tool.
const (
	// scenarioWsLateTouch asks to run `touch` after a pause, so the test can go back
	// to another session and type before the request arrives.
	scenarioWsLateTouch = "e2e_ws_late_touch"
	wsLateTouchDelay    = 5 * time.Second
	wsMarker            = "ws-marker"
	// scenarioWsTouchHere runs `touch made-here` at once.
	scenarioWsTouchHere = "e2e_ws_touch_here"
	wsMadeHere          = "made-here"
)

func workspaceScenarios() []fakeapi.Scenario {
	touch := func(file string) fakeapi.Step {
		return fakeapi.Reply(fakeapi.ToolUse("Bash", map[string]any{"command": "touch " + file, "description": "Create " + file}))
	}
	done := fakeapi.Reply(fakeapi.Text(fakeapi.TextToolDone + "{{tool_result}}"))
	late := touch(wsMarker)
	late.Delay = wsLateTouchDelay
	return []fakeapi.Scenario{
		{Name: scenarioWsLateTouch, Steps: []fakeapi.Step{late, done}},
		{Name: scenarioWsTouchHere, Steps: []fakeapi.Step{touch(wsMadeHere), done}},
	}
}

// paneTitle is the title gclaude gave its terminal window.
func (a *app) paneTitle() string {
	a.t.Helper()
	out, err := a.tmux("display-message", "-p", "-t", sessionName, "#{pane_title}")
	if err != nil {
		a.t.Fatal(err)
	}
	return strings.TrimSpace(out)
}

// waitTitle waits until the window title satisfies ok.
func (a *app) waitTitle(what string, ok func(string) bool) string {
	a.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		title := a.paneTitle()
		if ok(title) {
			return title
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("waited %s for the window title %s (it is %q); screen:\n%s", waitTimeout, what, title, frameScreen(a.Capture()))
		}
		time.Sleep(pollEvery)
	}
}

// frontIs reports whether the window title names the session in front name (a
// workspace's title carries the name of the session shown; the status bar may have
// no room for the folder).
func frontIs(title, name string) bool { return strings.HasSuffix(title, "gclaude · "+name) }

// waitFront waits until the session named name is in front and its claude started.
func (a *app) waitFront(name string) {
	a.t.Helper()
	a.waitTitle("naming "+name, func(s string) bool { return frontIs(s, name) })
	a.WaitGone(textStarting, waitTimeout)
}

// words is a screen's words on one line: notices and dialogs wrap.
func words(screen string) string { return strings.Join(strings.Fields(screen), " ") }

// waitWords waits until the screen holds want, however its lines wrap it.
func (a *app) waitWords(want string) string {
	a.t.Helper()
	return a.WaitFor(func(s string) bool { return strings.Contains(words(s), want) }, waitTimeout)
}

// mustNotExist fails the test when path exists.
func mustNotExist(t *testing.T, path, why string) {
	t.Helper()
	if _, err := os.Stat(path); err == nil {
		t.Errorf("%s exists: %s", path, why)
	}
}

// A session in the background asks for permission while the user types in another:
// the keyboard stays with the user, the title and the session list say who waits, and
// the inbox answers it in its own session's folder, leaving the user where they were.
func TestE2EWorkspaceBackgroundPermissionGoesToTheInbox(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30,
		API:   fakeapi.Config{Scenarios: workspaceScenarios()},
		Files: map[string]string{"sub/README": "the second session's folder\n"}})
	a.waitReady()
	project := filepath.Base(a.rig.Dir)
	a.prompt("/open sub")
	a.waitFront("sub")

	// The second session gets a turn whose tool call comes late; the user goes back.
	a.prompt("SCENARIO:" + scenarioWsLateTouch + " touch a marker")
	a.waitRequest("for the turn in sub", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, scenarioWsLateTouch)
	})
	a.SendKeys("M-,")
	a.waitFront(project)
	const draft = "my own half-typed thought"
	a.Type(draft)
	a.WaitFor("❯ "+draft, waitTimeout)
	if n := a.countLog(logPermission); n != 0 {
		t.Fatalf("the request came before the user was back in the first session (%d in the log): too slow a machine for a %v delay", n, wsLateTouchDelay)
	}

	title := a.waitTitle("counting one decision", func(s string) bool { return strings.HasPrefix(s, "[1 waiting] ") })
	const more = " and more"
	a.Type(more)
	screen := a.WaitFor("❯ "+draft+more, waitTimeout)
	if reArmed.MatchString(screen) || strings.Contains(screen, textArming) || strings.Contains(screen, "Run this command?") {
		t.Fatalf("the background request took the screen (title %q):\n%s", title, frameScreen(screen))
	}
	if title := a.paneTitle(); !frontIs(title, project) {
		t.Errorf("the first session should still be in front: title %q", title)
	}

	// The session list says which session waits.
	a.SendKeys("M-s")
	list := a.WaitFor("sub · waiting for you (1)", waitTimeout)
	if !strings.Contains(list, project+" · idle") {
		t.Errorf("the list should show the first session idle:\n%s", frameScreen(list))
	}
	a.SendKeys("Escape")
	a.WaitGone("Sessions", waitTimeout)
	a.WaitFor("❯ "+draft+more, waitTimeout)

	// The inbox shows the request with its session's name and answers it with one key.
	a.SendKeys("M-i")
	dialog := a.WaitFor(reArmed, waitTimeout)
	for _, want := range []string{"⧉ sub", "touch " + wsMarker} {
		if !strings.Contains(dialog, want) {
			t.Errorf("the inbox dialog lacks %q:\n%s", want, frameScreen(dialog))
		}
	}
	a.SendKeys(string(rune('0' + a.choiceNumber(dialog, "Yes"))))
	a.waitFile("sub/" + wsMarker)
	mustNotExist(t, a.rig.Path(wsMarker), "the command ran in the first session's folder")

	// The user is still in their session, with their text; nothing waits any more.
	a.WaitGone(reArmed, waitTimeout)
	screen = a.WaitFor("❯ "+draft+more, waitTimeout)
	title = a.waitTitle("without a waiting count", func(s string) bool { return s != "" && !strings.Contains(s, "waiting") })
	if !frontIs(title, project) {
		t.Errorf("answering from the inbox moved the user to another session: title %q\n%s", title, frameScreen(screen))
	}

	// The other session ran the call and finished its turn.
	a.SendKeys("M-.")
	a.waitFront("sub")
	a.WaitFor("Allowed once", waitTimeout)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
}

// gitRepo makes dir a git repository with one commit, as a user's checkout.
func gitRepo(t *testing.T, dir string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "README"), []byte("main checkout\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitOut(t, dir, "init", "-q", "-b", "main")
	gitOut(t, dir, "add", "README")
	gitOut(t, dir, "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", "commit", "-q", "-m", "first")
}

// gitOut runs git in dir, without the user's or the system's configuration, and
// returns its output.
func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v in %s: %v\n%s", args, dir, err, out)
	}
	return string(out)
}

// A worktree session's tools run in its worktree, never in the main checkout; /close
// on it with uncommitted changes refuses to remove it, says what would be lost, and
// the worktree stays.
func TestE2EWorkspaceWorktreeSession(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30,
		API:     fakeapi.Config{Scenarios: workspaceScenarios()},
		Prepare: func(dir string) { gitRepo(t, dir) }})
	a.waitReady()
	project := filepath.Base(a.rig.Dir)
	a.prompt("/open --worktree feat")
	a.waitFront("feat")
	const worktreeDir = ".claude/worktrees/feat"
	wt := a.rig.Path(worktreeDir)
	a.waitWords("on branch worktree-feat")
	if got := strings.TrimSpace(gitOut(t, wt, "rev-parse", "--abbrev-ref", "HEAD")); got != "worktree-feat" {
		t.Fatalf("the worktree is on %q, want worktree-feat", got)
	}

	a.prompt("SCENARIO:" + scenarioWsTouchHere + " make a file")
	a.choose(a.choiceNumber(a.WaitFor(reArmed, waitTimeout), "Yes"))
	a.waitFile(worktreeDir + "/" + wsMadeHere)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	mustNotExist(t, a.rig.Path(wsMadeHere), "the worktree session's tool ran in the main checkout")
	if st := gitOut(t, a.rig.Dir, "status", "--porcelain"); st != "" {
		t.Errorf("the main checkout changed:\n%s", st)
	}

	// /close refuses to take the uncommitted file away, and says so.
	a.prompt("/close")
	screen := a.waitWords("cannot be removed")
	flat := words(screen)
	for _, want := range []string{"1 uncommitted change", wsMadeHere} {
		if !strings.Contains(flat, want) {
			t.Errorf("the refusal should say what would be lost (%q):\n%s", want, frameScreen(screen))
		}
	}
	if strings.Contains(flat, "remove the worktree") {
		t.Errorf("removal is offered though work would be lost:\n%s", frameScreen(screen))
	}
	a.waitWords("keep the worktree")
	a.SendKeys("Enter")
	a.waitFront(project)
	if _, err := os.Stat(filepath.Join(wt, wsMadeHere)); err != nil {
		t.Errorf("the worktree's file is gone after /close: %v", err)
	}
	if out := gitOut(t, a.rig.Dir, "branch", "--list", "worktree-feat"); !strings.Contains(out, "worktree-feat") {
		t.Errorf("the worktree's branch is gone after /close")
	}
}

// claudeProcs are the claude processes of this test's sandbox.
func (a *app) claudeProcs() []proc {
	var out []proc
	for _, p := range procsWithEnv("HOME=" + a.rig.Home) {
		if hasProc([]proc{p}, a.rig.Bin) {
			out = append(out, p)
		}
	}
	return out
}

// workspacePath is where gclaude saves the project folder's workspace.
func (a *app) workspacePath() string {
	a.t.Helper()
	env := map[string]string{}
	for _, kv := range appEnv(a.rig) {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	path, err := workspacefile.Path(a.rig.Dir, func(k string) string { return env[k] })
	if err != nil {
		a.t.Fatal(err)
	}
	if !strings.HasPrefix(path, a.rig.Home+string(filepath.Separator)) {
		a.t.Fatalf("the workspace would be saved in %s, outside the test's HOME", path)
	}
	return path
}

// waitSaved waits until the saved workspace of the project folder holds n sessions,
// each with the conversation claude keeps, and returns it.
func (a *app) waitSaved(n int) workspacefile.Workspace {
	a.t.Helper()
	path := a.workspacePath()
	deadline := time.Now().Add(waitTimeout)
	for {
		w, err := workspacefile.Load(path)
		ok := err == nil && len(w.Sessions) == n
		for _, s := range w.Sessions {
			ok = ok && s.CLISessionID != ""
		}
		if ok {
			return w
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("the saved workspace %s does not hold %d sessions with their conversations: %+v, %v", path, n, w, err)
		}
		time.Sleep(pollEvery)
	}
}

// kill -9 of gclaude with two sessions that each had a turn takes both claude
// processes along; gclaude started again in the folder brings both sessions back with
// their history, starting claude only for the one shown.
func TestE2EWorkspaceSurvivesKill9(t *testing.T) {
	t.Parallel()
	const (
		firstWord  = "PELICAN"
		secondWord = "FLAMINGO"
	)
	a := startApp(t, appOptions{Width: 100, Height: 30,
		Files: map[string]string{"sub/README": "the second session's folder\n"}})
	a.waitReady()
	project := filepath.Base(a.rig.Dir)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " remember " + firstWord)
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitLog(logResult, 1)
	a.prompt("/open sub")
	a.waitFront("sub")
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " remember " + secondWord)
	a.waitLog(logResult, 2)
	a.WaitFor(fakeapi.TextHello, waitTimeout)
	a.waitSaved(2)

	home := "HOME=" + a.rig.Home
	if ps := a.claudeProcs(); len(ps) != 2 {
		t.Fatalf("want a claude process per session before the kill, have %v", ps)
	}
	if err := syscall.Kill(waitPID(t, home, gclaudeBinary(t)), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if code := a.ExitStatus(waitTimeout); code != 128+int(syscall.SIGKILL) {
		t.Fatalf("gclaude exited with %d, want killed", code)
	}
	if left := waitNoProcs(home, waitTimeout); len(left) > 0 {
		killProcs(left)
		t.Fatalf("still running %v after gclaude was killed:\n%v", waitTimeout, left)
	}

	// Started again in the folder, with no arguments: the session that was in front
	// comes back in front with its history; only its claude starts.
	b := a.relaunch()
	b.waitFront("sub")
	b.WaitFor("remember "+secondWord, waitTimeout)
	if ps := b.claudeProcs(); len(ps) != 1 {
		t.Errorf("want claude started only for the session shown, have %v", ps)
	}
	b.prompt("/sessions")
	list := b.WaitFor("sub · ", waitTimeout)
	if !strings.Contains(list, project+" · saved") {
		t.Errorf("the session list should have the other session, saved:\n%s", frameScreen(list))
	}
	b.SendKeys("Up")
	b.SendKeys("Enter")
	b.waitFront(project)
	screen := b.WaitFor("remember "+firstWord, waitTimeout)
	if strings.Contains(screen, secondWord) {
		t.Errorf("the first session shows the second's history:\n%s", frameScreen(screen))
	}

	// Its conversation goes on: the next turn carries the old one.
	b.prompt("SCENARIO:" + fakeapi.ScenarioText + " and now?")
	req := b.waitRequest("for the next turn", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, "and now?")
	})
	if !strings.Contains(req.Text(), firstWord) {
		t.Errorf("the turn after the restart lacks the conversation before it")
	}
}
