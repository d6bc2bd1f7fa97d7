package dialogs

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/sessionfiles"
)

// sessionList is a folder's sessions as sessionfiles.List returns them, newest first,
// relative to the test clock.
func sessionList(now time.Time) []sessionfiles.Summary {
	return []sessionfiles.Summary{
		{ID: "a1", Title: "Fix the flaky resume test", LastActivity: now.Add(-3 * time.Minute), MessageCount: 12, Model: "claude-opus-5-5", Path: "/p/a1.jsonl"},
		{ID: "b2", Title: "Explain the layout of this project", LastActivity: now.Add(-5 * time.Hour), MessageCount: 1, Model: "claude-sonnet-5-5", Path: "/p/b2.jsonl"},
		{ID: "c3", Title: "Write a \x1b[31mchangelog\x1b[0m\nfor 1.2", LastActivity: now.Add(-30 * time.Hour), MessageCount: 40, Path: "/p/c3.jsonl"},
		{ID: "d4", Title: "Migrate the build to Go 1.26", LastActivity: now.Add(-4 * 24 * time.Hour), MessageCount: 7, Model: "claude-opus-5-5", Path: "/p/d4.jsonl"},
	}
}

func TestSessionPicker(t *testing.T) {
	tests := []struct {
		name    string
		current string
		steps   []string
		want    Action
	}{
		{"enter opens the newest", "", []string{"enter"}, ResumeConversation{ID: "a1", Path: "/p/a1.jsonl", Title: "Fix the flaky resume test"}},
		{"arrows", "", []string{"down", "down", "enter"}, ResumeConversation{ID: "c3", Path: "/p/c3.jsonl", Title: "Write a \x1b[31mchangelog\x1b[0m\nfor 1.2"}},
		{"the cursor starts on the newest, not the current one", "b2", []string{"enter"}, ResumeConversation{ID: "a1", Path: "/p/a1.jsonl", Title: "Fix the flaky resume test"}},
		{"filter by title", "", []string{"type:migrate", "enter"}, ResumeConversation{ID: "d4", Path: "/p/d4.jsonl", Title: "Migrate the build to Go 1.26"}},
		{"filter by model", "", []string{"type:sonnet", "enter"}, ResumeConversation{ID: "b2", Path: "/p/b2.jsonl", Title: "Explain the layout of this project"}},
		{"filter by age", "", []string{"type:yesterday", "enter"}, ResumeConversation{ID: "c3", Path: "/p/c3.jsonl", Title: "Write a \x1b[31mchangelog\x1b[0m\nfor 1.2"}},
		{"no match, no choice", "", []string{"type:zzz", "enter"}, nil},
		{"esc", "", []string{"down", "esc"}, Dismiss{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock()
			d := NewResumePicker(sessionList(c.now()), tt.current, testEnv(c))
			d.Init()
			var a Action
			for _, s := range tt.steps {
				if text, ok := strings.CutPrefix(s, "type:"); ok {
					a = typeText(d, text)
				} else {
					a, _ = d.Update(keyMsg(s))
				}
			}
			if a != tt.want {
				t.Errorf("action = %#v, want %#v", a, tt.want)
			}
		})
	}
}

func TestSessionPickerShows(t *testing.T) {
	c := newClock()
	d := NewResumePicker(sessionList(c.now()), "b2", testEnv(c))
	view := ansi.Strip(d.View(100, 30))
	for _, want := range []string{
		"Resume a conversation",
		"Fix the flaky resume test", "3m ago · 12 messages · claude-opus-5-5",
		"5h ago · 1 message · claude-sonnet-5-5", "✓ current",
		"yesterday · 40 messages",
		"4d ago · 7 messages",
	} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "\x1b") || strings.Contains(d.View(100, 30), "\x1b[31m") {
		t.Errorf("a title's escape sequence reached the screen")
	}
}

func TestSessionPickerGolden(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, keys := range [][]string{nil, {"r", "e", "s"}} {
			name := fmt.Sprintf("session_picker_%dx%d", size[0], size[1])
			if keys != nil {
				name = fmt.Sprintf("session_picker_filtered_%dx%d", size[0], size[1])
			}
			t.Run(name, func(t *testing.T) {
				c := newClock()
				d := NewResumePicker(sessionList(c.now()), "b2", testEnv(c))
				open(d, c)
				for _, k := range keys {
					d.Update(keyMsg(k))
				}
				view := d.View(size[0], size[1])
				checkFits(t, view, size[0], size[1])
				requireGolden(t, name, view)
			})
		}
	}
}

func TestRelativeTime(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.Local)
	tests := []struct {
		ago  time.Duration
		want string
	}{
		{10 * time.Second, "just now"},
		{-time.Minute, "just now"}, // a clock that went backwards
		{90 * time.Second, "1m ago"},
		{59 * time.Minute, "59m ago"},
		{2 * time.Hour, "2h ago"},
		{25 * time.Hour, "yesterday"},
		{3 * 24 * time.Hour, "3d ago"},
		{30 * 24 * time.Hour, "Oct 23"},
		{400 * 24 * time.Hour, "Oct 18, 2025"},
	}
	for _, tt := range tests {
		if got := RelativeTime(now, now.Add(-tt.ago)); got != tt.want {
			t.Errorf("%v ago = %q, want %q", tt.ago, got, tt.want)
		}
	}
	if got := RelativeTime(now, time.Time{}); got != "unknown time" {
		t.Errorf("zero time = %q", got)
	}
}
