package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
)

// `gclaude --resume nosuchid` in a folder without conversations says so plainly and
// goes on as a new conversation: claude is never started with an id it cannot resume,
// so none of its errors about --print (a flag the user never typed) show.
func TestE2EResumeUnknownID(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Args: []string{"--resume", "nosuchid"}})
	a.WaitFor(`no conversation matches "nosuchid" in this folder: this is a new one`, waitTimeout)
	screen := a.WaitGone(textStarting, waitTimeout)
	for _, bad := range []string{"--print", "claude -p", "exited"} {
		if strings.Contains(screen, bad) {
			t.Errorf("the screen shows %q:\n%s", bad, frameScreen(screen))
		}
	}
	a.quit()
}

// fakeSignIn writes a stand-in for claude that runs the real CLI, except that
// `auth login` asks for enter on the terminal and then "signs in": from then on the CLI
// gets the sandbox's fake key. The real sign-in would reach claude.ai.
func fakeSignIn(t *testing.T, realBin string) string {
	t.Helper()
	dir := t.TempDir()
	mark := filepath.Join(dir, "signed-in")
	script := "#!/bin/sh\n" +
		"if [ \"$1\" = auth ] && [ \"$2\" = login ]; then echo 'FAKE SIGN-IN: press enter'; read x; touch " + shellQuote(mark) + "; exit 0; fi\n" +
		"if [ -f " + shellQuote(mark) + " ]; then ANTHROPIC_API_KEY=sk-test-fake; export ANTHROPIC_API_KEY; fi\n" +
		"exec " + shellQuote(realBin) + " \"$@\"\n"
	path := filepath.Join(dir, "claude")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// A claude that is installed but not logged in: the first screen says how to sign in,
// before anything is typed; /login hands the terminal to claude's sign-in and, when it
// ends, claude restarts with the new credentials and answers.
func TestE2ENotLoggedIn(t *testing.T) {
	t.Parallel()
	signIn := fakeSignIn(t, clirig.Require(t))
	a := startAppEnv(t, appOptions{Width: 100, Height: 30, Args: []string{"--claude-bin", signIn}}, "ANTHROPIC_API_KEY=")
	a.WaitFor("claude is not logged in. Type /login", waitTimeout)
	a.WaitGone(textStarting, waitTimeout)

	a.prompt("/login")
	a.WaitFor("FAKE SIGN-IN: press enter", waitTimeout)
	a.SendKeys("Enter")
	a.WaitFor("restarting claude with the new sign-in", waitTimeout)
	a.WaitGone(textStarting, waitTimeout)

	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello after signing in")
	a.waitLog(logResult, 1)
	if r, ok := a.rig.API.LastMainRequest(); !ok || !strings.Contains(r.Prompt, "hello after signing in") {
		t.Fatalf("the prompt did not reach the API after the sign-in: %+v", r.Prompt)
	}
	a.quit()
}

// The / menu of the real CLI's commands opens on gclaude's own commands, and never
// offers the CLI's internal (__) or removed ones, even when asked for by name.
func TestE2ESlashMenu(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	a.Type("/")
	screen := a.WaitFor("gclaude's commands", waitTimeout)
	if !regexp.MustCompile(`gclaude's commands *\n❯ /`).MatchString(screen) {
		t.Errorf("the menu does not open on gclaude's first command:\n%s", frameScreen(screen))
	}
	for _, q := range []string{"__re", "agents"} {
		a.Type(q)
		screen = a.WaitFor("/"+q, waitTimeout)
		if strings.Contains(screen, "/__remote-workflow") || strings.Contains(screen, "(removed)") {
			t.Errorf("/%s offers an internal or removed command:\n%s", q, frameScreen(screen))
		}
		a.SendKeys("C-u")
		a.Type("/")
	}
	a.SendKeys("C-u")
	a.quit()
}
