package status

import (
	"strings"
	"testing"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

func TestRenderFitsAndPrioritises(t *testing.T) {
	st := State{
		Mode: "acceptEdits", Model: "claude-opus-5-5", CWD: "~/src/project",
		Running: true, Elapsed: 65 * time.Second, Spinner: "⠋", InterruptHint: "esc to interrupt", Queued: 2,
		CostUSD: 0.0123, Tokens: 12345, HasUsage: true, ContextPct: 42, HasContext: true,
	}
	s := themes.New(themes.Dark)
	for _, w := range []int{10, 40, 60, 80, 200} {
		out := Render(st, w, s)
		if got := lipgloss.Width(out); got != w {
			t.Fatalf("width %d: rendered %d wide: %q", w, got, ansi.Strip(out))
		}
		if strings.Contains(out, "\n") {
			t.Fatalf("width %d: more than one line", w)
		}
		plain := ansi.Strip(out)
		if w >= 20 && !strings.Contains(plain, "accept edits") {
			t.Fatalf("width %d: mode dropped: %q", w, plain)
		}
	}
	wide := ansi.Strip(Render(st, 200, s))
	for _, want := range []string{"accept edits", "1m05s · esc to interrupt", "2 queued", "claude-opus-5-5", "ctx 42%", "$0.0123", "12.3k tok", "~/src/project"} {
		if !strings.Contains(wide, want) {
			t.Errorf("wide bar lacks %q: %q", want, wide)
		}
	}
	narrow := ansi.Strip(Render(st, 60, s))
	if strings.Contains(narrow, "~/src/project") && !strings.Contains(narrow, "claude-opus") {
		t.Errorf("cwd kept over model: %q", narrow)
	}
}

func TestTasksRunning(t *testing.T) {
	s := themes.New(themes.Dark)
	tests := []struct {
		n    int
		want string
	}{{0, ""}, {1, "1 task running"}, {2, "2 tasks running"}}
	for _, tt := range tests {
		out := ansi.Strip(Render(State{Mode: "default", TasksRunning: tt.n}, 80, s))
		if got := strings.Contains(out, "running"); got != (tt.want != "") || !strings.Contains(out, tt.want) {
			t.Errorf("%d tasks: %q, want %q", tt.n, out, tt.want)
		}
	}
	// Idle or not, the count shows next to the turn segment.
	out := ansi.Strip(Render(State{Mode: "default", Running: true, Elapsed: 3 * time.Second, Spinner: "⠋", TasksRunning: 2, Model: "m"}, 80, s))
	if !strings.Contains(out, "3s · 2 tasks running") {
		t.Errorf("running turn: %q", out)
	}
}

func TestBypassIsAWarning(t *testing.T) {
	s := themes.New(themes.Dark)
	out := ansi.Strip(Render(State{Mode: "bypassPermissions"}, 80, s))
	if !strings.Contains(out, "BYPASS PERMISSIONS") {
		t.Fatalf("bypass not shown: %q", out)
	}
}

func TestFormatters(t *testing.T) {
	tests := []struct{ got, want string }{
		{FormatElapsed(7 * time.Second), "7s"},
		{FormatElapsed(65*time.Second + 900*time.Millisecond), "1m05s"},
		{FormatElapsed(62 * time.Minute), "1h02m"},
		{FormatCost(0.000188), "$0.0002"},
		{FormatCost(12.345), "$12.35"},
		{ShortenPath("/home/u/src", "/home/u"), "~/src"},
		{ShortenPath("/home/u", "/home/u"), "~"},
		{ShortenPath("/etc", "/home/u"), "/etc"},
		{ModeLabel("plan"), "plan mode"},
		{ModeLabel("weird"), "weird"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%d: got %q, want %q", i, tt.got, tt.want)
		}
	}
}

func TestTitle(t *testing.T) {
	s := themes.New(themes.Dark)
	st := State{Mode: "default", Model: "claude-opus-5-5", CWD: "~/src/project", Title: "Fix the\nflaky  test"}
	if wide := ansi.Strip(Render(st, 120, s)); !strings.Contains(wide, "Fix the flaky test │ claude-opus-5-5") {
		t.Errorf("title missing or not on one line: %q", wide)
	}
	st.Title = "\x1b[31mred\x1b[0m"
	if strings.Contains(Render(st, 120, s), "\x1b[31m") {
		t.Error("an escape sequence in the title reached the terminal")
	}
	st.Title = strings.Repeat("long title ", 10)
	if out := ansi.Strip(Render(st, 200, s)); !strings.Contains(out, "long title long title long titl…") {
		t.Errorf("a long title is not cut: %q", out)
	}
	// The title gives way before the model, and the folder before the title.
	st.Title = "Refactor"
	narrow := ansi.Strip(Render(st, 60, s))
	if !strings.Contains(narrow, "claude-opus-5-5") {
		t.Errorf("model dropped before the title: %q", narrow)
	}
	if strings.Contains(narrow, "~/src/project") && !strings.Contains(narrow, "Refactor") {
		t.Errorf("folder kept over the title: %q", narrow)
	}
}

func TestReplaySegment(t *testing.T) {
	s := themes.New(themes.Dark)
	st := State{Mode: "default", Replay: "replay ▶ 1.0× 120/356", Running: true, Elapsed: 3 * time.Second, Spinner: "⠋", Model: "claude-opus-5-5", CWD: "~/p"}
	if out := ansi.Strip(Render(st, 100, s)); !strings.Contains(out, "default  replay ▶ 1.0× 120/356 ⠋ 3s") {
		t.Errorf("bar = %q", out)
	}
	// It outlives the model and the folder on a narrow bar.
	if out := ansi.Strip(Render(st, 40, s)); !strings.Contains(out, "replay ▶ 1.0× 120/356") || strings.Contains(out, "~/p") {
		t.Errorf("narrow bar = %q", out)
	}
	if out := ansi.Strip(Render(State{Mode: "default"}, 80, s)); strings.Contains(out, "replay") {
		t.Errorf("live bar = %q", out)
	}
}

// The waiting sign stays at every width, giving up the names one by one, then all of
// them, then the key; only the mode outlives it.
func TestWaitingSignShortens(t *testing.T) {
	s := themes.New(themes.Dark)
	st := State{Mode: "default", Model: "claude-opus-5-5", CWD: "~/src/project",
		Waiting: Waiting{Count: 3, Sessions: "feature-login\nwt2\nsub", Key: "alt+i"}}
	running := st
	running.Running, running.Elapsed, running.Spinner, running.InterruptHint = true, 65*time.Second, "⠋", "esc to interrupt"
	cases := []struct {
		st    State
		width int
		want  string
	}{
		{st, 200, "⧗ 3 waiting: feature-login, wt2, sub · alt+i"},
		{st, 80, "⧗ 3 waiting: feature-login, wt2, sub · alt+i"},
		{st, 60, "⧗ 3 waiting: feature-login, wt2, sub · alt+i"},
		{st, 54, "⧗ 3 waiting: feature-login, wt2, … · alt+i"},
		{st, 50, "⧗ 3 waiting: feature-login, … · alt+i"},
		{st, 40, "⧗ 3 waiting · alt+i"},
		{st, 30, "⧗ 3 waiting"},
		{running, 80, "1m05s · esc to interrupt ⧗ 3 waiting: feature-login, … · alt+i"},
		{running, 60, "1m05s · esc to interrupt ⧗ 3 waiting · alt+i"},
	}
	for _, c := range cases {
		out := ansi.Strip(Render(c.st, c.width, s))
		if got := lipgloss.Width(out); got != c.width {
			t.Fatalf("width %d: rendered %d wide: %q", c.width, got, out)
		}
		if !strings.Contains(out, c.want) {
			t.Errorf("width %d: %q lacks %q", c.width, out, c.want)
		}
	}
	st.Waiting.Sessions = "\x1b]0;pwned\x07" + strings.Repeat("x", 40)
	out := Render(st, 200, s)
	if strings.Contains(out, "\x1b]0;") || strings.Contains(ansi.Strip(out), strings.Repeat("x", 30)) {
		t.Errorf("a session's name is not sanitised and cut: %q", ansi.Strip(out))
	}
	if out := ansi.Strip(Render(State{Mode: "default"}, 80, s)); strings.Contains(out, "waiting") {
		t.Errorf("a sign with nothing waiting: %q", out)
	}
}
