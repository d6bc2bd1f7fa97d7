package ui

import (
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"
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

// editorCommand is $VISUAL, else $EDITOR, else vi; it may carry arguments ("code -w").
func (m *Model) editorCommand(path string) *exec.Cmd {
	editor := m.getenv("VISUAL")
	if strings.TrimSpace(editor) == "" {
		editor = m.getenv("EDITOR")
	}
	args := strings.Fields(editor)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	return exec.Command(args[0], append(args[1:], path)...)
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
		f, err := os.CreateTemp("", "gclaude-prompt-*.md")
		if err != nil {
			return editorReadyMsg{err: err}
		}
		_, err = f.WriteString(draft)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return editorReadyMsg{path: f.Name(), err: err}
	}
}

func (m *Model) handleEditorReady(msg editorReadyMsg) tea.Cmd {
	if msg.err != nil {
		m.editing = false
		m.notice(noticeError, "could not open the editor: "+msg.err.Error())
		if msg.path != "" {
			return removeFile(msg.path)
		}
		return nil
	}
	path := msg.path
	return tea.ExecProcess(m.editorCommand(path), func(err error) tea.Msg { return editorClosedMsg{path: path, err: err} })
}

func (m *Model) handleEditorClosed(msg editorClosedMsg) tea.Cmd {
	path, runErr := msg.path, msg.err
	return func() tea.Msg {
		defer os.Remove(path)
		if runErr != nil {
			return editorTextMsg{err: runErr}
		}
		b, err := os.ReadFile(path)
		return editorTextMsg{text: strings.TrimRight(string(b), "\n"), err: err}
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

func removeFile(path string) tea.Cmd {
	return func() tea.Msg {
		_ = os.Remove(path)
		return nil
	}
}
