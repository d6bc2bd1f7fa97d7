package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/ui/input"
)

// The help screen lists every context of the key map, the task pane's included, and
// at any supported size all of it can be scrolled into view, nothing cut off.
func TestHelpScreenShowsTheWholeKeyMap(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 15}, {120, 40}} {
		h := newHarness(t)
		h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		h.ready()
		h.keys("?")
		var seen []string
		for range 100 {
			lines := strings.Split(h.screen(), "\n")
			seen = append(seen, lines[:h.front().TopRows()]...)
			before := h.m.help.Top(1<<20, 0)
			h.keys("pgdown")
			if !h.m.help.IsOpen() {
				t.Fatalf("%v: pgdown closed the help screen", size)
			}
			if h.m.help.Top(1<<20, 0) == before {
				break
			}
		}
		all := strings.Join(seen, "\n")
		if strings.Contains(all, "…") {
			t.Errorf("%v: something is cut off:\n%s", size, all)
		}
		flat := strings.Join(strings.Fields(all), " ")
		for _, sec := range h.m.keys.Sections() {
			if sec.Name == "replay" {
				continue
			}
			if !strings.Contains(flat, sec.Title) {
				t.Errorf("%v: section %q missing", size, sec.Title)
			}
			// Columns side by side interleave a wrapped description with its
			// neighbour's lines: look for the key with the description's first word,
			// and for every other word.
			for _, b := range sec.Bindings {
				words := strings.Fields(b.Help().Desc)
				if row := b.Help().Key + " " + words[0]; !strings.Contains(flat, row) {
					t.Errorf("%v: %s: %q missing", size, sec.Title, row)
				}
				for _, w := range words[1:] {
					if !strings.Contains(flat, w) {
						t.Errorf("%v: %s: %q of %q missing", size, sec.Title, w, b.Help().Desc)
					}
				}
			}
		}
		// gclaude's own commands; the CLI's are left to the / menu, which is named.
		for _, c := range h.front().MenuCommands() {
			shown := strings.Contains(flat, "/"+c.Name+" ") && strings.Contains(flat, c.Description)
			if own := c.Group == input.GroupGclaude; shown != own {
				t.Errorf("%v: command /%s shown %v, want %v", size, c.Name, shown, own)
			}
		}
		if !strings.Contains(flat, "in the prompt lists these and claude's 2 commands and skills") {
			t.Errorf("%v: the help does not point to the / menu for claude's commands", size)
		}
		h.keys("q")
		if h.m.help.IsOpen() {
			t.Errorf("%v: a key that does not scroll leaves the help screen open", size)
		}
	}
}

// Every way to make a newline is on the help screen, not only shift+enter.
func TestHelpScreenNamesEveryNewlineKey(t *testing.T) {
	h := newHarness(t)
	h.send(tea.WindowSizeMsg{Width: 120, Height: 60})
	h.ready()
	h.keys("?")
	// The whole help screen, scrolled or not: it grows with every command.
	all := strings.Join(h.m.helpLines(120), "\n")
	flat := strings.Join(strings.Fields(ansi.Strip(all)), " ")
	for _, want := range []string{"alt+enter", "ctrl+j", `\ enter`} {
		if !strings.Contains(flat, want) {
			t.Errorf("%q not on the help screen:\n%s", want, all)
		}
	}
}
