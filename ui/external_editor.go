package ui

import (
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editorcmd"
)

// The draft can be edited in the user's editor (ctrl+g): the draft goes to a temporary
// file, the editor runs in the terminal, and what it saved comes back as the draft.

type editorReadyMsg struct {
	path string
	err  error
}

type editorClosedMsg struct {
	path string
	err  error
}

type editorTextMsg struct {
	text string
	err  error
}

// editorCommand is the user's editor, looked up in the model's environment.
func (m *Model) editorCommand(path string) *exec.Cmd {
	return editorcmd.Command(m.getenv, path)
}

// openExternalEditor hands the draft to the editor. A second ctrl+g before the first
// editor's text is back does nothing: it would open an editor on the stale draft right
// after the first closes (an empty-looking screen), and its text would then replace
// what was written in the first.
func (m *Model) openExternalEditor() tea.Cmd {
	if m.editing {
		return nil
	}
	m.editing = true
	draft := m.editor.Value()
	return func() tea.Msg {
		path, err := editorcmd.WriteTemp("gclaude-prompt-*.md", draft)
		return editorReadyMsg{path: path, err: err}
	}
}

func (m *Model) handleEditorReady(msg editorReadyMsg) tea.Cmd {
	if msg.err != nil {
		m.editing = false
		m.notice(noticeError, "could not open the editor: "+msg.err.Error())
		return nil
	}
	path := msg.path
	return tea.ExecProcess(m.editorCommand(path), func(err error) tea.Msg { return editorClosedMsg{path: path, err: err} })
}

func (m *Model) handleEditorClosed(msg editorClosedMsg) tea.Cmd {
	path, runErr := msg.path, msg.err
	return func() tea.Msg {
		text, err := editorcmd.Collect(path, runErr)
		return editorTextMsg{text: strings.TrimRight(text, "\n"), err: err}
	}
}

func (m *Model) handleEditorText(msg editorTextMsg) {
	m.editing = false
	if msg.err != nil {
		m.notice(noticeError, "the editor failed; the draft is unchanged: "+msg.err.Error())
		return
	}
	m.editor.SetValue(msg.text)
	m.afterEdit()
}
