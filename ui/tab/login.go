package tab

import (
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/termexec"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
)

// notLoggedInText is the way out shown as soon as the CLI says it has no credentials,
// before the first prompt would fail with "Not logged in · Please run /login".
const notLoggedInText = "claude is not logged in. Type /login to sign in with your Anthropic account, " +
	"or quit and set ANTHROPIC_API_KEY (or run claude once in a terminal to sign in there)."

// checkLogin says how to log in when the initialize response shows no credentials.
func (t *Tab) checkLogin(init *protocol.InitializeResponse) {
	if t.mode.Recording() || init == nil || !init.Account.LoggedOut() {
		return
	}
	t.notice(noticeWarning, notLoggedInText)
}

// login runs the CLI's sign-in (Options.Login, `claude auth login`) on the terminal,
// with the screen suspended; when it ends, claude restarts so that it reads the new
// credentials, resuming this conversation.
func (t *Tab) login() tea.Cmd {
	if t.env.Opts.Login == nil {
		t.notice(noticeInfo, "/login is not available here: this session does not use your own claude account")
		return nil
	}
	if t.turn.Running {
		t.notice(noticeInfo, "/login restarts claude: wait for the turn to end, or interrupt it first")
		return nil
	}
	c := t.env.Opts.Login()
	return termexec.Process(c, func(err error) tea.Msg { return loginDoneMsg{err: err} })
}

// loginDoneMsg says the sign-in flow has ended and the screen is back.
type loginDoneMsg struct{ err error }

func (msg loginDoneMsg) handle(t *Tab) tea.Cmd {
	if msg.err != nil {
		t.notice(noticeError, "claude auth login did not finish: "+msg.err.Error())
		return nil
	}
	// Resume the conversation only if claude saved one: --resume with an id it does not
	// know makes it exit.
	id, dir := t.sess.SessionID, t.sessionFilesDir()
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

func (msg loginRestartMsg) handle(t *Tab) tea.Cmd {
	t.dropRequestDialogs()
	t.turn.Running = false
	t.notice(noticeInfo, "restarting claude with the new sign-in…")
	t.sess.Usage.Restarted()
	req := session.StartRequest{Resume: msg.resume, ForkSession: t.sess.Forking && msg.resume != "", Model: t.sess.Model, PermissionMode: t.sess.Mode}
	return t.replaceCLI(req)
}
