package commands

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/input"
)

// Names of gclaude's own slash commands; every other "/…" goes to the CLI as text.
const (
	// Commands of the screen and the session's settings.
	CmdHelp  = "help"
	CmdClear = "clear"
	CmdQuit  = "quit"
	CmdModel = "model"
	CmdMode  = "mode"
	// Commands about the conversation itself.
	CmdResume  = "resume"
	CmdRename  = "rename"
	CmdContext = "context"
	CmdCost    = "cost"
	CmdExport  = "export"
	CmdLogin   = "login"
	// Everyday commands a Claude Code user reaches for. The CLI answers them with "isn't
	// available in this environment" when they are sent as prompts, so gclaude runs
	// them itself (their logic lives in ui/localcmd).
	CmdStatus      = "status"
	CmdPermissions = "permissions"
	CmdAddDir      = "add-dir"
	CmdMemory      = "memory"
	CmdRewind      = "rewind"
)

// Builtin lists gclaude's own commands in the order the / menu shows them. It is the
// one list that running, completion and a replay's check for commands read. (The
// CLI's own /exit, /reset… would only act on its terminal UI, which does not run here.)
func Builtin() []input.Command {
	return []input.Command{
		{Name: CmdHelp, Description: "Show keys and commands"},
		{Name: CmdClear, Description: "Start a new conversation", Aliases: []string{"reset", "new"}},
		{Name: CmdModel, Description: "Switch the model", ArgumentHint: "[model]"},
		{Name: CmdMode, Description: "Switch the permission mode", ArgumentHint: "[mode]"},
		{Name: CmdQuit, Description: "Quit gclaude", Aliases: []string{"exit"}},

		{Name: CmdResume, Description: "Resume an earlier conversation of this folder", ArgumentHint: "[session id or title]", Aliases: []string{"continue"}},
		{Name: CmdRename, Description: "Give this conversation a title", ArgumentHint: "<title>"},
		{Name: CmdContext, Description: "Show what fills the context window"},
		{Name: CmdCost, Description: "Show the cost and duration of this session"},
		{Name: CmdExport, Description: "Write the conversation to a markdown file", ArgumentHint: "[--replace] [file]"},
		{Name: CmdLogin, Description: "Sign in to your Anthropic account (claude auth login), then restart claude"},

		{Name: CmdStatus, Description: "Show versions, session, folders, model, mode, account, MCP servers and settings"},
		{Name: CmdPermissions, Description: "List, add or remove allow / ask / deny rules", ArgumentHint: "[list | allow|ask|deny <rule> | remove <rule>]", Aliases: []string{"allowed-tools"}},
		{Name: CmdAddDir, Description: "Let tools use another folder", ArgumentHint: "<path>"},
		{Name: CmdMemory, Description: "List the CLAUDE.md files in effect and open one in $EDITOR", ArgumentHint: "[number]"},
		{Name: CmdRewind, Description: "Go back to an earlier prompt: restore code, conversation or both"},
	}
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
func Lookup(name string) (input.Command, bool) {
	for _, c := range Builtin() {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return c, true
		}
	}
	return input.Command{}, false
}

// NeedsLive reports whether the command (by its name, not an alias) needs a live
// claude, so that a recording refuses it: all but the screen's own commands, the
// session's settings and /export, which writes what is on the screen.
func NeedsLive(name string) bool {
	switch name {
	case CmdHelp, CmdClear, CmdQuit, CmdModel, CmdMode, CmdExport:
		return false
	}
	_, ok := Lookup(name)
	return ok
}

// Run runs one of the commands this package implements, by its name (not an alias);
// ok is false for any other.
func Run(h Host, name, args string) (cmd tea.Cmd, ok bool) {
	switch name {
	case CmdRename:
		return Rename(h, args), true
	case CmdContext:
		return Context(h), true
	case CmdCost:
		return Cost(h), true
	case CmdExport:
		return Export(h, args), true
	case CmdStatus:
		return Status(h), true
	case CmdAddDir:
		return AddDir(h, args), true
	case CmdPermissions:
		return Permissions(h, args), true
	case CmdMemory:
		return Memory(h, args), true
	case CmdRewind:
		return Rewind(h), true
	}
	return nil, false
}
