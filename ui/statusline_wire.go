package ui

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
func (m *Model) observeStatusLine() tea.Cmd {
	var cmds []tea.Cmd
	if m.link.Running() && m.sess.Phase == session.PhaseReady && !m.mode.Recording() && m.statusline.AskSettings(m.link.Gen()) {
		cmds = append(cmds, m.loadStatusLineSettings())
	}
	if m.statusline.On() { // nothing to gather for most users, who have none
		cmds = append(cmds, m.statusline.Observe(m.statusLineFacts()))
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
func (m *Model) loadStatusLineSettings() tea.Cmd {
	files, gen := commands.SettingsFilesFor(m.opts.Home, m.place.dir), m.link.Gen()
	return func() tea.Msg {
		cfg, on, err := statusline.Load(files.User, files.Project, files.Local)
		return statusLineSettingsMsg{gen: gen, cfg: cfg, on: on, err: err}
	}
}

func (msg statusLineSettingsMsg) handle(m *Model) tea.Cmd {
	if !m.link.Current(msg.gen) {
		return nil
	}
	if msg.err != nil {
		// Without the settings there is no status line; claude runs on.
		m.notice(noticeWarning, "could not read the statusLine setting: "+msg.err.Error())
		return nil
	}
	m.statusline.Observe(m.statusLineFacts()) // the first run sees the facts of now
	return m.statusline.Set(msg.cfg, msg.on, m.now())
}

func (m *Model) statusLineDone(msg statusline.DoneMsg) tea.Cmd {
	if !msg.For(&m.statusline) {
		return nil
	}
	notice, cmd := m.statusline.Done(msg, m.now())
	if notice != nil {
		m.notice(noticeWarning, notice.Text)
	}
	return cmd
}

func (m *Model) statusLineDue(msg statusline.DueMsg) tea.Cmd {
	if !msg.For(&m.statusline) {
		return nil
	}
	return m.statusline.Due(msg, m.now())
}

// statusLineRows are the rows the status line takes under the editor; none while a
// dialog or the help screen replaces the editor.
func (m *Model) statusLineRows() int {
	if m.dialogs.Len() > 0 || m.help.IsOpen() {
		return 0
	}
	return m.statusline.Rows()
}

// statusLineFacts are what gclaude knows of the session for the command's input.
func (m *Model) statusLineFacts() statusline.Facts {
	f := statusline.Facts{
		SessionID:      m.sess.SessionID,
		CWD:            m.sess.CWD,
		ProjectDir:     m.place.dir,
		Model:          m.sess.Model,
		PermissionMode: m.sess.Mode,
		CostUSD:        m.sess.Usage.CostUSD,
		ContextTokens:  m.sess.Usage.ContextTokens,
		ContextWindow:  m.sess.Usage.ContextWindow,
		Columns:        m.width,
	}
	if f.SessionID != "" {
		f.TranscriptPath = filepath.Join(m.sessionFilesDir(), f.SessionID+".jsonl")
	}
	if init := m.sess.Init; init != nil {
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
