package dialogs

import (
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Editing a tool's input in $EDITOR takes two steps, because Update does no I/O: a
// command writes the text to a temporary file (editorReadyMsg), then Update hands
// the terminal to the editor with tea.ExecProcess; when it exits, the file is read
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
		f, err := os.CreateTemp("", "gclaude-*"+ext)
		if err != nil {
			return editorDoneMsg{id: id, err: err}
		}
		path := f.Name()
		_, werr := f.WriteString(text)
		cerr := f.Close()
		if werr != nil || cerr != nil {
			os.Remove(path)
			if werr == nil {
				werr = cerr
			}
			return editorDoneMsg{id: id, err: werr}
		}
		return editorReadyMsg{id: id, path: path, cmd: editorCommand(env, path)}
	}
}

// run gives the terminal to the editor and reads the file back when it exits.
func (m editorReadyMsg) run() tea.Cmd {
	return tea.ExecProcess(m.cmd, func(err error) tea.Msg {
		defer os.Remove(m.path)
		if err != nil {
			return editorDoneMsg{id: m.id, err: err}
		}
		b, err := os.ReadFile(m.path)
		return editorDoneMsg{id: m.id, text: string(b), err: err}
	})
}

// editorCommand is env.Editor, else $VISUAL, $EDITOR or vi (with its arguments).
func editorCommand(env Env, path string) *exec.Cmd {
	if env.Editor != nil {
		return env.Editor(path)
	}
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if f := strings.Fields(os.Getenv(v)); len(f) > 0 {
			return exec.Command(f[0], append(f[1:], path)...)
		}
	}
	return exec.Command("vi", path)
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
