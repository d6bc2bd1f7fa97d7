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

// The CLI's internal and removed commands are not offered; the popup lists gclaude's
// commands, then claude's, then skills, each under its heading, one line per command.
func TestCompletionGroupsAndHides(t *testing.T) {
	var c Completion
	c.SetCommands([]Command{
		{Name: "model", Description: "Switch the model"},
		{Name: "__remote-workflow", Description: "Run the workflow script", Group: GroupClaude},
		{Name: "agents", Description: "(removed) Ask Claude to create/manage subagents", Group: GroupClaude},
		{Name: "dataviz", Description: "Use this skill whenever…\nsecond line", Group: GroupSkill},
		{Name: "compact", Description: "Free up context", Group: GroupClaude},
		{Name: "clear", Description: "Start a new conversation"},
	})
	c.Update("/")
	if got := names(c.Matches()); got != "clear,model,compact,dataviz" {
		t.Fatalf("matches %s, want gclaude's, then claude's, then skills, without internal or removed ones", got)
	}
	st := themes.New(themes.Dark)
	view := ansi.Strip(c.View(40, 20, st))
	want := []string{
		" gclaude's commands",
		"❯ /clear    Start a new conversation",
		"  /model    Switch the model",
		" claude's commands",
		"  /compact  Free up context",
		" skills",
		"  /dataviz  Use this skill whenever…",
	}
	lines := strings.Split(view, "\n")
	if len(lines) != len(want) || c.Height(20) != len(want) {
		t.Fatalf("%d lines (Height %d), want %d:\n%s", len(lines), c.Height(20), len(want), view)
	}
	for i, w := range want {
		if strings.TrimRight(lines[i], " ") != w {
			t.Errorf("line %d = %q, want %q", i, lines[i], w)
		}
	}
	if _, ok := c.Lookup("agents"); ok {
		t.Error("a removed command can still be looked up")
	}
	// A query keeps the best match first, whatever its group.
	c.Update("/da")
	if got := names(c.Matches()); got != "dataviz" {
		t.Fatalf("/da matches %s", got)
	}
}

// Grouped order does not move the highlight off the closest match.
func TestCompletionHighlightsClosestAcrossGroups(t *testing.T) {
	var c Completion
	c.SetCommands([]Command{
		{Name: "export", Description: "Write the conversation to a file"},
		{Name: "port", Description: "A CLI command", Group: GroupClaude},
	})
	c.Update("/port")
	if got := names(c.Matches()); got != "export,port" {
		t.Fatalf("matches %s", got)
	}
	if sel, _ := c.Selected(); sel.Name != "port" {
		t.Fatalf("highlight on %q, want the exact match port", sel.Name)
	}
	c.Down() // moving keeps working from there
	if sel, _ := c.Selected(); sel.Name != "export" {
		t.Fatalf("after down: %q", sel.Name)
	}
}

// Scrolled into a group, the popup keeps that group's heading on top.
func TestCompletionHeadingStaysWhenScrolled(t *testing.T) {
	var c Completion
	cmds := []Command{{Name: "clear", Description: "New"}}
	for _, n := range []string{"a1", "a2", "a3", "a4", "a5", "a6"} {
		cmds = append(cmds, Command{Name: n, Description: "skill " + n, Group: GroupSkill})
	}
	c.SetCommands(cmds)
	c.Update("/")
	c.Up() // wraps to the last skill
	view := ansi.Strip(c.View(40, 4, themes.New(themes.Dark)))
	lines := strings.Split(view, "\n")
	if len(lines) != 4 || strings.TrimSpace(lines[0]) != "skills" || !strings.HasPrefix(lines[3], "❯ /a6") {
		t.Fatalf("want the skills heading on top and /a6 highlighted last:\n%s", view)
	}
}
