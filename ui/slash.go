package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/localcmd"
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
	}, append(sessionCommands(), dailyCommands()...)...)
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
	if m.sess.Init != nil {
		m.setCLICommands(m.sess.Init.Commands)
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

// Slash commands about the conversation itself.
const (
	cmdResume  = "resume"
	cmdRename  = "rename"
	cmdContext = "context"
	cmdCost    = "cost"
	cmdExport  = "export"
)

func sessionCommands() []input.Command {
	return []input.Command{
		{Name: cmdResume, Description: "Resume an earlier conversation of this folder", ArgumentHint: "[session id or title]", Aliases: []string{"continue"}},
		{Name: cmdRename, Description: "Give this conversation a title", ArgumentHint: "<title>"},
		{Name: cmdContext, Description: "Show what fills the context window"},
		{Name: cmdCost, Description: "Show the cost and duration of this session"},
		{Name: cmdExport, Description: "Write the conversation to a markdown file", ArgumentHint: "[--replace] [file]"},
		{Name: cmdLogin, Description: "Sign in to your Anthropic account (claude auth login), then restart claude"},
	}
}

// runSessionCommand runs one of sessionCommands, by its name (runCommand resolved any
// alias); ok is false for any other name.
func (m *Model) runSessionCommand(name, args string) (cmd tea.Cmd, ok bool) {
	if m.mode.Command(m.host(), name) {
		return nil, true
	}
	switch name {
	case cmdResume:
		return m.listSessions(args), true
	case cmdRename:
		return commands.Rename(m.commandHost(), args), true
	case cmdContext:
		return commands.Context(m.commandHost()), true
	case cmdCost:
		return commands.Cost(m.commandHost()), true
	case cmdExport:
		return commands.Export(m.commandHost(), args), true
	case cmdLogin:
		return m.login(), true
	}
	return nil, false
}

// Everyday commands a Claude Code user reaches for. The CLI answers them with "isn't
// available in this environment" when they are sent as prompts, so gclaude runs them
// itself; they live in ui/commands (their logic in ui/localcmd).
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
		{Name: cmdPermissions, Description: "List, add or remove allow / ask / deny rules", ArgumentHint: "[list | allow|ask|deny <rule> | remove <rule>]", Aliases: []string{"allowed-tools"}},
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
	if m.mode.Recording() {
		m.notice(noticeInfo, "This is a recording: /"+name+" needs a live claude.")
		return nil, true
	}
	switch name {
	case cmdStatus:
		return commands.Status(m.commandHost()), true
	case cmdAddDir:
		return commands.AddDir(m.commandHost(), args), true
	case cmdPermissions:
		return commands.Permissions(m.commandHost(), args), true
	case cmdMemory:
		return commands.Memory(m.commandHost(), args), true
	case cmdRewind:
		return m.openRewind(), true
	}
	return nil, true
}

// unknownCommand refuses a slash command that neither gclaude nor the CLI knows, so
// that a typo never reaches the model as a prompt. Until the CLI has said which
// commands it has, nothing can be judged and the text goes to the CLI as before.
func (m *Model) unknownCommand(name string) bool {
	if m.sess.Init == nil {
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
	if cmd, ok := m.runDailyCommand(name, args); ok {
		return cmd
	}
	if m.unknownCommand(name) {
		return nil
	}
	return m.submit(text, images)
}

// cmdLogin suspends the screen and runs the CLI's own sign-in in the terminal.
const cmdLogin = "login"

// notLoggedInText is the way out shown as soon as the CLI says it has no credentials,
// before the first prompt would fail with "Not logged in · Please run /login".
const notLoggedInText = "claude is not logged in. Type /login to sign in with your Anthropic account, " +
	"or quit and set ANTHROPIC_API_KEY (or run claude once in a terminal to sign in there)."

// checkLogin says how to log in when the initialize response shows no credentials.
func (m *Model) checkLogin(init *protocol.InitializeResponse) {
	if m.mode.Recording() || init == nil || !init.Account.LoggedOut() {
		return
	}
	m.notice(noticeWarning, notLoggedInText)
}

// login runs the CLI's sign-in (Options.Login, `claude auth login`) on the terminal,
// with the screen suspended; when it ends, claude restarts so that it reads the new
// credentials, resuming this conversation.
func (m *Model) login() tea.Cmd {
	if m.opts.Login == nil {
		m.notice(noticeInfo, "/login is not available here: this session does not use your own claude account")
		return nil
	}
	if m.turn.Running {
		m.notice(noticeInfo, "/login restarts claude: wait for the turn to end, or interrupt it first")
		return nil
	}
	c := m.opts.Login()
	return tea.ExecProcess(c, func(err error) tea.Msg { return loginDoneMsg{err: err} })
}

// loginDoneMsg says the sign-in flow has ended and the screen is back.
type loginDoneMsg struct{ err error }

func (msg loginDoneMsg) handle(m *Model) tea.Cmd {
	if msg.err != nil {
		m.notice(noticeError, "claude auth login did not finish: "+msg.err.Error())
		return nil
	}
	// Resume the conversation only if claude saved one: --resume with an id it does not
	// know makes it exit.
	id, dir := m.sess.SessionID, m.sessionsDir()
	return func() tea.Msg {
		if id == "" || dir == "" {
			return loginRestartMsg{}
		}
		if _, err := os.Stat(filepath.Join(dir, id+".jsonl")); err != nil {
			return loginRestartMsg{}
		}
		return loginRestartMsg{resume: id}
	}
}

// loginRestartMsg restarts claude after a sign-in.
type loginRestartMsg struct{ resume string }

func (msg loginRestartMsg) handle(m *Model) tea.Cmd {
	m.dropRequestDialogs()
	m.turn.Running = false
	m.notice(noticeInfo, "restarting claude with the new sign-in…")
	m.sess.Usage.Restarted()
	req := StartRequest{Resume: msg.resume, ForkSession: m.sess.Forking && msg.resume != "", Model: m.sess.Model, PermissionMode: m.sess.Mode}
	return tea.Batch(m.replaceSession(req), m.startTicking())
}

// ResumeLine is the line to print once the screen is restored, or "" when nothing
// was said: no turn ran in this conversation and none was resumed (after /clear
// the new conversation has no id until its first turn).
func (m *Model) ResumeLine() string {
	return commands.ResumeLine(m.sess.SessionID)
}
