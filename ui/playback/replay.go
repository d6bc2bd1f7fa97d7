package playback

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/status"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Session is the session as a recording's playback sees it: what is on screen, and the few
// things playback does to it.
type Session interface {
	Controls() Controls // the player's, nil without one
	Keys() keymap.KeyMap
	State() SessionState
	// ShowPrompt shows a prompt the recording echoed.
	ShowPrompt(text string)
	// CloseRequest closes the dialog of a request, or drops it while it is being built.
	CloseRequest(requestID string) tea.Cmd
	Notice(kind, text string)
	// End ends the session: no turn runs, queued prompts are released, request
	// dialogs close.
	End()
	// PlayAgain starts over: a fresh transcript and the recording from its start.
	PlayAgain() tea.Cmd
	// RunLocal runs text when it is a command gclaude runs itself (ok false otherwise).
	RunLocal(text string) (cmd tea.Cmd, ok bool)
	// NeedsLive reports whether the slash command needs a live claude.
	NeedsLive(command string) bool
}

// SessionState is what the session shows, as playback needs to know it.
type SessionState struct {
	Ended, Quitting, TurnRunning bool
	Dialog, PickerOnTop          bool // a dialog is open; the top one is a picker
	PromptFocused, Searching     bool // the prompt has focus; ctrl+r search is open
	Completing, Draft            bool // the completion menu is open; the prompt holds text
}

// Replay is the session's mode while a recording plays (`gclaude replay`): prompts the
// user typed come back as echoes, recorded dialogs close with the recorded answer, the
// playback keys steer the player, and every call that would change the session is
// refused. The zero value is ready to use.
type Replay struct {
	tracker Tracker
}

// Event runs before the usual handling of ev; done means ev is fully handled. Prompts
// the user typed come back as IsReplay user lines and are shown as prompts; a recorded
// dialog closes, with the recorded answer, once the recording shows the tool's result;
// Exited is the end of the recording.
func (r *Replay) Event(h Session, ev process.Event) (tea.Cmd, bool) {
	switch ev := ev.(type) {
	case process.PermissionRequest:
		r.tracker.Shown(ev.Req.ToolUseID, Pending{RequestID: ev.Req.RequestID, Tool: ev.Req.ToolName})
	case process.Cancelled:
		r.tracker.Withdrawn(ev.RequestID)
	case process.Message:
		switch msg := ev.Msg.(type) {
		case *protocol.User:
			if msg.IsReplay {
				if text := r.tracker.Echo(msg.Message.Text()); strings.TrimSpace(text) != "" {
					h.ShowPrompt(text)
				}
				return nil, false // the transcript skips it
			}
			return r.settleResults(h, msg), false
		case *protocol.Assistant:
			r.tracker.AnswerBegan()
		case *protocol.Result:
			r.tracker.AnswerBegan()
			var cmds []tea.Cmd // the turn is over: every answer was given
			for _, p := range r.tracker.SettleAll() {
				cmds = append(cmds, r.settle(h, p))
			}
			return tea.Batch(cmds...), false
		}
	case process.Exited:
		r.ended(h, ev)
		return nil, true
	}
	return nil, false
}

// settleResults closes the recorded dialogs whose tools have their results now.
func (r *Replay) settleResults(h Session, u *protocol.User) tea.Cmd {
	var cmds []tea.Cmd
	for _, b := range u.Message.Blocks() {
		if b.Type != protocol.BlockToolResult {
			continue
		}
		if p, ok := r.tracker.Settle(b.ToolUseID); ok {
			cmds = append(cmds, r.settle(h, p))
		}
	}
	return tea.Batch(cmds...)
}

// settle closes a recorded request's dialog and notes what was answered when the
// recording was made.
func (r *Replay) settle(h Session, p Pending) tea.Cmd {
	cmd := h.CloseRequest(p.RequestID)
	if c := h.Controls(); c != nil {
		body, ok := c.Recorded(p.RequestID)
		if text := RecordedAnswer(body, ok, p.Tool); text != "" {
			h.Notice(transcript.NoticeInfo, text)
		}
	}
	return cmd
}

// ended is Exited in a replay: the end of the recording, not a crash to restart from.
func (r *Replay) ended(h Session, ev process.Exited) {
	headline, details := session.ExitSummary(ev)
	if h.State().TurnRunning && !ev.GotResult {
		details = append(details, "the recording ends in the middle of a turn")
	}
	h.End()
	r.tracker.Reset()
	kind := transcript.NoticeInfo
	if ev.Code != 0 || ev.Signal != "" || ev.Err != nil {
		kind = transcript.NoticeWarn
	}
	h.Notice(kind, session.ExitText("End of the recording ("+headline+") · enter plays it again, ctrl+d quits", details))
}

// Enter handles enter on the (read-only) prompt: local commands run, prompts are not
// sent, and after the end an empty enter plays the recording again.
func (*Replay) Enter(h Session, text string) (tea.Cmd, bool) {
	if strings.TrimSpace(text) == "" {
		if h.State().Ended {
			return h.PlayAgain(), true
		}
		return nil, true
	}
	if cmd, ok := h.RunLocal(text); ok {
		return cmd, true
	}
	h.Notice(transcript.NoticeInfo, "This is a recording: prompts are not sent.")
	return nil, true
}

// Refuse reports whether err of a Backend call is the recording's refusal, and says
// so as what it is; what names what cannot be done, as in "prompts are not sent".
func (*Replay) Refuse(h Session, err error, what string) bool {
	if err == nil {
		return false
	}
	h.Notice(transcript.NoticeInfo, "This is a recording: "+what+".")
	return true
}

// Command refuses the slash commands that need a live claude (and says so).
func (*Replay) Command(h Session, name string) bool {
	if !h.NeedsLive(name) {
		return false
	}
	h.Notice(transcript.NoticeInfo, "This is a recording: /"+name+" needs a live claude.")
	return true
}

// Status puts the playback state in the status bar: "replay ▶ 1.0× 120/356".
func (*Replay) Status(h Session, st *status.State) {
	s := h.State()
	st.InterruptHint = "" // a recording cannot be interrupted
	switch {
	case s.Ended:
		st.Phase, st.PhaseError = "ended", false
	case st.Phase != "" && !s.Quitting:
		st.Phase = "" // no claude is starting: the recording's first lines are coming
	}
	st.Replay = Label(h.Controls(), s.Ended)
}

// Key handles the playback keys; done is false for every other key and whenever they
// would take typing away: they act on an empty prompt, and over a recorded dialog
// (which answers nothing), never in a picker or the transcript.
func (*Replay) Key(h Session, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	c := h.Controls()
	if c == nil || !keysLive(h.State()) {
		return nil, false
	}
	return nil, Steer(c, h.Keys().Replay, msg)
}

// Recording is true: nothing is answered, dialogs only close.
func (*Replay) Recording() bool { return true }

func keysLive(s SessionState) bool {
	if s.Dialog {
		return !s.PickerOnTop
	}
	return s.PromptFocused && !s.Searching && !s.Completing && !s.Draft
}

// Help is the recording's own help line over a recorded dialog and while the prompt
// has focus: the playback keys, or why they rest. ok is false when the usual one is
// shown.
func (*Replay) Help(h Session) ([][2]string, bool) {
	s := h.State()
	if !s.Dialog && (!s.PromptFocused || s.Searching) {
		return nil, false
	}
	return HelpKeys(h.Controls(), h.Keys(), Screen{Dialog: s.Dialog, KeysLive: keysLive(s), Draft: s.Draft, Ended: s.Ended})
}
