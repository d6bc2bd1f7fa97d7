package ui

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/input"
)

// Slash commands gclaude runs itself; every other "/…" goes to the CLI as text.
const (
	cmdHelp  = "help"
	cmdClear = "clear"
	cmdQuit  = "quit"
	cmdModel = "model"
	cmdMode  = "mode"
)

func localCommands() []input.Command {
	return append([]input.Command{
		{Name: cmdHelp, Description: "Show keys and commands"},
		{Name: cmdClear, Description: "Start a new conversation", Aliases: []string{"reset", "new"}},
		{Name: cmdModel, Description: "Switch the model", ArgumentHint: "[model]"},
		{Name: cmdMode, Description: "Switch the permission mode", ArgumentHint: "[mode]"},
		{Name: cmdQuit, Description: "Quit gclaude", Aliases: []string{"exit"}},
	}, sessionCommands()...)
}

// setCLICommands offers the CLI's commands next to ours (ours win on a clash: the CLI's
// /clear, /model… need its own terminal UI).
func (m *Model) setCLICommands(cmds []protocol.SlashCommand) {
	all := localCommands()
	for _, c := range cmds {
		name := strings.TrimPrefix(c.Name, "/")
		group := input.GroupClaude
		if slices.Contains(m.skills, name) {
			group = input.GroupSkill
		}
		all = append(all, input.Command{Name: name, Description: c.Description, ArgumentHint: c.ArgumentHint, Aliases: c.Aliases, Group: group})
	}
	m.prompt.SetCommands(all)
}

// setSkills takes in system/init's skills and regroups the / menu when they changed.
func (m *Model) setSkills(skills []string) {
	if len(skills) == 0 || slices.Equal(skills, m.skills) {
		return
	}
	m.skills = slices.Clone(skills)
	if m.sess.init != nil {
		m.setCLICommands(m.sess.init.Commands)
	}
}

// localCommand finds one of gclaude's own commands by name or alias. localCommands is
// the one list that running, completion and a replay's check for commands read. (The
// CLI's own /exit, /reset… would only act on its terminal UI, which does not run here.)
func localCommand(name string) (input.Command, bool) {
	for _, c := range localCommands() {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c, true
		}
	}
	return input.Command{}, false
}

// runCommand runs a local slash command, or sends any other as a prompt (text as
// typed, with its images).
func (m *Model) runCommand(name, args, text string, images []protocol.ImageSource) tea.Cmd {
	if c, ok := localCommand(name); ok {
		name = c.Name
	}
	switch name {
	case cmdHelp:
		m.openHelp()
		return nil
	case cmdQuit:
		return m.quit()
	case cmdClear:
		return m.clear()
	case cmdModel:
		if args != "" {
			return m.chooseModel(args)
		}
		return m.openModelPicker()
	case cmdMode:
		if args != "" {
			return m.chooseMode(args)
		}
		return m.openModePicker()
	}
	if cmd, ok := m.runSessionCommand(name, args); ok {
		return cmd
	}
	return m.submit(text, images)
}
