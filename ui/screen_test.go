package ui

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/themes"
)

func TestTooSmallKeepsDraft(t *testing.T) {
	h := newHarness(t)
	h.typeText("draft")
	h.send(tea.WindowSizeMsg{Width: 40, Height: 10})
	if !strings.Contains(h.screen(), "terminal too small") {
		t.Fatalf("screen:\n%s", h.screen())
	}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if h.draft() != "draft" || !strings.Contains(h.screen(), "draft") {
		t.Fatalf("draft lost: %q", h.draft())
	}
}

func TestScreenIsExactlyTheTerminal(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit())
	for _, size := range [][2]int{{60, 15}, {80, 24}, {120, 40}, {59, 14}, {200, 60}} {
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		lines := strings.Split(h.m.render(), "\n")
		if len(lines) != size[1] {
			t.Fatalf("%v: %d lines", size, len(lines))
		}
		for i, l := range lines {
			if w := len([]rune(stripANSI(l))); w > size[0] {
				t.Fatalf("%v: line %d is %d wide: %q", size, i, w, stripANSI(l))
			}
		}
	}
}

func TestTheme(t *testing.T) {
	light := tea.BackgroundColorMsg{Color: color.White}
	tests := []struct {
		name  string
		theme string
		env   map[string]string
		want  themes.Kind
	}{
		{"auto follows a light terminal", "auto", nil, themes.Light},
		{"--theme dark wins", "dark", nil, themes.Dark},
		{"NO_COLOR wins", "auto", map[string]string{"NO_COLOR": "1"}, themes.Mono},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, func(o *Options) {
				o.Theme = tt.theme
				o.Getenv = func(k string) string { return tt.env[k] }
			})
			h.send(light)
			if h.m.theme != tt.want || h.m.styles().Kind != tt.want {
				t.Fatalf("theme = %v, want %v", h.m.theme, tt.want)
			}
		})
	}
}

// A theme switch the terminal's background asks for reaches the dialog on screen: it
// renders exactly as a dialog built under the new theme does (ui/tab's test of the
// same name holds the queued ones to it too).
func TestThemeSwitchReachesOpenAndQueuedDialogs(t *testing.T) {
	open := func(theme string) *harness {
		h := newHarness(t, func(o *Options) {
			o.Theme = theme
			o.Getenv = func(string) string { return "" }
		})
		h.events(process.PermissionRequest{Req: bashRequest("req-1", "")})
		return h
	}
	h := open("auto")
	top, _ := h.front().TopDialog()
	before := top.View(80, 20)
	h.send(tea.BackgroundColorMsg{Color: color.White})
	if h.m.theme != themes.Light {
		t.Fatalf("theme = %v, want light", h.m.theme)
	}
	wantTop, _ := open("light").front().TopDialog()
	if got, exp := top.View(80, 20), wantTop.View(80, 20); got != exp {
		t.Errorf("the dialog keeps the old theme:\n%q\nwant\n%q", got, exp)
	}
	if before == top.View(80, 20) {
		t.Error("the dialog renders the same under both themes: the test shows nothing")
	}
}
