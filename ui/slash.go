package ui

import (
	"os"
	"path/filepath"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/termexec"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/localcmd"
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
func (m *Model) unknownCommand(name, text string, images []protocol.ImageSource) bool {
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
	m.prompt.Restore(text, images)
	return true
}

// runCommand runs one of gclaude's own slash commands (most live in ui/commands), or
// sends any other as a prompt (text as typed, with its images).
func (m *Model) runCommand(name, args, text string, images []protocol.ImageSource) tea.Cmd {
	if c, ok := commands.Lookup(name); ok {
		name = c.Name
	}
	switch name {
	case commands.CmdHelp:
		m.openHelp()
		return nil
	case commands.CmdQuit:
		return m.quit()
	case commands.CmdClear:
		return m.clear()
	case commands.CmdModel:
		if args != "" {
			return m.chooseModel(args)
		}
		return m.openModelPicker()
	case commands.CmdMode:
		if args != "" {
			return m.chooseMode(args)
		}
		return m.openModePicker()
	}
	if m.mode.Command(m.host(), name) { // a recording refuses what needs a live claude
		return nil
	}
	switch name {
	case commands.CmdResume:
		return m.listSessions(args)
	case commands.CmdLogin:
		return m.login()
	}
	if cmd, ok := commands.Run(m.commandHost(), name, args); ok {
		return cmd
	}
	if m.unknownCommand(name, text, images) {
		return nil
	}
	return m.submitCommand(text, images)
}

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
	return termexec.Process(c, func(err error) tea.Msg { return loginDoneMsg{err: err} })
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
