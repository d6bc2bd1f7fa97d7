package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/sshrig"
	"github.com/gclaude/gclaude/internal/trust"
)

// Folder trust (issue 27): headless claude runs a folder's hooks and .mcp.json servers
// without asking, so gclaude asks first, as Claude Code's own screen does. Marker
// files show what ran: a SessionStart hook, an MCP server that touches a file when it
// starts, gclaude's worktree setup.

// reGateArmed is a trust or MCP question's key hint once it takes keys.
var reGateArmed = regexp.MustCompile(`↑↓ select · enter confirm`)

const (
	textTrustQuestion = "Accessing workspace:"
	textServerPrefix  = "New MCP server found in this project: "
)

// hookSettings is a .claude/settings.json whose SessionStart hook touches marker.
func hookSettings(marker string) string {
	b, _ := json.Marshal(map[string]any{"hooks": map[string]any{"SessionStart": []any{
		map[string]any{"hooks": []any{map[string]any{"type": "command", "command": "touch " + marker}}},
	}}})
	return string(b)
}

// markerServers is a .mcp.json of stdio servers, name → the file each touches when it
// starts (then it serves one tool, named after it).
func markerServers(t *testing.T, servers map[string]string) string {
	t.Helper()
	bin := mcpServerBinary(t)
	cfg := map[string]any{}
	for name, marker := range servers {
		cfg[name] = map[string]any{"command": "sh", "args": []string{"-c", "touch " + marker + "; exec " + bin + " -name " + name + " " + name + "_tool"}}
	}
	b, _ := json.Marshal(map[string]any{"mcpServers": cfg})
	return string(b)
}

// answerGate answers the question on screen once it takes keys: choice n counted from
// 1 (No is 1), by moving down from No and pressing enter, as a user must.
func (a *app) answerGate(n int) {
	a.t.Helper()
	a.WaitFor(reGateArmed, waitTimeout)
	for range n - 1 {
		a.SendKeys("Down")
	}
	a.SendKeys("Enter")
}

// record is the sandbox HOME's ~/.claude.json.
func (a *app) record() map[string]any {
	a.t.Helper()
	b, err := os.ReadFile(filepath.Join(a.rig.Home, ".claude.json"))
	if err != nil {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		a.t.Fatalf("~/.claude.json: %v\n%s", err, b)
	}
	return m
}

// trustedInRecord reports whether the record trusts dir, as Claude Code reads it.
func trustedInRecord(rec map[string]any, dir string) bool {
	projects, _ := rec["projects"].(map[string]any)
	entry, _ := projects[dir].(map[string]any)
	return entry["hasTrustDialogAccepted"] == true
}

// waitExists waits until path exists.
func (a *app) waitExists(path string) {
	a.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("%s was not made within %s; screen:\n%s", path, waitTimeout, frameScreen(a.Capture()))
		}
		time.Sleep(pollEvery)
	}
}

// In a folder Claude Code never trusted, gclaude asks before anything of it runs: no
// claude, no hook, no server, no prompt sent, until Yes; then each new server is asked
// about; Yes and the server's answer are written where Claude Code reads them.
func TestE2ETrustNothingRunsBeforeYes(t *testing.T) {
	t.Parallel()
	marks := t.TempDir()
	hook, server := filepath.Join(marks, "hook"), filepath.Join(marks, "server")
	a := startApp(t, appOptions{Width: 100, Height: 40, Untrusted: true,
		Files: map[string]string{".claude/settings.json": hookSettings(hook), ".mcp.json": markerServers(t, map[string]string{"marker": server})},
		Args:  []string{"say hello"}})
	screen := words(a.WaitFor(reGateArmed, waitTimeout))
	for _, want := range []string{textTrustQuestion, "Is this a project you created or one you trust?", "SessionStart: touch " + hook,
		"marker: sh -c", "No, exit", "Yes, I trust this folder"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the question does not show %q:\n%s", want, screen)
		}
	}
	a.nothingRan(hook, server)
	a.answerGate(2)
	a.WaitFor(textServerPrefix+"marker", waitTimeout)
	if !trustedInRecord(a.record(), a.rig.Dir) {
		t.Errorf("Yes is not in Claude Code's record: %v", a.record()["projects"])
	}
	a.nothingRan(hook, server)
	a.answerGate(2) // use this MCP server
	a.waitExists(hook)
	a.waitExists(server)
	a.waitRequest("with the prompt given on the command line", turnWith("say hello"))
	local, _ := os.ReadFile(a.rig.Path(".claude/settings.local.json"))
	if !strings.Contains(string(local), `"enabledMcpjsonServers": [`) || !strings.Contains(string(local), `"marker"`) {
		t.Errorf("the server's answer is not where Claude Code reads it:\n%s", local)
	}
}

// nothingRan checks that neither claude nor anything of the folder ran yet.
func (a *app) nothingRan(markers ...string) {
	a.t.Helper()
	time.Sleep(time.Second) // what would run has had time to (nothing can be waited for)
	for _, m := range markers {
		mustNotExist(a.t, m, "it ran before the user answered")
	}
	if p := a.claudeProcs(); len(p) > 0 {
		a.t.Errorf("claude runs before the user answered: %v", p)
	}
	if n := len(a.rig.API.Requests()); n > 0 {
		a.t.Errorf("%d API requests before the user answered", n)
	}
}

// No (the choice selected at first, and what enter answers) leaves gclaude: nothing
// started, nothing written, a non-zero exit that says why.
func TestE2ETrustNoLeaves(t *testing.T) {
	t.Parallel()
	marks := t.TempDir()
	hook := filepath.Join(marks, "hook")
	a := startApp(t, appOptions{Untrusted: true, Files: map[string]string{".claude/settings.json": hookSettings(hook)}, InShell: true})
	a.WaitFor(reGateArmed, waitTimeout)
	a.SendKeys("Enter")
	a.WaitFor("gclaude: nothing was started: you did not trust", waitTimeout)
	a.WaitFor(shellPrompt, waitTimeout)
	a.nothingRan(hook)
	if trustedInRecord(a.record(), a.rig.Dir) {
		t.Errorf("No was written as trust: %v", a.record())
	}
}

// A folder Claude Code's record trusts is not asked about: its hook runs at once.
func TestE2ETrustedByTheRecordIsNotAsked(t *testing.T) {
	t.Parallel()
	marks := t.TempDir()
	hook := filepath.Join(marks, "hook")
	a := startApp(t, appOptions{Files: map[string]string{".claude/settings.json": hookSettings(hook)}})
	a.waitReady()
	a.waitExists(hook)
	if screen := a.Capture(); strings.Contains(screen, textTrustQuestion) {
		t.Fatalf("a trusted folder was asked about:\n%s", frameScreen(screen))
	}
}

// Each new .mcp.json server is asked about on its own, continuing without it first:
// the one the user approves starts, the one declined (enter on the first choice)
// never does, and both answers are written where Claude Code reads them.
func TestE2ETrustEachNewServerIsAskedAbout(t *testing.T) {
	t.Parallel()
	marks := t.TempDir()
	yes, no := filepath.Join(marks, "yes"), filepath.Join(marks, "no")
	a := startApp(t, appOptions{Width: 100, Height: 30,
		Files: map[string]string{".mcp.json": markerServers(t, map[string]string{"alpha": yes, "beta": no})}})
	screen := a.WaitFor(regexp.MustCompile(textServerPrefix+`(alpha|beta)`), waitTimeout)
	first := "alpha"
	if strings.Contains(screen, textServerPrefix+"beta") {
		first = "beta"
	}
	if first == "alpha" {
		a.answerGate(2)
		a.WaitFor(textServerPrefix+"beta", waitTimeout)
		a.answerGate(1)
	} else {
		a.answerGate(1)
		a.WaitFor(textServerPrefix+"alpha", waitTimeout)
		a.answerGate(2)
	}
	a.waitReady()
	a.waitExists(yes)
	a.prompt("/mcp")
	a.WaitFor("alpha", waitTimeout)
	time.Sleep(time.Second)
	mustNotExist(t, no, "the declined server started")
	local, _ := os.ReadFile(a.rig.Path(".claude/settings.local.json"))
	for _, want := range []string{`"enabledMcpjsonServers": [`, `"alpha"`, `"disabledMcpjsonServers": [`, `"beta"`} {
		if !strings.Contains(string(local), want) {
			t.Errorf("settings.local.json has no %s:\n%s", want, local)
		}
	}
}

// /open of a repository Claude Code never trusted, for a new worktree: the question
// names gclaude's worktree setup too, and comes before anything is made. No opens
// nothing; Yes makes the worktree, runs the setup, and its claude runs the hook.
func TestE2ETrustOpenWorktreeOfAnUntrustedRepository(t *testing.T) {
	t.Parallel()
	marks := t.TempDir()
	hook, setup := filepath.Join(marks, "hook"), filepath.Join(marks, "setup")
	repo := t.TempDir()
	for name, content := range map[string]string{
		".claude/settings.json":   hookSettings(hook),
		".gclaude/workspace.json": `{"worktreeSetup": "touch ` + setup + `"}`,
	} {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitRepo(t, repo)
	gitOut(t, repo, "add", ".")
	gitOut(t, repo, "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", "commit", "-q", "-m", "settings")
	a := startApp(t, appOptions{Width: 110, Height: 40})
	a.waitReady()
	wt := filepath.Join(repo, ".claude", "worktrees", "feat")

	a.prompt("/open " + repo + " --worktree feat")
	screen := words(a.WaitFor(reGateArmed, waitTimeout))
	for _, want := range []string{textTrustQuestion, "worktree setup", "touch " + setup, "SessionStart: touch " + hook, "No, open nothing"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the question does not show %q:\n%s", want, screen)
		}
	}
	a.SendKeys("Escape")
	a.waitWords("nothing was opened")
	a.nothingRanIn(hook, setup, wt)

	a.prompt("/open " + repo + " --worktree feat")
	a.answerGate(2)
	a.waitFront("feat")
	a.waitExists(setup)
	a.waitExists(hook)
	if !trustedInRecord(a.record(), repo) {
		t.Errorf("the repository's trust is not in Claude Code's record: %v", a.record()["projects"])
	}
}

// nothingRanIn checks that no marker and no path exists (the test's own claude runs).
func (a *app) nothingRanIn(paths ...string) {
	a.t.Helper()
	time.Sleep(time.Second)
	for _, p := range paths {
		mustNotExist(a.t, p, "it was made or ran though the user said No")
	}
}

// A session on another machine is asked about with that machine's record: a folder
// this machine's record trusts is still asked about when the host's does not, and Yes
// is written to the host's ~/.claude.json.
func TestE2ETrustRemoteFolderAsksWithTheHostsRecord(t *testing.T) {
	t.Parallel()
	r := sshrig.New(t, sshrig.Options{})
	marks := t.TempDir()
	hook := filepath.Join(marks, "hook")
	dir := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(hookSettings(hook)), 0o644); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, appOptions{Width: 100, Height: 40, Env: []string{"GCLAUDE_SSH_CONFIG=" + r.ConfigFile}})
	if err := trust.Seed(a.rig.Home, dir); err != nil { // this machine's record trusts it
		t.Fatal(err)
	}
	a.waitReady()
	a.prompt("/open --host " + r.Host + " " + dir)
	screen := words(a.WaitFor(reGateArmed, waitTimeout))
	for _, want := range []string{textTrustQuestion, "on " + r.Host, "SessionStart: touch " + hook} {
		if !strings.Contains(screen, want) {
			t.Errorf("the question does not show %q:\n%s", want, screen)
		}
	}
	a.nothingRanIn(hook)
	a.answerGate(2)
	a.waitFront("elsewhere @ 127.0.0.1")
	a.waitExists(hook)
	b, _ := os.ReadFile(filepath.Join(r.Home, ".claude.json"))
	var rec map[string]any
	_ = json.Unmarshal(b, &rec)
	if !trustedInRecord(rec, dir) {
		t.Errorf("Yes is not in the host's record:\n%s", b)
	}
}

// The question is asked in --tui inline too, before anything of the folder runs.
func TestE2ETrustInline(t *testing.T) {
	t.Parallel()
	marks := t.TempDir()
	hook := filepath.Join(marks, "hook")
	a := startApp(t, appOptions{Untrusted: true, Args: []string{"--tui", "inline"},
		Files: map[string]string{".claude/settings.json": hookSettings(hook)}})
	a.WaitFor(reGateArmed, waitTimeout)
	a.SendKeys("PageDown") // the live part is short: the facts are below the question's words
	a.WaitFor("SessionStart: touch "+hook, waitTimeout)
	a.nothingRan(hook)
	a.answerGate(2)
	a.waitExists(hook)
}
