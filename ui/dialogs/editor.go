package dialogs

import (
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editor"
	"github.com/gclaude/gclaude/internal/termexec"
)

// Editing a tool's input in $EDITOR takes two steps, because Update does no I/O: a
// command writes the text to a temporary file (editorReadyMsg), then Update hands
// the terminal to the editor with termexec.Process; when it exits, the file is read
// back and removed (editorDoneMsg).

type editorReadyMsg struct {
	id   uint64
	path string
	cmd  *exec.Cmd
}

type editorDoneMsg struct {
	id   uint64
	text string
	err  error
}

// openInEditor writes text to a temporary file named *ext and prepares the editor.
func openInEditor(id uint64, text, ext string, env Env) tea.Cmd {
	return func() tea.Msg {
		path, err := editor.WriteTemp("gclaude-*"+ext, text)
		if err != nil {
			return editorDoneMsg{id: id, err: err}
		}
		return editorReadyMsg{id: id, path: path, cmd: editorCommand(env, path)}
	}
}

// run gives the terminal to the editor and reads the file back when it exits.
func (m editorReadyMsg) run() tea.Cmd {
	return termexec.Process(m.cmd, func(err error) tea.Msg {
		text, err := editor.Collect(m.path, err)
		return editorDoneMsg{id: m.id, text: text, err: err}
	})
}

// editorCommand is env.Editor, else the user's editor (editor.Command).
func editorCommand(env Env, path string) *exec.Cmd {
	if env.Editor != nil {
		return env.Editor(path)
	}
	return editor.Command(os.Getenv, path)
}

// fromEditor drops the final newline editors add when the original had none: a
// command must not change just because it went through vi.
func fromEditor(orig, edited string) string {
	if !strings.HasSuffix(orig, "\n") {
		edited = strings.TrimSuffix(edited, "\n")
		edited = strings.TrimSuffix(edited, "\r")
	}
	return edited
}
