package input

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

func testCommands() []Command {
	return []Command{
		{Name: "model", Description: "Switch model"},
		{Name: "mode", Description: "Permission mode"},
		{Name: "compact", Description: "Compact the conversation", ArgumentHint: "[instructions]"},
		{Name: "clear", Description: "New session", Aliases: []string{"reset"}},
		{Name: "help", Description: "Help"},
		{Name: "model", Description: "duplicate, dropped"},
	}
}

func names(cmds []Command) string {
	var s []string
	for _, c := range cmds {
		s = append(s, c.Name)
	}
	return strings.Join(s, ",")
}

func TestCompletionFilters(t *testing.T) {
	tests := []struct {
		draft    string
		open     bool
		matches  string
		selected string
	}{
		{"", false, "", ""},
		{"hello", false, "", ""},
		{"/", true, "clear,compact,help,mode,model", "clear"},
		{"/mo", true, "mode,model", "mode"},
		{"/model", true, "model", "model"},
		{"/res", true, "clear", "clear"},     // alias
		{"/act", true, "compact", "compact"}, // substring
		{"/zzz", false, "", ""},
		{"/model x", false, "", ""}, // a space ends completion
		{"/mo\nx", false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.draft, func(t *testing.T) {
			var c Completion
			c.SetCommands(testCommands())
			c.Update(tt.draft)
			if c.Open() != tt.open {
				t.Fatalf("open = %v, want %v", c.Open(), tt.open)
			}
			if !tt.open {
				return
			}
			if got := names(c.Matches()); got != tt.matches {
				t.Fatalf("matches = %s, want %s", got, tt.matches)
			}
			if sel, _ := c.Selected(); sel.Name != tt.selected {
				t.Fatalf("selected = %s, want %s", sel.Name, tt.selected)
			}
		})
	}
}

func TestCompletionMoveAndDismiss(t *testing.T) {
	var c Completion
	c.SetCommands(testCommands())
	c.Update("/mo")
	c.Down()
	if sel, _ := c.Selected(); sel.Name != "model" {
		t.Fatalf("after down: %s", sel.Name)
	}
	c.Down() // wraps
	if sel, _ := c.Selected(); sel.Name != "mode" {
		t.Fatalf("after wrap: %s", sel.Name)
	}
	c.Up()
	if sel, _ := c.Selected(); sel.Name != "model" {
		t.Fatalf("after up: %s", sel.Name)
	}
	c.Update("/mo") // same draft keeps the highlight
	if sel, _ := c.Selected(); sel.Name != "model" {
		t.Fatalf("highlight lost on same draft: %s", sel.Name)
	}
	c.Dismiss("/mo")
	c.Update("/mo")
	if c.Open() {
		t.Fatal("dismissed popup reopened without a change")
	}
	c.Update("/m")
	if !c.Open() {
		t.Fatal("popup did not reopen after the draft changed")
	}
}

func TestParseCommand(t *testing.T) {
	tests := []struct {
		in, name, args string
		ok             bool
	}{
		{"/help", "help", "", true},
		{"  /model opus ", "model", "opus", true},
		{"/compact keep the tests\nand more", "compact", "keep the tests\nand more", true},
		{"/x\nbody", "x", "body", true},
		{"/", "", "", false},
		{"hello /x", "", "", false},
	}
	for _, tt := range tests {
		name, args, ok := ParseCommand(tt.in)
		if name != tt.name || args != tt.args || ok != tt.ok {
			t.Errorf("ParseCommand(%q) = %q, %q, %v; want %q, %q, %v", tt.in, name, args, ok, tt.name, tt.args, tt.ok)
		}
	}
}

func TestCompletionViewFitsWidth(t *testing.T) {
	var c Completion
	c.SetCommands(append(testCommands(), Command{Name: "evil\x1b[31m", Description: "x\x1b]0;title\x07"}))
	c.Update("/")
	s := themes.New(themes.Dark)
	for _, width := range []int{20, 60, 120} {
		out := c.View(width, 4, s)
		lines := strings.Split(out, "\n")
		if len(lines) != 4 {
			t.Fatalf("width %d: %d lines, want 4", width, len(lines))
		}
		for _, l := range lines {
			if w := lipgloss.Width(l); w != width {
				t.Fatalf("width %d: line is %d wide: %q", width, w, l)
			}
			if strings.Contains(ansi.Strip(l), "\x1b") || strings.Contains(l, "\x07") {
				t.Fatalf("control sequence leaked: %q", l)
			}
		}
	}
}
