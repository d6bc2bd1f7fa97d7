package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/tab"
)

// Keys typed while /open prepares a session (checks its folder, makes its worktree)
// are held, and then all go to one place: the session in front once the open has
// settled, the new one, or the one the user is in when opening failed. Before, the
// first words stayed in the old session's prompt and the rest landed in the new one,
// and an /open typed meanwhile could finish before the one typed first.

// openingState is what is held while /open prepares a session.
type openingState struct {
	pending int       // /open commands preparing their session
	held    []tea.Msg // keys and pastes meant for the prompt, in the order typed
}

// whileOpening marks cmd, the Cmd that prepares the session /open asked for in from,
// as under way: until it reports, keys for the prompt are held.
func (m *Model) whileOpening(from *tab.Tab, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	m.opening.pending++
	origin := from.ID()
	return func() tea.Msg { return openSettled{origin: origin, prepared: cmd().(openPrepared)} }
}

// openSettled is the report of an /open's preparation. It belongs to the workspace,
// not to the session /open was typed in: even if that one was closed meanwhile, the
// keys held are let go.
type openSettled struct {
	origin   int // the session /open was typed in
	prepared openPrepared
}

func (openSettled) workspace() {}

func (msg openSettled) handle(m *Model) tea.Cmd {
	m.opening.pending--
	t := m.tabs.byID(msg.origin)
	if t == nil {
		t = m.tabs.front
	}
	return tea.Batch(m.openPrepared(t, msg.prepared), m.releaseHeld())
}

// holdTyped keeps a key or paste meant for the prompt while an /open prepares its
// session, and reports whether it did.
func (m *Model) holdTyped(msg tea.Msg) bool {
	if m.opening.pending == 0 {
		return false
	}
	m.opening.held = append(m.opening.held, msg)
	return true
}

// releaseHeld gives the held keys, in order, to the session now in front, as if typed
// now (an /open among them holds the rest again until it settles).
func (m *Model) releaseHeld() tea.Cmd {
	held := m.opening.held
	m.opening.held = nil
	cmds := make([]tea.Cmd, 0, len(held))
	for _, msg := range held {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			cmds = append(cmds, m.handleKey(msg))
		case tea.PasteMsg:
			cmds = append(cmds, m.handlePaste(msg))
		}
	}
	return tea.Batch(cmds...)
}

// openingHint is the help line while an /open prepares: what was typed meanwhile, and
// where it goes.
func (m *Model) openingHint() string {
	var typed strings.Builder
	for _, msg := range m.opening.held {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			switch {
			case msg.Text != "":
				typed.WriteString(msg.Text)
			case msg.Code == tea.KeyEnter:
				typed.WriteString("⏎")
			case msg.Code == tea.KeyBackspace:
				typed.WriteString("⌫")
			}
		case tea.PasteMsg:
			typed.WriteString(render.OneLine(msg.Content))
		}
	}
	text := "opening the session… what you type goes to it"
	if typed.Len() > 0 {
		text += ": " + render.Sanitize(typed.String())
	}
	return text
}
