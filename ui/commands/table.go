package commands

import (
	"cmp"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// Command is one of gclaude's own slash commands; every other "/…" goes to the CLI as
// text. Each lives in a file of its own and puts itself in the table with register,
// from that file's init. (The CLI's own /exit, /reset… would only act on its terminal
// UI, which does not run here.)
type Command struct {
	input.Command // what the / menu shows: name, description, argument hint, aliases
	// Place orders the / menu and the help: a section (placeScreen, …) plus the
	// command's rank in it.
	Place int
	// Live says it needs a live claude: a recording refuses it.
	Live bool
	// Hidden keeps it out of the / menu and the help: a Claude Code command that has no
	// meaning here still answers, in one line, instead of "Unknown command".
	Hidden bool
	// Run runs it with what was typed after its name.
	Run func(s Session, args string) tea.Cmd
	// Answer, when set, acts on what the command's own dialogs decided; ok is false
	// for an action that is not theirs.
	Answer func(s Session, a dialogs.Action) (cmd tea.Cmd, ok bool)
}

// Sections of the / menu.
const (
	placeScreen       = 100 // the screen's own commands and the session's settings
	placeConversation = 200 // the conversation itself
	placeWorkspace    = 250 // the workspace's sessions
	// Everyday commands a Claude Code user reaches for. The CLI answers them with
	// "isn't available in this environment" when they are sent as prompts, so gclaude
	// runs them itself.
	placeEveryday = 300
)

// table is every command, in menu order.
var table []Command

// register adds c to the table. A name or alias taken twice is a programming error.
func register(c Command) {
	for _, name := range append([]string{c.Name}, c.Aliases...) {
		if _, taken := Lookup(name); taken {
			panic("commands: /" + name + " is registered twice")
		}
	}
	table = append(table, c)
	slices.SortStableFunc(table, func(a, b Command) int { return cmp.Compare(a.Place, b.Place) })
}

// Builtin lists gclaude's own commands in the order the / menu shows them. It is the
// one list that running, completion and a replay's check for commands read.
func Builtin() []input.Command {
	out := make([]input.Command, 0, len(table))
	for _, c := range table {
		if !c.Hidden {
			out = append(out, c.Command)
		}
	}
	return out
}

// Menu is the / menu: gclaude's commands, then the CLI's, with the skills apart. Ours
// win on a clash: the CLI's /clear, /model… need its own terminal UI.
func Menu(cli []protocol.SlashCommand, skills []string) []input.Command {
	all := Builtin()
	for _, c := range cli {
		name := strings.TrimPrefix(c.Name, "/")
		group := input.GroupClaude
		if slices.Contains(skills, name) {
			group = input.GroupSkill
		}
		all = append(all, input.Command{Name: name, Description: c.Description, ArgumentHint: c.ArgumentHint, Aliases: c.Aliases, Group: group})
	}
	return all
}

// Lookup finds one of gclaude's own commands by name or alias.
func Lookup(name string) (Command, bool) {
	for _, c := range table {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c, true
		}
	}
	return Command{}, false
}

// NeedsLive reports whether the command needs a live claude, so that a recording
// refuses it: all but the screen's own commands, the session's settings and /export,
// which writes what is on the screen.
func NeedsLive(name string) bool {
	c, ok := Lookup(name)
	return ok && c.Live
}

// Answer acts on what a command's dialog decided (a rewind point, a rule to remove…);
// ok is false when no command owns the action.
func Answer(s Session, a dialogs.Action) (cmd tea.Cmd, ok bool) {
	for _, c := range table {
		if c.Answer == nil {
			continue
		}
		if cmd, ok := c.Answer(s, a); ok {
			return cmd, true
		}
	}
	return nil, false
}
