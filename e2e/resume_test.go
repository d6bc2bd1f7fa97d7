package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/sessionfiles"
)

// relaunch starts gclaude again in the same sandbox (same HOME, project and fake API)
// once the one before has exited, with args after the sandbox's own.
func (a *app) relaunch(args ...string) *app {
	a.t.Helper()
	b := &app{t: a.t, rig: a.rig, debug: filepath.Join(a.t.TempDir(), "debug.log"), width: a.width, hgt: a.hgt}
	argv := append([]string{gclaudeBinary(a.t), "--claude-bin", a.rig.Bin, "--debug-file", b.debug}, args...)
	b.term = startTerm(a.t, termOptions{Width: a.width, Height: a.hgt, Dir: a.rig.Dir, Env: appEnv(a.rig), Argv: argv})
	a.t.Cleanup(b.cleanup) // runs before a's: b is stopped before a's process check
	return b
}

// quit leaves gclaude with ctrl+c twice and checks that it exited cleanly.
func (a *app) quit() {
	a.t.Helper()
	a.SendKeys("C-c")
	a.WaitFor(textQuitHint, waitTimeout)
	a.SendKeys("C-c")
	if code := a.ExitStatus(waitTimeout); code != 0 {
		a.t.Fatalf("gclaude exited with %d, want 0", code)
	}
}

// A conversation survives gclaude: quit, `gclaude --resume`, pick it, see its history,
// go on — and the model gets the old turns; `gclaude -c` then opens it without asking.
func TestE2EResumeConversation(t *testing.T) {
	t.Parallel()
	const (
		firstPrompt = "remember the word PELICAN"
		firstAnswer = "Here is my answer after thinking."
		nextPrompt  = "and now?"
	)
	a := startApp(t, appOptions{Width: 100, Height: 30})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioThinking + " " + firstPrompt)
	a.WaitFor(firstAnswer, waitTimeout)
	a.waitLog(logResult, 1)
	a.quit()

	// A bare --resume offers the folder's conversations.
	b := a.relaunch("--resume")
	b.WaitFor("Resume a conversation", waitTimeout)
	picker := b.WaitFor(firstPrompt, waitTimeout)
	if !strings.Contains(picker, "2 messages") {
		t.Errorf("the picker should count the user's prompt and the reply:\n%s", frameScreen(picker))
	}
	b.SendKeys("Enter")
	screen := b.WaitFor("resumed SCENARIO:thinking "+firstPrompt+" · 2 messages", waitTimeout)
	for _, want := range []string{"❯ SCENARIO:thinking " + firstPrompt, "∴ Thought", firstAnswer} {
		if !strings.Contains(screen, want) {
			t.Errorf("the history lacks %q:\n%s", want, frameScreen(screen))
		}
	}
	// The bar has the title, and the context share (asked for in the form that makes
	// no count_tokens calls) before any new turn.
	bar := b.waitStatus("ctx ")
	if !strings.Contains(bar, "SCENARIO:thinking remember") {
		t.Errorf("the status bar should carry the conversation's title: %q", bar)
	}
	for _, r := range a.rig.API.Requests() {
		if r.Kind == fakeapi.KindCountTokens {
			t.Errorf("the context refresh made a count_tokens call")
			break
		}
	}

	// Going on sends the old turns along: claude resumed the same conversation.
	b.prompt("SCENARIO:" + fakeapi.ScenarioText + " " + nextPrompt)
	req := b.waitRequest("for the next turn", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, nextPrompt)
	})
	var sawPrompt, sawAnswer bool
	for _, m := range req.Messages {
		for _, c := range m.Content {
			sawPrompt = sawPrompt || (m.Role == "user" && strings.Contains(c.Text, firstPrompt))
			sawAnswer = sawAnswer || (m.Role == "assistant" && strings.Contains(c.Text, firstAnswer))
		}
	}
	if !sawPrompt || !sawAnswer {
		t.Errorf("the request after the resume lacks the old turns (prompt %v, answer %v): %d messages", sawPrompt, sawAnswer, len(req.Messages))
	}
	b.WaitFor("Hello from the fake API.", waitTimeout)
	b.waitLog(logResult, 1)
	b.quit()

	// -c continues the newest conversation: the same one, with both turns.
	c := a.relaunch("-c")
	screen = c.WaitFor("resumed SCENARIO:thinking "+firstPrompt+" · 4 messages", waitTimeout)
	if !strings.Contains(screen, "❯ SCENARIO:text "+nextPrompt) || strings.Contains(screen, "Resume a conversation") {
		t.Errorf("-c should show the conversation without a picker:\n%s", frameScreen(screen))
	}
	c.WaitGone(textStarting, waitTimeout)
	c.quit()

	// --fork-session: the history is shown, and the next turn goes to a new session
	// that carries the old turns; the original stays as it was.
	d := a.relaunch("-c", "--fork-session")
	d.WaitFor("forked SCENARIO:thinking "+firstPrompt+" · 4 messages", waitTimeout)
	d.WaitGone(textStarting, waitTimeout)
	d.prompt("SCENARIO:" + fakeapi.ScenarioText + " in the fork")
	d.waitLog(logResult, 1)
	d.quit()
	list, err := sessionfiles.List(sessionfiles.Dir(a.rig.Home, a.rig.Dir))
	if err != nil || len(list) != 2 {
		t.Fatalf("after the fork: %d sessions (%v), want the original and the fork", len(list), err)
	}
	if fork, orig := list[0], list[1]; fork.MessageCount != 6 || orig.MessageCount != 4 {
		t.Errorf("the fork has %d messages (want 6), the original %d (want 4)", fork.MessageCount, orig.MessageCount)
	}
}
