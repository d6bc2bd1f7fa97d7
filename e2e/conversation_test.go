package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// The first frame comes before the CLI is ready; a markdown answer is rendered, not
// shown as source; the turn's cost reaches the status bar.
func TestE2EMarkdownAnswer(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{Width: 120, Height: 40})

	first := a.WaitFor(textWelcome, waitTimeout)
	if !strings.Contains(a.statusBar(first), textStarting) {
		t.Errorf("the first frame should come while claude starts; its status bar is %q", a.statusBar(first))
	}
	a.waitReady()

	a.prompt("SCENARIO:" + fakeapi.ScenarioMarkdown + " show me")
	bottom := a.WaitFor("That is all for now.", waitTimeout)
	a.waitStatus(reCost)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`Name +│ Kind +│ +Size`), // the table is drawn
		regexp.MustCompile(`─+┼─+┼─+`),
		regexp.MustCompile(`beta +│ directory +│ +4096`),
		regexp.MustCompile(`fmt\.Println\("hello", i\)`), // the code block's content
	} {
		if !want.MatchString(bottom) {
			t.Errorf("the end of the answer lacks /%s/:\n%s", want, frameScreen(bottom))
		}
	}
	if strings.Contains(bottom, "```") || strings.Contains(bottom, "|------|") {
		t.Errorf("markdown source on screen:\n%s", frameScreen(bottom))
	}

	// The start of the answer is above: scroll up to it.
	a.SendKeys("PPage")
	top := a.WaitFor("Release notes", waitTimeout)
	if !strings.Contains(top, "This answer has bold, italic,") || strings.Contains(top, "**") || strings.Contains(top, "`inline code`") {
		t.Errorf("emphasis and code spans should be rendered, not shown as source:\n%s", frameScreen(top))
	}
	for _, l := range strings.Split(top, "\n") {
		if before, _, ok := strings.Cut(l, "Release notes"); ok && strings.Contains(before, "#") {
			t.Errorf("the heading shows its markdown mark: %q", l)
		}
	}
	for _, l := range strings.Split(a.CaptureStyled(), "\n") {
		if before, _, ok := strings.Cut(l, "Release notes"); ok && !boldAtEnd(before) {
			t.Errorf("the heading is not bold: %q", l)
		}
	}
}

// reSGR is one SGR sequence; tmux may merge several attributes into one ("1;4").
var reSGR = regexp.MustCompile(`\x1b\[([0-9;]*)m`)

// boldAtEnd reports whether bold is on after the SGR sequences of s.
func boldAtEnd(s string) bool {
	bold := false
	for _, m := range reSGR.FindAllStringSubmatch(s, -1) {
		ps := strings.Split(m[1], ";")
		for i := 0; i < len(ps); i++ {
			switch ps[i] {
			case "", "0", "22":
				bold = false
			case "1":
				bold = true
			case "38", "48", "58": // a colour's own numbers follow
				if i+1 < len(ps) && ps[i+1] == "5" {
					i += 2
				} else if i+1 < len(ps) && ps[i+1] == "2" {
					i += 4
				}
			}
		}
	}
	return bold
}

// esc stops a stream mid-way: what came so far stays, marked interrupted.
func TestE2EEscInterruptsStream(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{API: fakeapi.Config{Scenarios: e2eScenarios()}})
	a.waitReady()
	a.prompt("SCENARIO:" + scenarioLongSlow + " talk slowly")
	a.WaitFor("word3 ", waitTimeout)
	a.waitStatus("esc to interrupt")
	a.SendKeys("Escape")

	screen := a.WaitFor("■ Interrupted", waitTimeout)
	a.waitLog(logResult, 1)
	if !strings.Contains(screen, "word0 word1 word2 word3") {
		t.Errorf("the partial answer should stay:\n%s", frameScreen(screen))
	}
	a.WaitGone("esc to interrupt", waitTimeout) // the turn is over
	if strings.Contains(a.Capture(), lastWord) {
		t.Errorf("the stream ran to its end despite esc")
	}
	if a.countLog("call interrupt err=<nil>") != 1 {
		t.Errorf("debug log: want one successful interrupt call")
	}
}

// ctrl+c twice quits, idle or mid-stream (the first one then interrupts): gclaude
// exits 0 and takes claude with it.
func TestE2ECtrlCTwiceQuits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		prompt string
		wait   any // on screen when ctrl+c is pressed
	}{
		{"idle", "SCENARIO:" + fakeapi.ScenarioText + " hi", reCost},
		{"streaming", "SCENARIO:" + scenarioLongSlow + " talk slowly", "word3 "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a := startApp(t, appOptions{API: fakeapi.Config{Scenarios: e2eScenarios()}})
			a.waitReady()
			a.prompt(tt.prompt)
			a.WaitFor(tt.wait, waitTimeout)
			// The check below must be able to see the processes it wants gone.
			if !hasProc(procsWithEnv("HOME="+a.rig.Home), a.rig.Bin) {
				t.Fatalf("no claude (%s) among this test's processes: %v", a.rig.Bin, procsWithEnv("HOME="+a.rig.Home))
			}

			a.SendKeys("C-c")
			a.WaitFor(textQuitHint, waitTimeout)
			a.SendKeys("C-c")
			if code := a.ExitStatus(waitTimeout); code != 0 {
				t.Errorf("gclaude exited with %d, want 0", code)
			}
			// gclaude waits for claude before it exits; allow for the kernel to reap it.
			if left := waitNoProcs("HOME="+a.rig.Home, 5*time.Second); len(left) > 0 {
				t.Errorf("still running after gclaude exited:\n%v", left)
			}
		})
	}
}

// Below the minimum size a notice replaces the screen; the draft survives the trip.
func TestE2ETinyTerminalKeepsDraft(t *testing.T) {
	t.Parallel()
	a := startApp(t, appOptions{})
	a.waitReady()
	const draft = "a draft that survives"
	a.Type(draft)
	a.WaitFor(draft, waitTimeout)

	a.Resize(50, 12)
	screen := a.WaitFor("terminal too small", waitTimeout)
	if !strings.Contains(screen, "your draft is kept") || strings.Contains(screen, draft) {
		t.Errorf("too-small screen:\n%s", frameScreen(screen))
	}
	a.Resize(80, 24)
	a.WaitGone("terminal too small", waitTimeout)
	a.WaitFor("❯ "+draft, waitTimeout)
}
