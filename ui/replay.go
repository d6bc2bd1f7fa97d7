package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/status"
)

// Playback controls a recorded session (`gclaude replay`); *replay.Player implements
// it. With Options.Replay set the root finds it through its Backend.
type Playback interface {
	Pause()
	Resume()
	Step()
	Paused() bool
	SetSpeed(f float64)
	Speed() float64
	// Progress is how many of the recording's events were delivered, of how many.
	Progress() (done, total int)
	// Recorded is the host's recorded answer to a CLI request.
	Recorded(requestID string) (protocol.ControlResponseBody, bool)
}

// replayState is what the root keeps about the recording being played.
type replayState struct {
	// recorded are the requests shown whose answers the recording has not reached,
	// by tool_use_id.
	recorded map[string]recordedRequest
	// lastEcho is the last prompt echoed; the CLI echoes a queued prompt alone, then
	// again merged with the ones queued after it.
	lastEcho string
}

// recordedRequest is a permission request of the recording whose answer the recording
// has not reached yet.
type recordedRequest struct {
	requestID string
	tool      string
}

// speeds are the steps + and - walk through.
var speeds = []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32}

// playback is the recording being played, or nil in a live session.
func (m *Model) playback() Playback {
	if !m.opts.Replay {
		return nil
	}
	p, _ := m.backend.(Playback)
	return p
}

// replayEvent does what a recording needs before (or instead of) the usual handling
// of ev; done means ev is fully handled. Prompts the host typed come back as IsReplay
// user lines and are shown as prompts; a recorded dialog closes, with the recorded
// answer, once the recording shows the tool's result.
func (m *Model) replayEvent(ev process.Event) (cmd tea.Cmd, done bool) {
	if !m.opts.Replay {
		return nil, false
	}
	switch ev := ev.(type) {
	case process.PermissionRequest:
		if ev.Req.ToolUseID != "" {
			if m.replay.recorded == nil {
				m.replay.recorded = map[string]recordedRequest{}
			}
			m.replay.recorded[ev.Req.ToolUseID] = recordedRequest{requestID: ev.Req.RequestID, tool: ev.Req.ToolName}
		}
	case process.Cancelled:
		for id, r := range m.replay.recorded {
			if r.requestID == ev.RequestID {
				delete(m.replay.recorded, id) // withdrawn: the usual handling says so
			}
		}
	case process.Message:
		switch msg := ev.Msg.(type) {
		case *protocol.User:
			if msg.IsReplay {
				m.echoPrompt(msg.Message.Text())
				return nil, false // the transcript skips it
			}
			return m.settleResults(msg), false
		case *protocol.Assistant:
			m.replay.lastEcho = "" // an answer began: a later echo is a new prompt
		case *protocol.Result:
			m.replay.lastEcho = ""
			return m.settleAll(), false // the turn is over: every answer was given
		}
	case process.Exited:
		m.recordingEnded(ev)
		return nil, true
	}
	return nil, false
}

// echoPrompt shows a prompt the recording echoed. Of a merged echo ("A\nB" after "A")
// only the new part is shown, as the prompts were typed.
func (m *Model) echoPrompt(text string) {
	if prev := m.replay.lastEcho; prev != "" && strings.HasPrefix(text, prev+"\n") {
		m.replay.lastEcho = text
		text = strings.TrimPrefix(text, prev+"\n")
	} else {
		m.replay.lastEcho = text
	}
	if !isBlank(text) {
		m.transcript.AddUserPrompt(text)
	}
}

// settleResults closes the recorded dialogs whose tools have their results now.
func (m *Model) settleResults(u *protocol.User) tea.Cmd {
	var cmds []tea.Cmd
	for _, b := range u.Message.Blocks() {
		if r, ok := m.replay.recorded[b.ToolUseID]; ok && b.Type == protocol.BlockToolResult {
			delete(m.replay.recorded, b.ToolUseID)
			cmds = append(cmds, m.settle(r))
		}
	}
	return tea.Batch(cmds...)
}

func (m *Model) settleAll() tea.Cmd {
	var cmds []tea.Cmd
	for id, r := range m.replay.recorded {
		delete(m.replay.recorded, id)
		cmds = append(cmds, m.settle(r))
	}
	return tea.Batch(cmds...)
}

// settle closes a recorded request's dialog (or drops it, if it is still being built)
// and notes what was answered when the recording was made.
func (m *Model) settle(r recordedRequest) tea.Cmd {
	delete(m.building, r.requestID)
	var cmd tea.Cmd
	for i, q := range m.dialogs {
		if q.requestID == r.requestID {
			cmd = m.popDialog(i)
			break
		}
	}
	if p := m.playback(); p != nil {
		body, ok := p.Recorded(r.requestID)
		if text := recordedAnswer(body, ok, r.tool); text != "" {
			m.notice(noticeInfo, text)
		}
	}
	return cmd
}

// recordingEnded is Exited in a replay: the end of the recording, not a crash to
// restart from.
func (m *Model) recordingEnded(ev process.Exited) {
	headline, details := exitSummary(ev)
	if m.turn.running && !ev.GotResult {
		details = append(details, "the recording ends in the middle of a turn")
	}
	m.sess.phase = phaseExited
	m.sess.exit = &exitInfo{summary: headline}
	m.turn.running = false
	m.releaseQueued("")
	m.dropRequestDialogs()
	m.replay = replayState{}
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

// replayEnter is enter in a replay: local commands run, prompts are not sent, and
// after the end an empty enter plays the recording again.
func (m *Model) replayEnter(text string) tea.Cmd {
	if isBlank(text) {
		if m.sess.phase == phaseExited {
			return m.clear() // a fresh transcript and the recording from its start
		}
		return nil
	}
	if name, args, ok := input.ParseSlash(text); ok && isLocalCommand(name) {
		m.prompt.Reset()
		m.layout()
		return m.runCommand(name, args, text, nil)
	}
	m.notice(noticeInfo, "This is a recording: prompts are not sent.")
	return nil
}

func isLocalCommand(name string) bool {
	_, ok := localCommand(name)
	return ok
}

// replayStatus puts the playback state in the status bar: "replay ▶ 1.0× 120/356".
func (m *Model) replayStatus(st *status.State) {
	if !m.opts.Replay {
		return
	}
	st.InterruptHint = "" // a recording cannot be interrupted
	ended := m.sess.phase == phaseExited
	switch {
	case ended:
		st.Phase, st.PhaseError = "ended", false
	case st.Phase != "" && !m.quitting:
		st.Phase = "" // no claude is starting: the recording's first lines are coming
	}
	p := m.playback()
	if p == nil {
		st.Replay = "replay"
		return
	}
	icon := "▶"
	switch {
	case ended:
		icon = "■"
	case p.Paused():
		icon = "⏸"
	}
	done, total := p.Progress()
	st.Replay = fmt.Sprintf("replay %s %s %d/%d", icon, formatSpeed(p.Speed()), done, total)
}

// formatSpeed writes a pace factor: "1.0×", "0.25×", "16×".
func formatSpeed(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "max"
	case f == math.Trunc(f) && f < 10:
		return strconv.FormatFloat(f, 'f', 1, 64) + "×"
	}
	return strconv.FormatFloat(f, 'f', -1, 64) + "×"
}

// faster and slower are the next speeds up and down the ladder.
func faster(f float64) float64 {
	for _, s := range speeds {
		if s > f {
			return s
		}
	}
	return f
}

func slower(f float64) float64 {
	for i := len(speeds) - 1; i >= 0; i-- {
		if speeds[i] < f {
			return speeds[i]
		}
	}
	return f
}
