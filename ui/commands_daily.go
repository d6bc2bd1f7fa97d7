package ui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/localcmd"
)

// Everyday commands a Claude Code user reaches for. The CLI answers them with "isn't
// available in this environment" when they are sent as prompts, so gclaude runs them
// itself; their logic lives in ui/localcmd, this file only wires them to the session.
const (
	cmdStatus      = "status"
	cmdPermissions = "permissions"
	cmdAddDir      = "add-dir"
	cmdMemory      = "memory"
	cmdRewind      = "rewind"
)

func dailyCommands() []input.Command {
	return []input.Command{
		{Name: cmdStatus, Description: "Show versions, session, folders, model, mode, account, MCP servers and settings"},
		{Name: cmdPermissions, Description: "List, add or remove allow / ask / deny rules", ArgumentHint: "[allow|ask|deny <rule> | remove <rule>]", Aliases: []string{"allowed-tools"}},
		{Name: cmdAddDir, Description: "Let tools use another folder", ArgumentHint: "<path>"},
		{Name: cmdMemory, Description: "List the CLAUDE.md files in effect and open one in $EDITOR", ArgumentHint: "[number]"},
		{Name: cmdRewind, Description: "Go back to an earlier prompt: restore code, conversation or both"},
	}
}

// runDailyCommand runs one of dailyCommands by its name; ok is false for any other.
func (m *Model) runDailyCommand(name, args string) (cmd tea.Cmd, ok bool) {
	if !slices.ContainsFunc(dailyCommands(), func(c input.Command) bool { return c.Name == name }) {
		return nil, false
	}
	if m.opts.Replay {
		m.notice(noticeInfo, "This is a recording: /"+name+" needs a live claude.")
		return nil, true
	}
	switch name {
	}
	return nil, true
}

// unknownCommand refuses a slash command that neither gclaude nor the CLI knows, so
// that a typo never reaches the model as a prompt. Until the CLI has said which
// commands it has, nothing can be judged and the text goes to the CLI as before.
func (m *Model) unknownCommand(name string) bool {
	if m.sess.init == nil {
		return false
	}
	var known []string
	for _, c := range m.prompt.Commands() {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return false
		}
		known = append(known, c.Name)
	}
	m.notice(noticeWarning, localcmd.Unknown(name, known))
	return true
}
