package tab

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
)

// setCLICommands offers the CLI's commands next to ours in the / menu.
func (t *Tab) setCLICommands(cmds []protocol.SlashCommand) {
	t.prompt.SetCommands(commands.Menu(cmds, t.sess.Skills))
}

// setSkills takes in system/init's skills and regroups the / menu when they changed.
func (t *Tab) setSkills(skills []string) {
	if len(skills) == 0 || slices.Equal(skills, t.sess.Skills) {
		return
	}
	t.sess.Skills = slices.Clone(skills)
	if t.sess.Init != nil {
		t.setCLICommands(t.sess.Init.Commands)
	}
}

// unknownCommand refuses a slash command that neither gclaude nor the CLI knows, so
// that a typo never reaches the model as a prompt; the typed text goes back into the
// input, to be fixed rather than typed again. Until the CLI has said which commands it
// has, nothing can be judged and the text goes to the CLI as before.
func (t *Tab) unknownCommand(name, typed string, images []protocol.ImageSource) bool {
	if t.sess.Init == nil {
		return false
	}
	text, unknown := commands.Unknown(name, t.prompt.Commands())
	if unknown {
		t.notice(noticeWarning, text)
		t.prompt.Restore(typed, images)
	}
	return unknown
}

// runCommand runs one of gclaude's own slash commands (ui/commands), or sends any
// other as a prompt (text as typed, with its images).
func (t *Tab) runCommand(name, args, text string, images []protocol.ImageSource) tea.Cmd {
	c, ok := commands.Lookup(name)
	if !ok {
		if t.unknownCommand(name, text, images) {
			return nil
		}
		return t.submitCommand(text, images)
	}
	if t.mode.Command(t.playback(), c.Name) { // a recording refuses what needs a live claude
		return nil
	}
	return c.Run(t, args)
}
