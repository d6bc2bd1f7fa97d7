package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// reResumeLine is what gclaude prints on its way out after a conversation.
var reResumeLine = regexp.MustCompile(`Resume this conversation with: gclaude --resume ([0-9a-f-]{36})`)

// Leaving prints the command that comes back to the conversation, with the id of
// the session file the CLI wrote; leaving before anything was said prints nothing.
func TestE2ELeavingPrintsResumeCommand(t *testing.T) {
	t.Parallel()
	t.Run("after a turn", func(t *testing.T) {
		t.Parallel()
		a := startApp(t, appOptions{Width: 120, Height: 24}) // the line fits unwrapped
		a.waitReady()
		a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello")
		a.WaitFor("Hello from the fake API.", waitTimeout)
		a.waitLog(logResult, 1)
		a.SendKeys("C-d")
		if code := a.ExitStatus(waitTimeout); code != 0 {
			t.Fatalf("gclaude exited with %d", code)
		}
		screen := a.captureHistory()
		m := reResumeLine.FindStringSubmatch(screen)
		if m == nil {
			t.Fatalf("no resume line after quitting:\n%s", frameScreen(screen))
		}
		files, _ := filepath.Glob(filepath.Join(a.rig.Home, ".claude", "projects", "*", m[1]+".jsonl"))
		if len(files) != 1 {
			t.Errorf("no session file for %s under %s", m[1], a.rig.Home)
		}
	})
	t.Run("nothing said", func(t *testing.T) {
		t.Parallel()
		a := startApp(t, appOptions{})
		a.waitReady()
		a.SendKeys("C-d")
		if code := a.ExitStatus(waitTimeout); code != 0 {
			t.Fatalf("gclaude exited with %d", code)
		}
		if screen := a.captureHistory(); strings.Contains(screen, "--resume") {
			t.Errorf("a resume line although nothing was said:\n%s", frameScreen(screen))
		}
	})
}

// captureHistory is the screen with the lines scrolled off its top.
func (a *app) captureHistory() string {
	a.t.Helper()
	out, err := a.tmux("capture-pane", "-p", "-S", "-200", "-t", sessionName)
	if err != nil {
		a.t.Fatalf("capture-pane: %v", err)
	}
	return out
}

// A 60-line paste shows as a chip in the prompt and reaches the model whole; "\" then
// enter breaks the line instead of sending it.
func TestE2EPasteChipAndBackslashNewline(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	a.waitReady()

	a.Type(`first line\`)
	a.SendKeys("Enter")
	a.Type("SCENARIO:" + fakeapi.ScenarioText + " ")
	a.WaitFor("SCENARIO:text", waitTimeout)
	if n := a.countLog("call send "); n != 0 {
		t.Fatalf("backslash+enter sent the prompt")
	}
	a.waitDraft("first line")

	var pasted strings.Builder
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&pasted, "pasted row %02d\n", i)
	}
	a.paste(pasted.String())
	a.WaitFor("SCENARIO:text [Pasted text #1 +60 lines]", waitTimeout)
	if strings.Contains(a.Capture(), "pasted row") {
		t.Errorf("the pasted text is in the editor, not a chip:\n%s", frameScreen(a.Capture()))
	}
	a.SendKeys("Enter")
	req := a.waitRequest("with the pasted text", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, "pasted row 60")
	})
	want := "first line\nSCENARIO:text " + pasted.String()
	if !strings.Contains(req.Prompt, want) {
		t.Errorf("the model got %q, want it to contain %q", req.Prompt, want)
	}
	a.waitLog(logResult, 1)
	// The transcript shows the prompt as typed; the text is one enter away.
	screen := a.WaitFor("Hello from the fake API.", waitTimeout)
	if !strings.Contains(screen, "  ❯ first line") || !strings.Contains(screen, "SCENARIO:text [Pasted text #1 +60 lines]") || strings.Contains(screen, "pasted row") {
		t.Errorf("the sent prompt should show with its chip:\n%s", frameScreen(screen))
	}

	// ctrl+o puts a chip's text back into the prompt, to be edited before sending.
	a.Type("SCENARIO:" + fakeapi.ScenarioText + " again ")
	a.paste(strings.ReplaceAll(pasted.String(), "pasted", "edited"))
	a.WaitFor("again [Pasted text #1 +60 lines]", waitTimeout)
	a.SendKeys("C-o")
	a.WaitFor("edited row 60", waitTimeout)
	a.Type("!")
	a.SendKeys("Enter")
	req = a.waitRequest("with the expanded text", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, "edited row 60")
	})
	if !strings.Contains(req.Prompt, "again edited row 01\nedited row 02\n") || !strings.HasSuffix(req.Prompt, "edited row 60\n!") {
		t.Errorf("the model got %q", req.Prompt)
	}
}

// tab then y copies the answer, not the turn's footer, and says so; Y copies the
// whole turn. tmux keeps what an application puts on the clipboard (OSC 52) in a
// paste buffer, where the test reads it.
func TestE2ECopyReportsAndSkipsFooter(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	if _, err := a.tmux("set-option", "-g", "set-clipboard", "on"); err != nil {
		t.Fatal(err)
	}
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " hello")
	a.WaitFor("Hello from the fake API.", waitTimeout)
	a.waitLog(logResult, 1)
	a.WaitFor(reCost, waitTimeout)

	a.SendKeys("Tab", "y")
	a.WaitFor("copied the answer to the clipboard · 24 characters", waitTimeout)
	if got := a.clipboard(); got != "Hello from the fake API." {
		t.Errorf("the clipboard has %q", got)
	}
	a.SendKeys("Y")
	a.WaitFor("copied this turn to the clipboard", waitTimeout)
	got := a.clipboard()
	if !strings.Contains(got, "SCENARIO:text hello") || !strings.Contains(got, "Hello from the fake API.") || strings.Contains(got, "$0.") {
		t.Errorf("Y copied %q", got)
	}
}

// clipboard is the newest tmux paste buffer.
func (a *app) clipboard() string {
	a.t.Helper()
	out, err := a.tmux("show-buffer")
	if err != nil {
		a.t.Fatalf("show-buffer: %v", err)
	}
	return out
}

// Scrolled up while an answer streams, the last line says new output is below; back
// at the bottom the mark goes.
func TestE2ENewOutputBelowMarker(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 80, Height: 16, API: fakeapi.Config{Scenarios: e2eScenarios()}})
	a.waitReady()
	a.prompt("SCENARIO:" + scenarioLongSlow + " talk slowly")
	a.WaitFor("word120 ", waitTimeout) // more than a screen
	a.SendKeys("PageUp")
	a.WaitFor("new output below ↓", waitTimeout)
	a.SendKeys("PageDown", "PageDown", "PageDown", "PageDown")
	a.WaitGone("new output below ↓", waitTimeout)
	a.SendKeys("Escape")
	a.WaitFor("■ Interrupted", waitTimeout)
}

// A prompt typed while a turn runs waits below it: when that turn ends its footer
// is drawn above the queued prompt, and the queued prompt's answer follows it.
func TestE2EQueuedPromptBelowFooter(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioSlow + " first")
	a.waitStatus("esc to interrupt")
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " second")
	a.WaitFor("queued · sent when", waitTimeout)
	a.waitLog(logResult, 2)
	screen := a.WaitFor("Hello from the fake API.", waitTimeout)
	lines := strings.Split(screen, "\n")
	at := func(want any) int {
		ok, what := describe(want)
		for i, l := range lines {
			if ok(l) {
				return i
			}
		}
		t.Fatalf("%s not on screen:\n%s", what, frameScreen(screen))
		return -1
	}
	firstFooter := at(regexp.MustCompile(`^\s+\d+(\.\d+)?m?s · \$0\.`))
	second := at("❯ SCENARIO:text second")
	answer := at("Hello from the fake API.")
	if !(firstFooter < second && second < answer) {
		t.Errorf("want the first turn's footer (row %d) above the queued prompt (row %d) above its answer (row %d):\n%s",
			firstFooter, second, answer, frameScreen(screen))
	}
}

// deafClaude answers initialize and then stops reading: its stdin is closed, as when
// claude dies, while the process lingers, so gclaude cannot tell from an exit.
const deafClaude = `#!/bin/sh
read -r line
id=$(printf '%s' "$line" | sed -n 's/.*"request_id":"\([^"]*\)".*/\1/p')
printf '{"type":"control_response","response":{"subtype":"success","request_id":"%s","response":{"commands":[],"models":[]}}}\n' "$id"
exec 0<&-
exec sleep 120
`

// A prompt claude cannot take goes back into the input with a notice, and leaves
// the transcript.
func TestE2EUndeliveredPromptBackInInput(t *testing.T) {
	t.Parallel()
	fake := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(fake, []byte(deafClaude), 0o755); err != nil {
		t.Fatal(err)
	}
	a := startApp(t, appOptions{Width: 100, Height: 30, Args: []string{"--claude-bin", fake}})
	a.waitReady()
	a.prompt("keep this prompt")
	screen := a.WaitFor("the prompt was not sent", waitTimeout)
	a.waitDraft("keep this prompt")
	if strings.Contains(screen, "  ❯ keep this prompt") {
		t.Errorf("the prompt still shows in the transcript:\n%s", frameScreen(screen))
	}
}

// A megabyte paste is a chip at once and reaches the model byte for byte.
func TestE2EMegabytePasteChip(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 30})
	a.waitReady()
	var b strings.Builder
	for i := 0; b.Len() < 1<<20; i++ {
		fmt.Fprintf(&b, "row %06d %s\n", i, strings.Repeat("m", 80))
	}
	text := b.String()
	lines := strings.Count(text, "\n")
	file := filepath.Join(t.TempDir(), "paste.txt")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := a.tmux("load-buffer", "-b", "big", file); err != nil {
		t.Fatal(err)
	}
	a.Type("SCENARIO:" + fakeapi.ScenarioText + " ")
	a.WaitFor("SCENARIO:text", waitTimeout)
	if _, err := a.tmux("paste-buffer", "-p", "-d", "-b", "big", "-t", sessionName); err != nil {
		t.Fatal(err)
	}
	a.WaitFor(fmt.Sprintf("SCENARIO:text [Pasted text #1 +%d lines]", lines), waitTimeout)
	a.SendKeys("Enter")
	req := a.waitRequest("with the megabyte", func(r fakeapi.Request) bool {
		return r.Kind == fakeapi.KindConversation && strings.Contains(r.Prompt, "SCENARIO:text row 000000")
	})
	if want := "SCENARIO:text " + text; !strings.Contains(req.Prompt, strings.TrimSuffix(want, "\n")) {
		t.Errorf("the model got %d bytes, want the %d pasted", len(req.Prompt), len(want))
	}
}

// The help screen names every newline key and the prompt's paste and copy keys.
func TestE2EHelpNamesInputKeys(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})
	a.waitReady()
	a.SendKeys("?")
	a.WaitFor("ctrl+o", waitTimeout)
	a.WaitFor("copy the whole turn", waitTimeout)
	a.SendKeys("G") // the prompt tips are at the end
	screen := a.WaitFor("alt+enter · ctrl+j", waitTimeout)
	if !strings.Contains(screen, `\ enter`) || !strings.Contains(screen, "[Pasted text #N +L lines]") {
		t.Errorf("the help's prompt tips lack \\ enter or the paste chip:\n%s", frameScreen(screen))
	}
}

// ↑ on an empty prompt takes back the last prompt queued behind a running turn, as in
// Claude Code: claude withdraws it (cancel_async_message), it leaves the transcript and
// comes back into the editor, and the model never sees it.
func TestE2EUpTakesBackAQueuedPrompt(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 100, Height: 40})
	a.waitReady()
	a.prompt("SCENARIO:" + fakeapi.ScenarioSlow + " first")
	a.waitStatus("esc to interrupt")
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " take me back")
	a.WaitFor("queued · sent when", waitTimeout)
	a.SendKeys("Up")
	screen := a.waitScreen(func(s string) bool { return strings.Contains(a.line(s, -4), "take me back") },
		"the taken-back prompt in the editor", waitTimeout)
	lines := strings.Split(screen, "\n")
	if transcript := strings.Join(lines[:len(lines)-5], "\n"); strings.Contains(transcript, "take me back") || strings.Contains(screen, "queued · sent when") {
		t.Errorf("the taken-back prompt is still in the transcript:\n%s", frameScreen(screen))
	}
	a.waitLog(logResult, 1)
	// Nothing else runs: the slow turn was the only one.
	a.prompt(" and more")
	a.waitLog(logResult, 2)
	for _, r := range a.rig.API.ConversationRequests() {
		if r.Contains("take me back") && !r.Contains("take me back and more") {
			t.Errorf("the taken-back prompt reached the model on its own")
		}
	}
}
