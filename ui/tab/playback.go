package tab

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/playback"
	"github.com/gclaude/gclaude/ui/session"
)

// newPlaybackMode is the mode a tab runs in: live, or a recording played back
// (playback.Replay).
func newPlaybackMode(replay bool) playback.Mode {
	if replay {
		return &playback.Replay{}
	}
	return playback.Live{}
}

// playback is the tab as its mode sees it.
func (t *Tab) playback() playback.Session { return playbackView{t} }

// playbackView is the tab as playback.Session: what its mode sees and may do.
type playbackView struct{ t *Tab }

// Controls are the player's, found through the Backend (nil in tests without one).
func (v playbackView) Controls() playback.Controls {
	c, _ := v.t.link.Backend().(playback.Controls)
	return c
}

func (v playbackView) Keys() keymap.KeyMap { return v.t.env.Keys }

func (v playbackView) State() playback.SessionState {
	t := v.t
	return playback.SessionState{Ended: t.sess.Phase == session.PhaseExited, Quitting: t.closing, TurnRunning: t.turn.Running,
		Dialog: t.dialogs.Len() > 0, PickerOnTop: t.topIsPicker(), PromptFocused: t.focus == focusInput,
		Searching: t.prompt.Searching(), Completing: t.prompt.CompletionOpen(), Draft: t.prompt.Value() != ""}
}

func (v playbackView) ShowPrompt(text string)   { v.t.conversation.AddUserPrompt(text) }
func (v playbackView) Notice(kind, text string) { v.t.notice(kind, text) }
func (v playbackView) PlayAgain() tea.Cmd       { return v.t.clear() }

func (v playbackView) CloseRequest(requestID string) tea.Cmd {
	v.t.withdrawDialog(requestID)
	return nil
}

func (v playbackView) End() {
	t := v.t
	t.sess.End("")
	t.turn.Running = false
	t.unqueue(t.turn.Prompts.Release(""))
	t.dropRequestDialogs()
}

func (v playbackView) RunLocal(text string) (tea.Cmd, bool) {
	name, args, ok := input.ParseSlash(text)
	if _, local := commands.Lookup(name); !ok || !local {
		return nil, false
	}
	v.t.prompt.Reset()
	return v.t.runCommand(name, args, text, nil), true
}

// NeedsLive: all but the screen's own commands, the settings' and /export.
func (v playbackView) NeedsLive(name string) bool { return commands.NeedsLive(name) }
