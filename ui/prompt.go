package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/localcmd"
)

// The prompt (ui/input.Prompt) edits the draft; the root only routes keys to it and
// does what its actions ask: send a prompt, run a command, move the focus.

func (m *Model) newPrompt() *input.Prompt {
	p := input.NewPrompt(input.PromptEnv{
		Styles:      m.styles(),
		Keys:        m.keys,
		Getenv:      m.getenv,
		Now:         m.now,
		HistoryPath: m.opts.PromptHistoryPath,
		HistoryCWD:  m.opts.CWD,
		ReadOnly:    m.mode.recording(),
		Workspace:   m.workspace,
	})
	p.SetCommands(commands.Builtin())
	return p
}

// workspace is where the prompt's @-mentions and pasted paths look.
func (m *Model) workspace() input.Workspace {
	dir := m.sess.cwd
	if dir == "" {
		dir = m.opts.CWD
	}
	return input.Workspace{Dir: dir, Home: m.opts.Home, Gen: m.gen}
}

// inputKey hands a key to the prompt, which has focus.
func (m *Model) inputKey(msg tea.KeyPressMsg) tea.Cmd {
	a, cmd := m.prompt.HandleKey(msg)
	return tea.Batch(cmd, m.promptAction(a))
}

// updatePrompt hands the prompt one of its own messages.
func (m *Model) updatePrompt(msg input.Msg) tea.Cmd {
	a, cmd := m.prompt.Update(msg)
	return tea.Batch(cmd, m.promptAction(a))
}

// promptAction does what the prompt asked for.
func (m *Model) promptAction(a input.Action) tea.Cmd {
	if a == nil {
		return nil
	}
	m.layout() // the draft may have shrunk: the transcript gets its rows first
	switch a := a.(type) {
	case input.Submit:
		if command, ok := localcmd.ShellCommand(a.Text); ok && !m.mode.recording() {
			return m.shell.Run(m.commandHost(), command)
		}
		return m.submitShown(a.Text, a.Shown, a.Images)
	case input.RunCommand:
		return m.runCommand(a.Name, a.Args, a.Text, a.Images)
	case input.SendEmpty:
		if m.sess.phase == phaseExited {
			return m.restart()
		}
	case input.Enter: // read-only prompt: the mode decides
		cmd, _ := m.mode.enter(m, a.Text)
		return cmd
	case input.Interrupt:
		return m.interrupt()
	case input.FocusTranscript:
		m.setFocus(focusTranscript)
	case input.Quit:
		return m.quit()
	case input.OpenHelp:
		m.openHelp()
	case input.Notice:
		kind := noticeWarning
		if a.Error {
			kind = noticeError
		}
		m.notice(kind, a.Text)
	}
	return nil
}
