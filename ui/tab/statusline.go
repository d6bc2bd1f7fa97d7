package tab

import (
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/statusline"
)

// The custom status line (ui/statusline): the settings are read for each started
// claude, the session's facts are looked at after every update, and the line is
// drawn under the prompt.

// observeStatusLine runs after every Update: it reads the settings once for each
// started claude, and lets the line schedule a run when what it shows may have changed.
func (t *Tab) observeStatusLine() tea.Cmd {
	var cmds []tea.Cmd
	if t.link.Running() && t.sess.Phase == session.PhaseReady && !t.mode.Recording() && t.statusline.AskSettings(t.link.Gen()) {
		cmds = append(cmds, t.loadStatusLineSettings())
	}
	if t.statusline.On() { // nothing to gather for most users, who have none
		cmds = append(cmds, t.statusline.Observe(t.statusLineFacts()))
	}
	return tea.Batch(cmds...)
}

// statusLineSettingsMsg is the statusLine setting read for a started claude.
type statusLineSettingsMsg struct {
	gen int
	cfg statusline.Config
	on  bool
	err error
}

// loadStatusLineSettings reads the settings files /permissions writes to (user,
// project, local) in a Cmd.
func (t *Tab) loadStatusLineSettings() tea.Cmd {
	files, gen := commands.SettingsFilesFor(t.env.Opts.Home, t.place.Dir), t.link.Gen()
	return func() tea.Msg {
		cfg, on, err := statusline.Load(files.User, files.Project, files.Local)
		return statusLineSettingsMsg{gen: gen, cfg: cfg, on: on, err: err}
	}
}

func (msg statusLineSettingsMsg) handle(t *Tab) tea.Cmd {
	if !t.link.Current(msg.gen) {
		return nil
	}
	if msg.err != nil {
		// Without the settings there is no status line; claude runs on.
		t.notice(noticeWarning, "could not read the statusLine setting: "+msg.err.Error())
		return nil
	}
	t.statusline.Observe(t.statusLineFacts()) // the first run sees the facts of now
	return t.statusline.Set(msg.cfg, msg.on, t.now())
}

func (t *Tab) statusLineDone(msg statusline.DoneMsg) tea.Cmd {
	if !msg.For(&t.statusline) {
		return nil
	}
	notice, cmd := t.statusline.Done(msg, t.now())
	if notice != nil {
		t.notice(noticeWarning, notice.Text)
	}
	return cmd
}

func (t *Tab) statusLineDue(msg statusline.DueMsg) tea.Cmd {
	if !msg.For(&t.statusline) {
		return nil
	}
	return t.statusline.Due(msg, t.now())
}

// statusLineRows are the rows the status line takes under the editor; none while a
// dialog or the help screen replaces the editor.
func (t *Tab) statusLineRows() int {
	if t.dialogs.Len() > 0 || t.area.HelpOpen {
		return 0
	}
	return t.statusline.Rows()
}

// statusLineFacts are what gclaude knows of the session for the command's input.
func (t *Tab) statusLineFacts() statusline.Facts {
	f := statusline.Facts{
		SessionID:      t.sess.SessionID,
		CWD:            t.sess.CWD,
		ProjectDir:     t.place.Dir,
		Model:          t.sess.Model,
		PermissionMode: t.sess.Mode,
		CostUSD:        t.sess.Usage.CostUSD,
		ContextTokens:  t.sess.Usage.ContextTokens,
		ContextWindow:  t.sess.Usage.ContextWindow,
		Columns:        t.env.Columns(),
	}
	if f.SessionID != "" {
		f.TranscriptPath = filepath.Join(t.sessionFilesDir(), f.SessionID+".jsonl")
	}
	if init := t.sess.Init; init != nil {
		f.Version, f.OutputStyle = init.ClaudeCodeVersion, init.OutputStyle
		for _, mi := range init.Models {
			// "default" is named for the choice ("Default (recommended)"), not the model.
			if mi.Value == f.Model || mi.ResolvedModel == f.Model && mi.Value != "default" {
				f.ModelName = mi.DisplayName
				break
			}
		}
	}
	return f
}
