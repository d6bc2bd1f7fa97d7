package ui

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/playback"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/status"
)

// sessionMode is what differs between a live session and a recording played back
// (`gclaude replay`). The root asks its mode wherever the two part ways instead of
// checking a flag; the live mode leaves the usual handling alone.
type sessionMode interface {
	// event runs before the usual handling of ev; done means ev is fully handled.
	event(m *Model, ev process.Event) (cmd tea.Cmd, done bool)
	// key handles the mode's own keys; done is false for every other key.
	key(m *Model, msg tea.KeyPressMsg) (cmd tea.Cmd, done bool)
	// enter handles enter on the prompt holding text; done is false to let the usual
	// handling send it.
	enter(m *Model, text string) (cmd tea.Cmd, done bool)
	// status adjusts the status bar the usual way filled in.
	status(m *Model, st *status.State)
	// help is the mode's own help line; ok is false when the usual one is shown.
	help(m *Model) (keys [][2]string, ok bool)
	// refuse reports whether err of a Backend call is the mode's refusal (and says so);
	// what names what cannot be done, as in "prompts are not sent".
	refuse(m *Model, err error, what string) bool
	// command reports whether the slash command name is refused (and says so).
	command(m *Model, name string) (refused bool)
	// recording is true when a recording plays: nothing is answered (dialogs only
	// close) and the playback keys apply.
	recording() bool
}

// newSessionMode is the mode Options ask for.
func newSessionMode(opts Options) sessionMode {
	if opts.Replay {
		return &replayMode{}
	}
	return liveMode{}
}

// liveMode is a session with a real claude behind it: the usual handling throughout.
type liveMode struct{}

func (liveMode) event(*Model, process.Event) (tea.Cmd, bool) { return nil, false }
func (liveMode) key(*Model, tea.KeyPressMsg) (tea.Cmd, bool) { return nil, false }
func (liveMode) enter(*Model, string) (tea.Cmd, bool)        { return nil, false }
func (liveMode) status(*Model, *status.State)                {}
func (liveMode) help(*Model) ([][2]string, bool)             { return nil, false }
func (liveMode) refuse(*Model, error, string) bool           { return false }
func (liveMode) command(*Model, string) bool                 { return false }
func (liveMode) recording() bool                             { return false }

// replayMode plays a recording: playback.Replay does it all, seeing the root as a
// playback.Host (replayHost).
type replayMode struct{ r playback.Replay }

func (p *replayMode) event(m *Model, ev process.Event) (tea.Cmd, bool) {
	return p.r.Event(replayHost{m}, ev)
}
func (p *replayMode) key(m *Model, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	return nil, p.r.Key(replayHost{m}, msg)
}
func (p *replayMode) enter(m *Model, text string) (tea.Cmd, bool) {
	return p.r.Enter(replayHost{m}, text), true
}
func (p *replayMode) status(m *Model, st *status.State) { p.r.Status(replayHost{m}, st) }
func (p *replayMode) help(m *Model) ([][2]string, bool) { return p.r.Help(replayHost{m}) }
func (p *replayMode) refuse(m *Model, err error, what string) bool {
	return p.r.Refuse(replayHost{m}, err, what)
}
func (p *replayMode) command(m *Model, name string) bool { return p.r.Command(replayHost{m}, name) }
func (*replayMode) recording() bool                      { return true }

// replayHost is the Model as playback.Host.
type replayHost struct{ m *Model }

// Controls are the player's, found through the Backend (nil in tests without one).
func (h replayHost) Controls() playback.Controls {
	c, _ := h.m.link.Backend().(playback.Controls)
	return c
}

func (h replayHost) Keys() keymap.KeyMap { return h.m.keys }

func (h replayHost) State() playback.HostState {
	m := h.m
	return playback.HostState{Ended: m.sess.Phase == session.PhaseExited, Quitting: m.quitting, TurnRunning: m.turn.Running,
		Dialog: len(m.dialogs) > 0, PickerOnTop: m.topIsPicker(), PromptFocused: m.focus == focusInput,
		Searching: m.prompt.Searching(), Completing: m.prompt.CompletionOpen(), Draft: m.prompt.Value() != ""}
}

func (h replayHost) ShowPrompt(text string)   { h.m.transcript.AddUserPrompt(text) }
func (h replayHost) Notice(kind, text string) { h.m.notice(kind, text) }
func (h replayHost) PlayAgain() tea.Cmd       { return h.m.clear() }

func (h replayHost) CloseRequest(requestID string) tea.Cmd {
	delete(h.m.building, requestID)
	for i, q := range h.m.dialogs {
		if q.requestID == requestID {
			return h.m.popDialog(i)
		}
	}
	return nil
}

func (h replayHost) End() {
	m := h.m
	m.sess.Phase = session.PhaseExited
	m.turn.Running = false
	m.unqueue(m.turn.Prompts.Release(""))
	m.dropRequestDialogs()
}

func (h replayHost) RunLocal(text string) (tea.Cmd, bool) {
	name, args, ok := input.ParseSlash(text)
	if _, local := localCommand(name); !ok || !local {
		return nil, false
	}
	h.m.prompt.Reset()
	h.m.layout()
	return h.m.runCommand(name, args, text, nil), true
}

// NeedsLive: the session commands need a live claude, /export excepted.
func (h replayHost) NeedsLive(name string) bool {
	return name != cmdExport && slices.ContainsFunc(sessionCommands(), func(c input.Command) bool { return c.Name == name })
}
