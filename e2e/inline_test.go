package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// Inline mode (--tui inline) in tmux: the conversation lives in tmux's own scrollback.

const scenarioInlineLong = "e2e_inline_long"

// inlineParagraphs are the long answer's paragraphs: each wider than 80 columns, so the
// terminal soft-wraps it, and numbered so a missing or repeated one shows.
func inlineParagraphs() []string {
	out := make([]string, 40)
	for i := range out {
		out[i] = fmt.Sprintf("Paragraph %02d says something long enough that an eighty column terminal has to wrap it onto a second row.", i)
	}
	return out
}

// inlineCode is the answer's code block: its lines must come back exactly.
var inlineCode = []string{
	"func main() {",
	`    fmt.Println("a code line that is long enough to pass the right edge of an 80 column terminal")`,
	"}",
}

func inlineAnswer() string {
	p := inlineParagraphs()
	return strings.Join(p[:20], "\n\n") + "\n\n```go\n" + strings.Join(inlineCode, "\n") + "\n```\n\n" + strings.Join(p[20:], "\n\n")
}

func inlineScenarios() []fakeapi.Scenario {
	return []fakeapi.Scenario{{Name: scenarioInlineLong, Steps: []fakeapi.Step{{
		Blocks: []fakeapi.Block{fakeapi.Text(inlineAnswer())},
		Stream: fakeapi.StreamOptions{ChunkRunes: 8},
	}}}}
}

func startInline(t *testing.T, args ...string) *app {
	a := startApp(t, appOptions{Args: append([]string{"--tui", "inline"}, args...), API: fakeapi.Config{Scenarios: inlineScenarios()}})
	a.WaitFor(textWelcome, waitTimeout)
	a.WaitGone(textStarting, waitTimeout)
	return a
}

// history is the whole pane, scrollback included, with soft-wrapped rows joined: what
// tmux's own copy gives.
func (a *app) history() string {
	a.t.Helper()
	out, err := a.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", sessionName)
	if err != nil {
		a.t.Fatal(err)
	}
	return out
}

// A long streamed answer ends up in the scrollback exactly once, each paragraph one
// joined line, the code block exactly its own lines, nothing printed inside the code.
func TestE2EInlineLongAnswerInScrollbackOnce(t *testing.T) {
	t.Parallel()
	a := startInline(t)
	a.prompt("SCENARIO:" + scenarioInlineLong + " a long answer")
	a.waitLog(logResult, 1)
	a.WaitFor(reCost, waitTimeout)
	var hist string
	deadline := time.Now().Add(waitTimeout)
	last := inlineParagraphs()[39]
	for {
		hist = a.history()
		if strings.Contains(hist, last) || time.Now().After(deadline) {
			break
		}
		time.Sleep(pollEvery)
	}
	lines := strings.Split(hist, "\n")
	pos := -1
	for _, p := range inlineParagraphs() {
		n, at := 0, -1
		for i, l := range lines {
			if strings.Contains(l, p) {
				n++
				at = i
				if strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "●")) != p {
					t.Errorf("paragraph line carries more than the paragraph: %q", l)
				}
			}
		}
		if n != 1 {
			t.Fatalf("%q is %d times in the scrollback, want once:\n%s", p[:12], n, hist)
		}
		if at < pos {
			t.Fatalf("%q is out of order", p[:12])
		}
		pos = at
	}
	code := strings.Join(inlineCode, "\n")
	var trimmed []string
	for _, l := range lines {
		trimmed = append(trimmed, strings.TrimRight(l, " "))
	}
	if !strings.Contains(strings.Join(trimmed, "\n"), code) {
		t.Fatalf("the code block is not intact in tmux's copy:\n%s", hist)
	}
}

// A permission dialog opens in the live part and is answered; the finished tool call
// goes to the scrollback.
func TestE2EInlineDialog(t *testing.T) {
	t.Parallel()
	a := startInline(t)
	a.prompt("SCENARIO:" + fakeapi.ScenarioBashTouch + " touch it")
	screen := a.WaitFor(reArmed, waitTimeout)
	a.choose(a.choiceNumber(screen, "Yes"))
	a.waitFile(fakeapi.FileTouched)
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
	a.WaitFor(reCost, waitTimeout)
	if hist := a.history(); !strings.Contains(hist, "touch ") {
		t.Fatalf("the tool call is not in the scrollback:\n%s", hist)
	}
}

// tmux's copy-mode search finds an earlier turn's text, and after quitting the screen
// still shows the conversation (and no status bar).
func TestE2EInlineCopyModeSearchAndQuit(t *testing.T) {
	t.Parallel()
	a := startInline(t)
	a.prompt("SCENARIO:" + scenarioInlineLong + " first turn")
	a.waitLog(logResult, 1)
	a.WaitFor(reCost, waitTimeout)
	a.prompt("SCENARIO:" + fakeapi.ScenarioText + " second turn")
	a.waitLog(logResult, 2)
	a.WaitFor(fakeapi.TextHello, waitTimeout)

	if _, err := a.tmux("copy-mode", "-t", sessionName); err != nil {
		t.Fatal(err)
	}
	if _, err := a.tmux("send-keys", "-t", sessionName, "-X", "search-backward", "Paragraph 03 says"); err != nil {
		t.Fatal(err)
	}
	out, err := a.tmux("display-message", "-p", "-t", sessionName, "#{scroll_position}|#{copy_cursor_line}")
	if err != nil {
		t.Fatal(err)
	}
	scroll, line, _ := strings.Cut(strings.TrimSpace(out), "|")
	if scroll == "" || scroll == "0" || !strings.Contains(line, "Paragraph 03 says") {
		t.Fatalf("copy-mode search did not find the first turn: scroll %q, line %q", scroll, line)
	}
	if _, err := a.tmux("send-keys", "-t", sessionName, "-X", "cancel"); err != nil {
		t.Fatal(err)
	}

	a.SendKeys("C-c")
	a.WaitFor(textQuitHint, waitTimeout)
	a.SendKeys("C-c")
	if code := a.ExitStatus(waitTimeout); code != 0 {
		t.Errorf("gclaude exited with %d, want 0", code)
	}
	screen := a.Capture()
	if !strings.Contains(screen, fakeapi.TextHello) || !strings.Contains(screen, "second turn") {
		t.Fatalf("after quitting the screen does not show the conversation:\n%s", frameScreen(screen))
	}
	if regexp.MustCompile(`enter send`).MatchString(screen) {
		t.Fatalf("the live part was left on the screen:\n%s", frameScreen(screen))
	}
}

// A resumed conversation is printed into the scrollback like a live one; after a
// resize what was printed is still there once and the live part is redrawn at the new
// width.
func TestE2EInlineResumeAndResize(t *testing.T) {
	t.Parallel()
	a := startInline(t)
	a.prompt("SCENARIO:" + scenarioInlineLong + " the first session")
	a.waitLog(logResult, 1)
	a.WaitFor(reCost, waitTimeout)
	a.quit()

	b := a.relaunch("--tui", "inline", "--continue")
	last := inlineParagraphs()[39]
	deadline := time.Now().Add(waitTimeout)
	for !strings.Contains(b.history(), last) {
		if time.Now().After(deadline) {
			t.Fatalf("the resumed history is not in the scrollback:\n%s", b.history())
		}
		time.Sleep(pollEvery)
	}
	b.WaitFor("enter send", waitTimeout)
	for _, width := range []int{100, 70} {
		b.Resize(width, 24)
		b.WaitFor(regexp.MustCompile(fmt.Sprintf(`╭─{%d}╮`, width-2)), waitTimeout) // the editor at the new width
		hist := b.history()
		for _, p := range inlineParagraphs() {
			if n := strings.Count(hist, p); n != 1 {
				t.Fatalf("after the resize to %d columns %q is %d times in the scrollback:\n%s", width, p[:12], n, hist)
			}
		}
	}
}

// The plan review, the tallest dialog, fits the inline live part of an 80×24 terminal
// and approving it works.
func TestE2EInlinePlanReview(t *testing.T) {
	t.Parallel()
	a := startInline(t, planArgs...)
	a.WaitFor("plan mode", waitTimeout) // the status bar; the frame does not end at the bottom row
	a.prompt("SCENARIO:" + fakeapi.ScenarioExitPlan + " plan it")
	a.WaitFor("Plan review", waitTimeout)
	a.chooseLabel("Yes, and approve each edit")
	a.waitToolResult("with the approval", resultContains("User has approved exiting plan mode"))
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
}

// SIGTERM in inline mode, in the middle of a long streamed answer being printed and
// after it: gclaude ends at once, leaves no alternate screen or mouse mode, and claude is gone.
func TestE2EInlineSigtermMidStream(t *testing.T) {
	t.Parallel()
	for _, wait := range []string{"Paragraph 05", "Paragraph 39"} {
		t.Run(wait, func(t *testing.T) { inlineSigterm(t, wait) })
	}
}

func inlineSigterm(t *testing.T, wait string) {
	a := startInline(t)
	a.prompt("SCENARIO:" + scenarioInlineLong + " a long answer")
	a.WaitFor(wait, waitTimeout)
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
}

// In inline mode at 80×24 an Edit's dialog has a few rows for its diff: it opens on
// the change (the removed and the added line), not on the context above it.
func TestE2EInlineEditDialogShowsTheChange(t *testing.T) {
	t.Parallel()
	var file strings.Builder
	for i := 1; i <= 11; i++ {
		if i == 7 {
			file.WriteString("foo\n")
			continue
		}
		fmt.Fprintf(&file, "context line %d\n", i)
	}
	a := startApp(t, appOptions{Args: []string{"--tui", "inline"}, Files: map[string]string{fakeapi.FileEdit: file.String()}})
	a.WaitFor(textWelcome, waitTimeout)
	a.WaitGone(textStarting, waitTimeout)
	a.prompt("SCENARIO:" + fakeapi.ScenarioEdit + " edit it")
	screen := a.WaitFor(reArmed, waitTimeout)
	if !regexp.MustCompile(`-\s*foo`).MatchString(screen) || !regexp.MustCompile(`\+\s*bar`).MatchString(screen) {
		t.Fatalf("the change is not in view:\n%s", screen)
	}
	a.choose(a.choiceNumber(screen, "Yes"))
	a.WaitFor(fakeapi.TextToolDone, waitTimeout)
}
