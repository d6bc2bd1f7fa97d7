package input

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editor"
	"github.com/gclaude/gclaude/internal/termexec"
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

// openExternalEditor hands the draft to the editor. A second ctrl+g before the first
// editor's text is back does nothing: it would open an editor on the stale draft right
// after the first closes (an empty-looking screen), and its text would then replace
// what was written in the first.
func (p *Prompt) openExternalEditor() tea.Cmd {
	if p.editing {
		return nil
	}
	p.editing = true
	draft := p.editor.Value()
	return func() tea.Msg {
		path, err := editor.WriteTemp("gclaude-prompt-*.md", draft)
		return editorReadyMsg{path: path, err: err}
	}
}

func (msg editorReadyMsg) update(p *Prompt) (Action, tea.Cmd) {
	if msg.err != nil {
		p.editing = false
		return Notice{Error: true, Text: "could not open the editor: " + msg.err.Error()}, nil
	}
	path := msg.path
	run := editor.Command(p.env.Getenv, path)
	return nil, termexec.Process(run, func(err error) tea.Msg { return editorClosedMsg{path: path, err: err} })
}

func (msg editorClosedMsg) update(*Prompt) (Action, tea.Cmd) {
	path, runErr := msg.path, msg.err
	return nil, func() tea.Msg {
		text, err := editor.Collect(path, runErr)
		return editorTextMsg{text: strings.TrimRight(text, "\n"), err: err}
	}
}

func (msg editorTextMsg) update(p *Prompt) (Action, tea.Cmd) {
	p.editing = false
	if msg.err != nil {
		return Notice{Error: true, Text: "the editor failed; the draft is unchanged: " + msg.err.Error()}, nil
	}
	text := normalizeNewlines(msg.text)
	if tooLongToEdit(text) {
		// Whole, as a chip: the editor cuts a text past 10,000 lines, and re-lays out
		// all of it on every key.
		// The draft's own chips go inside it as their text.
		text = p.expandPastes(text)
		p.pastes = pasteState{}
		text = p.setAside(text)
	}
	p.editor.SetValue(text)
	p.afterEdit()
	return nil, nil
}
