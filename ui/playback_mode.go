package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/playback"
	"github.com/gclaude/gclaude/ui/session"
)

// newPlaybackMode is the mode Options ask for: live, or a recording played back
// (playback.Replay).
func newPlaybackMode(opts Options) playback.Mode {
	if opts.Replay {
		return &playback.Replay{}
	}
	return playback.Live{}
}

// host is the Model as its mode sees it.
func (m *Model) host() playback.Session { return modeHost{m} }

// modeHost is the Model as playback.Session: what its mode sees and may do.
type modeHost struct{ m *Model }

// Controls are the player's, found through the Backend (nil in tests without one).
func (h modeHost) Controls() playback.Controls {
	c, _ := h.m.link.Backend().(playback.Controls)
	return c
}

func (h modeHost) Keys() keymap.KeyMap { return h.m.keys }

func (h modeHost) State() playback.SessionState {
	m := h.m
	return playback.SessionState{Ended: m.sess.Phase == session.PhaseExited, Quitting: m.quitting, TurnRunning: m.turn.Running,
		Dialog: m.dialogs.Len() > 0, PickerOnTop: m.topIsPicker(), PromptFocused: m.focus == focusInput,
		Searching: m.prompt.Searching(), Completing: m.prompt.CompletionOpen(), Draft: m.prompt.Value() != ""}
}

func (h modeHost) ShowPrompt(text string)   { h.m.conversation.AddUserPrompt(text) }
func (h modeHost) Notice(kind, text string) { h.m.notice(kind, text) }
func (h modeHost) PlayAgain() tea.Cmd       { return h.m.clear() }

func (h modeHost) CloseRequest(requestID string) tea.Cmd {
	_, cmd := h.m.withdrawDialog(requestID)
	return cmd
}

func (h modeHost) End() {
	m := h.m
	m.sess.Phase = session.PhaseExited
	m.turn.Running = false
	m.unqueue(m.turn.Prompts.Release(""))
	m.dropRequestDialogs()
}

func (h modeHost) RunLocal(text string) (tea.Cmd, bool) {
	name, args, ok := input.ParseSlash(text)
	if _, local := commands.Lookup(name); !ok || !local {
		return nil, false
	}
	h.m.prompt.Reset()
	h.m.layout()
	return h.m.runCommand(name, args, text, nil), true
}

// NeedsLive: all but the screen's own commands, the settings' and /export.
func (h modeHost) NeedsLive(name string) bool { return commands.NeedsLive(name) }
