package input

import (
	"fmt"
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
	open      bool
	dismissed string // the draft the user closed the popup on; it stays closed until the draft changes
}

// SetCommands replaces the offered commands (from the CLI's initialize response plus
// gclaude's own). Later duplicates of a name are dropped.
func (c *Completion) SetCommands(cmds []Command) {
	seen := map[string]bool{}
	c.all = c.all[:0]
	for _, cmd := range cmds {
		if cmd.Name == "" || seen[cmd.Name] {
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
	if q != c.query || !c.open {
		c.cursor = 0
	}
	c.query = q
	c.refilter()
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
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score < hits[j].score
		}
		return hits[i].cmd.Name < hits[j].cmd.Name
	})
	c.matches = c.matches[:0]
	for _, h := range hits {
		c.matches = append(c.matches, h.cmd)
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

// Matches is the filtered list, best first.
func (c *Completion) Matches() []Command { return c.matches }

// Up and Down move the highlight, wrapping around.
func (c *Completion) Up() {
	if n := len(c.matches); n > 0 {
		c.cursor = (c.cursor - 1 + n) % n
	}
}

func (c *Completion) Down() {
	if n := len(c.matches); n > 0 {
		c.cursor = (c.cursor + 1) % n
	}
}

// Selected is the highlighted command.
func (c *Completion) Selected() (Command, bool) {
	if !c.open || len(c.matches) == 0 {
		return Command{}, false
	}
	return c.matches[c.cursor], true
}

// Height is how many rows View takes with at most maxRows rows of commands.
func (c *Completion) Height(maxRows int) int {
	if !c.open || maxRows <= 0 {
		return 0
	}
	return min(len(c.matches), maxRows)
}

// View renders up to maxRows commands around the highlight, each exactly width cells.
func (c *Completion) View(width, maxRows int, s *themes.Styles) string {
	rows := c.Height(maxRows)
	if rows == 0 {
		return ""
	}
	first := max(0, min(c.cursor-rows/2, len(c.matches)-rows))
	nameW := 0
	for _, cmd := range c.matches {
		nameW = max(nameW, lipgloss.Width(commandLabel(cmd)))
	}
	nameW = min(nameW, width/2)
	lines := make([]string, 0, rows)
	for i := first; i < first+rows; i++ {
		cmd := c.matches[i]
		label := ansi.Truncate(render.Sanitize(commandLabel(cmd)), nameW, s.Icons.Ellipsis)
		label += strings.Repeat(" ", nameW-lipgloss.Width(label))
		descW := max(0, width-nameW-4)
		desc := ansi.Truncate(render.Sanitize(firstLine(cmd.Description)), descW, s.Icons.Ellipsis)
		marker, nameStyle := "  ", s.Dialog.Choice
		if i == c.cursor {
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
