package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// Issue 31's commands end to end, against the real CLI: those that need claude (a
// side question, its hooks, its plugins, a copy of its conversation) and /copy.

// /copy puts the last answer on the clipboard (OSC 52: tmux takes it as a buffer) and
// into gclaude's state folder; /copy 2 the one before.
func TestE2ECopy(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	if _, err := a.tmux("set-option", "-g", "set-clipboard", "on"); err != nil {
		t.Fatal(err)
	}
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioMarkdown + " first")
	a.waitLog(logResult, 1)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " second")
	a.waitLog(logResult, 2)
	a.prompt("/copy")
	a.WaitFor("sent to your terminal's clipboard", waitTimeout)
	if got := a.waitClipboard(func(s string) bool { return s != "" }); got != fakeapi.TextHello {
		t.Errorf("clipboard %q, want the last answer", got)
	}
	file := filepath.Join(a.rig.Home, ".local", "state", "gclaude", "response.md")
	if b, err := os.ReadFile(file); err != nil || string(b) != fakeapi.TextHello {
		t.Errorf("%s: %q, %v", file, b, err)
	}
	a.prompt("/copy 2")
	a.WaitFor("answer 2 from the end", waitTimeout)
	if got := a.waitClipboard(func(s string) bool { return s != fakeapi.TextHello }); !strings.HasPrefix(got, "# Release notes") {
		t.Errorf("/copy 2 copied %q", got)
	}
}

// waitClipboard waits until the newest tmux buffer satisfies ok (the OSC 52 sequence
// reaches tmux after the notice that announces it) and returns it.
func (a *app) waitClipboard(ok func(string) bool) string {
	a.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		out, err := a.tmux("show-buffer")
		if err == nil && ok(out) {
			return out
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("the clipboard has %q (%v)", out, err)
		}
		time.Sleep(pollEvery)
	}
}

// scenarioHoldTurn keeps a turn running: its reply comes after a minute, long after the
// test is done with it (it interrupts the turn).
const scenarioHoldTurn = "e2e_hold_turn"

// /btw, while a turn runs: the real CLI answers the side question at once in the
// overlay, the turn goes on, and the conversation never sees the question.
func TestE2EBtwSideQuestion(t *testing.T) {
	t.Parallel()
	hold := fakeapi.Reply(fakeapi.Text("held reply"))
	hold.Delay = time.Minute
	a := startApp(t, appOptions{Width: 100, Height: 30, API: fakeapi.Config{Scenarios: []fakeapi.Scenario{
		{Name: scenarioHoldTurn, Steps: []fakeapi.Step{hold}}}}})
	a.waitReady()
	a.prompt("SCENARIO:" + scenarioHoldTurn + " take your time")
	a.waitRequest("for the held turn", func(r fakeapi.Request) bool { return r.Scenario == scenarioHoldTurn })
	a.prompt("/btw what is btw-side-words? SCENARIO:" + fakeapi.ScenarioText)
	screen := a.WaitFor(fakeapi.TextHello, waitTimeout)
	if !strings.Contains(screen, "/btw · a side question") || !strings.Contains(screen, "what is btw-side-words?") {
		t.Fatalf("no overlay:\n%s", frameScreen(screen))
	}
	if n := a.countLog(logResult); n != 0 {
		t.Fatalf("the turn ended (%d results) instead of going on", n)
	}
	a.SendKeys("Escape")
	a.WaitGone("/btw · a side question", waitTimeout)
	a.SendKeys("Escape") // the held turn
	a.waitLog(logResult, 1)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " after the side question")
	r := a.waitRequest("for the next turn", func(r fakeapi.Request) bool { return r.Contains("after the side question") })
	if r.Contains("btw-side-words") {
		t.Error("the side question reached the conversation")
	}
	if md := a.Capture(); strings.Contains(md, "btw-side-words") {
		t.Errorf("the transcript shows the side question:\n%s", frameScreen(md))
	}
}

// /hooks shows the hooks the real CLI reports for the project's settings, and one
// whole on enter.
func TestE2EHooks(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30, Files: map[string]string{
		".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo hook-words","timeout":9}]}]}}`,
	}})
	a.waitReady()
	a.prompt("/hooks")
	screen := a.WaitFor("PreToolUse  Bash", waitTimeout)
	if !strings.Contains(screen, "command: echo hook-words · Project settings (.claude/settings.json)") {
		t.Fatalf("the panel:\n%s", frameScreen(screen))
	}
	a.SendKeys("Enter")
	a.WaitFor(regexp.MustCompile(`Timeout +9 s`), waitTimeout)
	a.SendKeys("Escape")
	a.WaitFor("Hooks", waitTimeout)
}

// writeMarketplace makes a plugin marketplace in dir with one plugin, hello, whose
// command greet asks for words the test looks for.
func writeMarketplace(t *testing.T, dir string) {
	t.Helper()
	files := map[string]string{
		".claude-plugin/marketplace.json":          `{"name":"e2e-mkt","owner":{"name":"e2e"},"plugins":[{"name":"hello","source":"./plugins/hello","description":"Says hello","version":"1.0.0"}]}`,
		"plugins/hello/.claude-plugin/plugin.json": `{"name":"hello","description":"Says hello","version":"1.0.0"}`,
		"plugins/hello/commands/greet.md":          "---\ndescription: Greet\n---\nSay plugin-greet-words.\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// /plugin adds a marketplace and installs a plugin through the real `claude plugin`;
// the running claude reloads its plugins, so the plugin's command is in the / menu at
// once and runs; the panel lists it as installed.
func TestE2EPlugin(t *testing.T) {
	t.Parallel()
	mkt := t.TempDir()
	writeMarketplace(t, mkt)
	a := startApp(t, appOptions{Width: 120, Height: 34})
	a.waitReady()
	a.prompt("/plugin marketplace add " + mkt)
	a.WaitFor("Successfully added marketplace: e2e-mkt", waitTimeout)
	a.prompt("/plugin install hello@e2e-mkt")
	a.WaitFor(regexp.MustCompile(`Successfully installed plugin: hello@e2e-mkt.*\n?.*reloaded its`), waitTimeout)
	a.prompt("/hello:greet")
	r := a.waitRequest("for the plugin's command", func(r fakeapi.Request) bool { return r.Contains("plugin-greet-words") })
	if r.Kind != fakeapi.KindConversation {
		t.Errorf("the command's prompt went as a %v request", r.Kind)
	}
	a.waitLog(logResult, 1)
	a.prompt("/plugin")
	screen := a.WaitFor("marketplace e2e-mkt", waitTimeout)
	if !strings.Contains(screen, "hello@e2e-mkt") || !strings.Contains(screen, "✔ enabled · user · 1.0.0") {
		t.Errorf("the panel:\n%s", frameScreen(screen))
	}
}

// /fork copies the conversation into a session of the workspace that works on its
// prompt in the background, with the conversation so far; /branch copies it into one
// in front.
func TestE2EForkAndBranch(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 34})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " fork-origin-words")
	a.waitLog(logResult, 1)
	a.prompt("/fork SCENARIO:" + fakeapi.ScenarioText + " fork-prompt-words")
	a.WaitFor("works in the background", waitTimeout)
	r := a.waitRequest("from the fork", func(r fakeapi.Request) bool { return r.Contains("fork-prompt-words") })
	if !r.Contains("fork-origin-words") {
		t.Errorf("the fork's request lacks the conversation it copied:\n%s", r.Text())
	}
	a.SendKeys("M-s")
	screen := a.WaitFor("↑↓/1-2 move", waitTimeout)
	if !regexp.MustCompile(`2\. project #2 · (working|idle)`).MatchString(screen) {
		t.Errorf("the session list:\n%s", frameScreen(screen))
	}
	a.SendKeys("Escape")
	a.WaitGone("↑↓/1-2 move", waitTimeout)
	a.prompt("/branch")
	a.WaitFor("Branch: copy the conversation", waitTimeout)
	a.SendKeys("Enter")
	a.WaitFor("A branch of project", waitTimeout)
	a.WaitFor("fork-origin-words", waitTimeout)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " branch-words")
	r = a.waitRequest("from the branch", func(r fakeapi.Request) bool { return r.Contains("branch-words") })
	if !r.Contains("fork-origin-words") || r.Contains("fork-prompt-words") {
		t.Errorf("the branch's request is not this conversation's:\n%s", r.Text())
	}
}

// /skills lists the project's skill as the real CLI reports it; enter starts a prompt
// with it.
func TestE2ESkills(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30, Files: map[string]string{
		".claude/skills/foo-skill/SKILL.md": "---\nname: foo-skill\ndescription: Does foo things\n---\nDo foo.\n",
	}})
	a.waitReady()
	a.prompt("/skills")
	screen := a.WaitFor("/foo-skill", waitTimeout)
	if !regexp.MustCompile(`project · ~\d+ tokens · Does foo things`).MatchString(screen) {
		t.Fatalf("the panel:\n%s", frameScreen(screen))
	}
	a.SendKeys("Enter")
	a.WaitGone("Does foo things", waitTimeout)
	if line := a.line(a.Capture(), -4); !strings.Contains(line, "/foo-skill") {
		t.Errorf("the prompt does not start with the skill: %q\n%s", line, frameScreen(a.Capture()))
	}
}

// The first screen says how to reach the workspace, and what it says works: /open
// starts a second session and alt+s lists both.
func TestE2EFirstScreenNamesTheWorkspace(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	a.waitReady()
	a.WaitFor("/open starts another session · alt+s lists them · alt+i: the inbox", waitTimeout)
	a.prompt("/open")
	a.waitLog("event ready", 2)
	a.SendKeys("M-s")
	a.WaitFor(regexp.MustCompile(`2\. project #2 · (idle|starting)`), waitTimeout)
}
