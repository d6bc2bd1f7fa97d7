package session

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// Link is the root's one hold on a CLI session: the Backend in use and its
// generation. Every start takes a new generation, and every message a Link's Cmd reports
// carries the generation it was made for, so the root drops what a replaced session
// says late (Current). The zero value has no session and cannot start one.
type Link struct {
	start StartFunc
	b     Backend
	gen   int
	// Read builds the Cmd that waits for the session's next batch of events (Events);
	// tests replace it and hand the root the batches themselves.
	Read func(ch <-chan process.Event, gen int) tea.Cmd
}

// NewLink is a Link to b (nil: none yet) that starts sessions with start.
func NewLink(b Backend, start StartFunc) Link {
	return Link{start: start, b: b, gen: nextGen(), Read: ReadCmd}
}

// lastGen numbers generations across every Link of the program, so a message's
// generation also names the session it belongs to (a workspace holds several).
var lastGen atomic.Int64

func nextGen() int { return int(lastGen.Add(1)) }

// Backend is the session in use, nil while none runs.
func (l *Link) Backend() Backend { return l.b }

// Gen is the current session generation.
func (l *Link) Gen() int { return l.gen }

// Running reports whether a session is in use.
func (l *Link) Running() bool { return l.b != nil }

// Current reports whether gen is the generation of the session in use: a message of
// an older one is stale.
func (l *Link) Current(gen int) bool { return gen == l.gen }

// Wait waits for the next batch of the current session's events; nil without one.
func (l *Link) Wait() tea.Cmd {
	if l.b == nil {
		return nil
	}
	return l.Read(l.b.Events(), l.gen)
}

// Start starts a session of a new generation; until Adopt there is none in use.
func (l *Link) Start(req StartRequest) tea.Cmd {
	l.gen = nextGen()
	l.b = nil
	return Start(l.start, l.gen, req)
}

// Adopt takes the session msg started if it is of the current generation and did
// start; a superseded one is closed by the Cmd it returns (it must not leak).
func (l *Link) Adopt(msg CLIStarted) (current bool, cleanup tea.Cmd) {
	if msg.Gen != l.gen {
		return false, Close(msg.Backend, nil)
	}
	if msg.Err == nil {
		l.b = msg.Backend
	}
	return true, nil
}

// Detach lets the session go for good (quitting): it is closed in the background and
// done reported once it is gone; nothing it says later is current.
func (l *Link) Detach(done tea.Msg) tea.Cmd {
	b := l.b
	l.b = nil
	l.gen = nextGen()
	return Close(b, done)
}

// Send writes p to the session in use; the caller checks that one runs.
func (l *Link) Send(p Prompt) tea.Cmd { return SendPrompt(l.b, l.gen, p) }

// Interrupt stops the running turn.
func (l *Link) Interrupt() tea.Cmd { return Interrupt(l.b, l.gen) }

// RespondPermission answers the can_use_tool request id.
func (l *Link) RespondPermission(id string, d protocol.PermissionDecision) tea.Cmd {
	return RespondPermission(l.b, l.gen, id, d)
}

// RespondElicitation answers the MCP elicitation id.
func (l *Link) RespondElicitation(id string, r process.ElicitationResponse) tea.Cmd {
	return RespondElicitation(l.b, l.gen, id, r)
}

// SetModel asks for model.
func (l *Link) SetModel(model string) tea.Cmd { return SetModel(l.b, l.gen, model) }

// SetMode asks for permission mode.
func (l *Link) SetMode(mode string) tea.Cmd { return SetMode(l.b, l.gen, mode) }

// ErrNoSession is why something that needs claude cannot be done now.
var ErrNoSession = errors.New("claude is not running")

// TaskStopped reports a stop_task: Err is the CLI's refusal (the task runs on).
type TaskStopped struct {
	Gen    int
	TaskID string
	Err    error
}

// StopTask asks the CLI to stop a task; its task_notification settles it.
func (l *Link) StopTask(taskID string) tea.Cmd {
	b, gen := l.b, l.gen
	if b == nil {
		return func() tea.Msg { return TaskStopped{Gen: gen, TaskID: taskID, Err: ErrNoSession} }
	}
	return func() tea.Msg {
		_, err := b.Request(context.Background(), protocol.StopTask{TaskID: taskID})
		return TaskStopped{Gen: gen, TaskID: taskID, Err: err}
	}
}

// TasksBackgrounded reports a background_tasks request (ctrl+b): Err is the CLI's
// refusal.
type TasksBackgrounded struct {
	Gen int
	Err error
}

// BackgroundTasks asks the CLI to move the running foreground commands and subagents
// to the background; the turn goes on without waiting for them.
func (l *Link) BackgroundTasks() tea.Cmd {
	b, gen := l.b, l.gen
	if b == nil {
		return func() tea.Msg { return TasksBackgrounded{Gen: gen, Err: ErrNoSession} }
	}
	return func() tea.Msg {
		_, err := b.Request(context.Background(), protocol.BackgroundTasks{})
		return TasksBackgrounded{Gen: gen, Err: err}
	}
}

// TaskOutput is the end of a shell task's output (get_task_output).
type TaskOutput struct {
	Gen    int
	TaskID string
	Output string
	Err    error
}

// ReadTaskOutput asks the CLI for the end of a shell task's output.
func (l *Link) ReadTaskOutput(taskID string) tea.Cmd {
	b, gen := l.b, l.gen
	if b == nil {
		return nil
	}
	return func() tea.Msg {
		body, err := b.Request(context.Background(), protocol.GetTaskOutput{TaskID: taskID})
		var r protocol.GetTaskOutputResponse
		if err == nil && len(body.Response) > 0 {
			err = json.Unmarshal(body.Response, &r)
		}
		return TaskOutput{Gen: gen, TaskID: taskID, Output: r.Output, Err: err}
	}
}

// QueuedCancelled reports CancelQueued: whether claude withdrew the prompt.
type QueuedCancelled struct {
	Gen       int
	UUID      string
	Cancelled bool
	Err       error
}

// CancelQueued asks the CLI to withdraw a prompt queued behind the running turn.
func (l *Link) CancelQueued(uuid string) tea.Cmd {
	b, gen := l.b, l.gen
	if b == nil {
		return func() tea.Msg { return QueuedCancelled{Gen: gen, UUID: uuid, Err: ErrNoSession} }
	}
	return func() tea.Msg {
		body, err := b.Request(context.Background(), protocol.CancelAsyncMessage{MessageUUID: uuid})
		if err != nil {
			return QueuedCancelled{Gen: gen, UUID: uuid, Err: err}
		}
		r, err := protocol.DecodeResponse[protocol.CancelAsyncMessageResponse](body)
		return QueuedCancelled{Gen: gen, UUID: uuid, Cancelled: r.Cancelled, Err: err}
	}
}

// Events is one frame's worth of session events of generation Gen: one blocking
// read, then whatever else was ready (ReadEvents). Closed means the channel ended.
type Events struct {
	Gen    int
	Events []process.Event
	Closed bool
}

// ReadCmd is the production reader: one batch of events of session generation gen.
func ReadCmd(ch <-chan process.Event, gen int) tea.Cmd {
	return func() tea.Msg {
		evs := ReadEvents(ch)
		return Events{Gen: gen, Events: evs, Closed: evs == nil}
	}
}

// NewUUID makes the uuid a prompt is sent with, so the CLI's command_lifecycle
// messages say when each queued prompt starts.
func NewUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
