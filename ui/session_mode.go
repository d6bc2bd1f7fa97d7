package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
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

// replayMode plays a recording (`gclaude replay`): prompts the host typed come back
// as echoes, recorded dialogs close with the recorded answer, the playback keys steer
// the player, and every call that would change the session is refused.
type replayMode struct {
	tracker playback.Tracker
}

// controls are the player's, found through the Backend (nil in tests without one).
func (*replayMode) controls(m *Model) playback.Controls {
	p, _ := m.backend.(playback.Controls)
	return p
}

func (*replayMode) recording() bool { return true }

// event: prompts the host typed come back as IsReplay user lines and are shown as
// prompts; a recorded dialog closes, with the recorded answer, once the recording
// shows the tool's result; Exited is the end of the recording.
func (r *replayMode) event(m *Model, ev process.Event) (tea.Cmd, bool) {
	switch ev := ev.(type) {
	case process.PermissionRequest:
		r.tracker.Shown(ev.Req.ToolUseID, playback.Pending{RequestID: ev.Req.RequestID, Tool: ev.Req.ToolName})
	case process.Cancelled:
		r.tracker.Withdrawn(ev.RequestID)
	case process.Message:
		switch msg := ev.Msg.(type) {
		case *protocol.User:
			if msg.IsReplay {
				if text := r.tracker.Echo(msg.Message.Text()); !isBlank(text) {
					m.transcript.AddUserPrompt(text)
				}
				return nil, false // the transcript skips it
			}
			return r.settleResults(m, msg), false
		case *protocol.Assistant:
			r.tracker.AnswerBegan()
		case *protocol.Result:
			r.tracker.AnswerBegan()
			var cmds []tea.Cmd // the turn is over: every answer was given
			for _, p := range r.tracker.SettleAll() {
				cmds = append(cmds, r.settle(m, p))
			}
			return tea.Batch(cmds...), false
		}
	case process.Exited:
		r.ended(m, ev)
		return nil, true
	}
	return nil, false
}

// settleResults closes the recorded dialogs whose tools have their results now.
func (r *replayMode) settleResults(m *Model, u *protocol.User) tea.Cmd {
	var cmds []tea.Cmd
	for _, b := range u.Message.Blocks() {
		if b.Type != protocol.BlockToolResult {
			continue
		}
		if p, ok := r.tracker.Settle(b.ToolUseID); ok {
			cmds = append(cmds, r.settle(m, p))
		}
	}
	return tea.Batch(cmds...)
}

// settle closes a recorded request's dialog (or drops it, if it is still being built)
// and notes what was answered when the recording was made.
func (r *replayMode) settle(m *Model, p playback.Pending) tea.Cmd {
	_, cmd := m.withdrawDialog(p.RequestID)
	if c := r.controls(m); c != nil {
		body, ok := c.Recorded(p.RequestID)
		if text := playback.RecordedAnswer(body, ok, p.Tool); text != "" {
			m.notice(noticeInfo, text)
		}
	}
	return cmd
}

// ended is Exited in a replay: the end of the recording, not a crash to restart from.
func (r *replayMode) ended(m *Model, ev process.Exited) {
	headline, details := session.ExitSummary(ev)
	if m.turn.running && !ev.GotResult {
		details = append(details, "the recording ends in the middle of a turn")
	}
	m.sess.phase = phaseExited
	m.sess.exit = &exitInfo{summary: headline}
	m.turn.running = false
	m.releaseQueued("")
	m.dropRequestDialogs()
	r.tracker.Reset()
	kind := noticeInfo
	if ev.Code != 0 || ev.Signal != "" || ev.Err != nil {
		kind = noticeWarning
	}
	text := "End of the recording (" + headline + ") · enter plays it again, ctrl+d quits"
	for _, d := range details {
		text += "\n  " + d
	}
	m.notice(kind, text)
}

// enter: local commands run, prompts are not sent, and after the end an empty enter
// plays the recording again.
func (r *replayMode) enter(m *Model, text string) (tea.Cmd, bool) {
	if isBlank(text) {
		if m.sess.phase == phaseExited {
			return m.clear(), true // a fresh transcript and the recording from its start
		}
		return nil, true
	}
	if name, args, ok := input.ParseSlash(text); ok && isLocalCommand(name) {
		m.prompt.Reset()
		m.layout()
		return m.runCommand(name, args, text, nil), true
	}
	m.notice(noticeInfo, "This is a recording: prompts are not sent.")
	return nil, true
}

func isLocalCommand(name string) bool {
	_, ok := commands.Lookup(name)
	return ok
}

// refuse: a recording refuses every call, and that is said as what it is.
func (*replayMode) refuse(m *Model, err error, what string) bool {
	if err == nil {
		return false
	}
	m.notice(noticeInfo, "This is a recording: "+what+".")
	return true
}

// command refuses the commands that need a live claude (all but the screen's own,
// the settings' and /export).
func (*replayMode) command(m *Model, name string) bool {
	if !commands.NeedsLive(name) {
		return false
	}
	m.notice(noticeInfo, "This is a recording: /"+name+" needs a live claude.")
	return true
}

// status puts the playback state in the status bar: "replay ▶ 1.0× 120/356".
func (r *replayMode) status(m *Model, st *status.State) {
	st.InterruptHint = "" // a recording cannot be interrupted
	ended := m.sess.phase == phaseExited
	switch {
	case ended:
		st.Phase, st.PhaseError = "ended", false
	case st.Phase != "" && !m.quitting:
		st.Phase = "" // no claude is starting: the recording's first lines are coming
	}
	st.Replay = playback.Label(r.controls(m), ended)
}

// key handles the playback keys; done is false for every other key and whenever they
// would take typing away: they act on an empty prompt, and over a recorded dialog
// (which answers nothing), never in a picker or the transcript.
func (r *replayMode) key(m *Model, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	p := r.controls(m)
	if p == nil || !r.keysLive(m) {
		return nil, false
	}
	return nil, playback.Steer(p, m.keys.Replay, msg)
}

func (*replayMode) keysLive(m *Model) bool {
	if m.dialogs.Len() > 0 {
		return !m.topIsPicker()
	}
	return m.focus == focusInput && !m.prompt.Searching() && !m.prompt.CompletionOpen() && m.prompt.Value() == ""
}

// help is the replay's own help line over a recorded dialog and while the prompt has
// focus: the playback keys, or why they rest.
func (r *replayMode) help(m *Model) ([][2]string, bool) {
	dialog := m.dialogs.Len() > 0
	if !dialog && (m.focus != focusInput || m.prompt.Searching()) {
		return nil, false
	}
	return playback.HelpKeys(r.controls(m), m.keys, playback.Screen{
		Dialog: dialog, KeysLive: r.keysLive(m), Draft: m.prompt.Value() != "", Ended: m.sess.phase == phaseExited,
	})
}
