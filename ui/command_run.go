package ui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
)

// setCLICommands offers the CLI's commands next to ours in the / menu.
func (m *Model) setCLICommands(cmds []protocol.SlashCommand) {
	m.prompt.SetCommands(commands.Menu(cmds, m.skills))
}

// setSkills takes in system/init's skills and regroups the / menu when they changed.
func (m *Model) setSkills(skills []string) {
	if len(skills) == 0 || slices.Equal(skills, m.skills) {
		return
	}
	m.skills = slices.Clone(skills)
	if m.sess.Init != nil {
		m.setCLICommands(m.sess.Init.Commands)
	}
}

// unknownCommand refuses a slash command that neither gclaude nor the CLI knows, so
// that a typo never reaches the model as a prompt; the typed text goes back into the
// input, to be fixed rather than typed again. Until the CLI has said which commands it
// has, nothing can be judged and the text goes to the CLI as before.
func (m *Model) unknownCommand(name, typed string, images []protocol.ImageSource) bool {
	if m.sess.Init == nil {
		return false
	}
	text, unknown := commands.Unknown(name, m.prompt.Commands())
	if unknown {
		m.notice(noticeWarning, text)
		m.prompt.Restore(typed, images)
	}
	return unknown
}

// runCommand runs one of gclaude's own slash commands (ui/commands), or sends any
// other as a prompt (text as typed, with its images).
func (m *Model) runCommand(name, args, text string, images []protocol.ImageSource) tea.Cmd {
	c, ok := commands.Lookup(name)
	if !ok {
		if m.unknownCommand(name, text, images) {
			return nil
		}
		return m.submitCommand(text, images)
	}
	if m.mode.Command(m.host(), c.Name) { // a recording refuses what needs a live claude
		return nil
	}
	return c.Run(m.commandHost(), args)
}

// ResumeLine is the line to print once the screen is restored, or "" when nothing
// was said: no turn ran in this conversation and none was resumed (after /clear
// the new conversation has no id until its first turn).
func (m *Model) ResumeLine() string {
	return commands.ResumeLine(m.sess.SessionID)
}
