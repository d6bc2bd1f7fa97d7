package input

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Command is a slash command the completion popup offers.
type Command struct {
	Name         string // without the slash
	Description  string
	ArgumentHint string
	Aliases      []string
	Group        CommandGroup
}

// CommandGroup says whose a command is; the popup lists the groups in this order.
type CommandGroup int

const (
	GroupGclaude CommandGroup = iota // gclaude runs it itself
	GroupClaude                      // the CLI's own commands
	GroupSkill                       // the CLI's skills
)

// Title is the group's heading in the popup.
func (g CommandGroup) Title() string {
	switch g {
	case GroupClaude:
		return "claude's commands"
	case GroupSkill:
		return "skills"
	}
	return "gclaude's commands"
}

// hiddenCommand reports a command nobody should be offered: the CLI's internal ones
// ("__remote-workflow") and those it lists as removed ("(removed) Ask Claude to…").
func hiddenCommand(cmd Command) bool {
	return strings.HasPrefix(cmd.Name, "__") || strings.HasPrefix(strings.TrimSpace(cmd.Description), "(removed)")
}

// ParseCommand splits "/name args" into name and args. ok is false unless the text
// starts with a slash followed by a name.
func ParseCommand(text string) (name, args string, ok bool) {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "/") {
		return "", "", false
	}
	rest := text[1:]
	name, args, _ = strings.Cut(rest, " ")
	if i := strings.IndexAny(name, "\t\n"); i >= 0 {
		name, args = name[:i], strings.TrimSpace(rest[i:])
	}
	if name == "" {
		return "", "", false
	}
	return name, strings.TrimSpace(args), true
}

// Completion is the slash-command popup. It opens while the draft is a single "/word"
// and filters the commands by it.
type Completion struct {
	all       []Command
	matches   []Command
	cursor    int
	query     string
	best      int  // the match the highlight starts on: the closest to what was typed
	moved     bool // the user moved the highlight since the word last changed: it is their choice
	open      bool
	dismissed string // the draft the user closed the popup on; it stays closed until the draft changes
}

// SetCommands replaces the offered commands (from the CLI's initialize response plus
// gclaude's own). Later duplicates of a name are dropped, and so are internal and
// removed commands.
func (c *Completion) SetCommands(cmds []Command) {
	seen := map[string]bool{}
	c.all = c.all[:0]
	for _, cmd := range cmds {
		if cmd.Name == "" || seen[cmd.Name] || hiddenCommand(cmd) {
			continue
		}
		seen[cmd.Name] = true
		c.all = append(c.all, cmd)
	}
	c.refilter()
}

// Commands is every offered command.
func (c *Completion) Commands() []Command { return c.all }

// Lookup finds a command by name or alias.
func (c *Completion) Lookup(name string) (Command, bool) {
	for _, cmd := range c.all {
		if cmd.Name == name {
			return cmd, true
		}
	}
	for _, cmd := range c.all {
		for _, a := range cmd.Aliases {
			if a == name {
				return cmd, true
			}
		}
	}
	return Command{}, false
}

// Update follows the draft: the popup is open while the draft is "/" plus a word with
// no space, and at least one command matches.
func (c *Completion) Update(draft string) {
	if draft != c.dismissed {
		c.dismissed = ""
	}
	q, ok := strings.CutPrefix(draft, "/")
	if !ok || strings.ContainsAny(q, " \t\n") || (c.dismissed != "" && draft == c.dismissed) {
		c.open, c.query = false, ""
		return
	}
	reset := q != c.query || !c.open
	c.query = q
	c.refilter()
	if reset {
		c.cursor, c.moved = c.best, false
	}
	c.open = len(c.matches) > 0
}

// Dismiss closes the popup until the draft changes (esc).
func (c *Completion) Dismiss(draft string) {
	c.open = false
	c.dismissed = draft
}

func (c *Completion) refilter() {
	q := strings.ToLower(c.query)
	type scored struct {
		cmd   Command
		score int
	}
	var hits []scored
	for _, cmd := range c.all {
		name := strings.ToLower(cmd.Name)
		score := -1
		switch {
		case name == q:
			score = 0
		case strings.HasPrefix(name, q):
			score = 1
		case aliasHasPrefix(cmd.Aliases, q):
			score = 2
		case strings.Contains(name, q):
			score = 3
		}
		if score >= 0 {
			hits = append(hits, scored{cmd, score})
		}
	}
	// Grouped (each group under one heading), best match first within a group; the
	// highlight starts on the best match overall (see best).
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].cmd.Group != hits[j].cmd.Group {
			return hits[i].cmd.Group < hits[j].cmd.Group
		}
		if hits[i].score != hits[j].score {
			return hits[i].score < hits[j].score
		}
		return hits[i].cmd.Name < hits[j].cmd.Name
	})
	c.matches = c.matches[:0]
	c.best = 0
	for i, h := range hits {
		c.matches = append(c.matches, h.cmd)
		if h.score < hits[c.best].score {
			c.best = i
		}
	}
	c.cursor = min(c.cursor, max(0, len(c.matches)-1))
}

func aliasHasPrefix(aliases []string, q string) bool {
	for _, a := range aliases {
		if strings.HasPrefix(strings.ToLower(a), q) {
			return true
		}
	}
	return false
}

// Open reports whether the popup is showing.
func (c *Completion) Open() bool { return c.open }

// Matches is the filtered list by group, best first within each.
func (c *Completion) Matches() []Command { return c.matches }

// Up and Down move the highlight, wrapping around.
func (c *Completion) Up() {
	if n := len(c.matches); n > 0 {
		c.cursor, c.moved = (c.cursor-1+n)%n, true
	}
}

func (c *Completion) Down() {
	if n := len(c.matches); n > 0 {
		c.cursor, c.moved = (c.cursor+1)%n, true
	}
}

// Selected is the highlighted command.
func (c *Completion) Selected() (Command, bool) {
	if !c.open || len(c.matches) == 0 {
		return Command{}, false
	}
	return c.matches[c.cursor], true
}

// Completes reports whether cmd's name or an alias begins with the typed word: enter
// then completes to it. A match only inside a name is a suggestion, not what was typed.
func (c *Completion) Completes(cmd Command) bool {
	q := strings.ToLower(c.query)
	return strings.HasPrefix(strings.ToLower(cmd.Name), q) || aliasHasPrefix(cmd.Aliases, q)
}

// Chosen reports whether cmd is what the user asked for: its name or an alias is the
// word typed, or they moved the highlight onto it. Enter runs only a chosen command,
// never one whose name merely begins with what was typed (/plugin is not
// /plugin-authoring).
func (c *Completion) Chosen(cmd Command) bool {
	return c.moved || cmd.Name == c.query || slices.Contains(cmd.Aliases, c.query)
}

// maxNameWidth caps the popup's name column.
const maxNameWidth = 36

// popupRow is one row of the popup: a group's heading (cmd < 0) or a command.
type popupRow struct {
	cmd   int // index into matches
	group CommandGroup
}

// rows are the popup's rows: each run of one group's commands under its heading.
func (c *Completion) rows() []popupRow {
	out := make([]popupRow, 0, len(c.matches)+3)
	for i, cmd := range c.matches {
		if i == 0 || cmd.Group != c.matches[i-1].Group {
			out = append(out, popupRow{cmd: -1, group: cmd.Group})
		}
		out = append(out, popupRow{cmd: i, group: cmd.Group})
	}
	return out
}

// Height is how many rows View takes with at most maxRows rows.
func (c *Completion) Height(maxRows int) int {
	if !c.open || maxRows <= 0 {
		return 0
	}
	return min(len(c.rows()), maxRows)
}

// View renders up to maxRows rows around the highlight, each exactly width cells:
// the commands one line each, under the heading of their group.
func (c *Completion) View(width, maxRows int, s *themes.Styles) string {
	height := c.Height(maxRows)
	if height == 0 {
		return ""
	}
	rows := c.rows()
	at := 0
	for i, r := range rows {
		if r.cmd == c.cursor {
			at = i
		}
	}
	first := max(0, min(at-height/2, len(rows)-height))
	nameW := 0
	for _, cmd := range c.matches {
		nameW = max(nameW, lipgloss.Width(commandLabel(cmd)))
	}
	// A few commands have argument hints of 60 cells; the descriptions keep room.
	nameW = min(nameW, width/2, maxNameWidth)
	window := slices.Clone(rows[first : first+height])
	if len(window) > 1 && window[0].cmd >= 0 && window[0].cmd != c.cursor && window[1].cmd >= 0 {
		// Scrolled into a group: its heading stays on top in place of the row above.
		window[0] = popupRow{cmd: -1, group: window[0].group}
	}
	lines := make([]string, 0, height)
	for _, r := range window {
		if r.cmd < 0 {
			lines = append(lines, render.Pad(s.Subtle.Render(ansi.Truncate(" "+r.group.Title(), width, s.Icons.Ellipsis)), width))
			continue
		}
		cmd := c.matches[r.cmd]
		label := ansi.Truncate(render.Sanitize(commandLabel(cmd)), nameW, s.Icons.Ellipsis)
		label += strings.Repeat(" ", nameW-lipgloss.Width(label))
		descW := max(0, width-nameW-4)
		desc := ansi.Truncate(render.Sanitize(firstLine(cmd.Description)), descW, s.Icons.Ellipsis)
		marker, nameStyle := "  ", s.Dialog.Choice
		if r.cmd == c.cursor {
			marker, nameStyle = s.Dialog.ChoiceCursor.Render(s.Icons.SelectCursor+" "), s.Dialog.ChoiceSelected
		}
		line := marker + nameStyle.Render(label) + "  " + s.Dialog.Description.Render(desc)
		lines = append(lines, render.Pad(line, width))
	}
	return strings.Join(lines, "\n")
}

func commandLabel(cmd Command) string {
	if cmd.ArgumentHint == "" {
		return "/" + cmd.Name
	}
	return fmt.Sprintf("/%s %s", cmd.Name, cmd.ArgumentHint)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
