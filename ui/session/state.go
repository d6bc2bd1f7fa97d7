package session

import (
	"time"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Phase is where the session is in its life.
type Phase int

const (
	PhaseStarting   Phase = iota // spawned, initialize not answered yet
	PhaseReady                   // initialize answered (or given up on)
	PhaseExited                  // the CLI is gone; typing goes on, enter restarts
	PhaseRestarting              // StartFunc is running
)

// State is what the CLI told the root about the session. Its methods take what the
// CLI says and keep the state; what else the root must do, they return.
type State struct {
	Phase Phase
	// Ended says why claude is not running, in the session list's words, while Phase is
	// PhaseExited (End sets both).
	Ended string
	Init  *protocol.InitializeResponse
	// SessionID is the conversation's, from the first turn's system/init (or resumed).
	SessionID string
	Model     string
	Mode      string
	ModeWant  string          // a set_permission_mode in flight
	SeenModes map[string]bool // modes the CLI reported, for the shift+tab cycle
	CWD       string
	// APIKeySource is system/init's: where the CLI found its key.
	APIKeySource string
	// Title is the conversation's: from /rename, or the resumed conversation's.
	Title string
	// Forking is --fork-session until the first turn reports the new session id: a
	// restart before that forks again.
	Forking bool
	Usage   Usage
	// AddedDirs are /add-dir's folders: sent again on every restart, kept by a new
	// conversation.
	AddedDirs []string
	// Skills are the names system/init lists as skills: the / menu lists them apart
	// from the CLI's commands (initialize does not tell them apart).
	Skills []string
}

// NewState is the state of the launch session: the launch flags' model and mode
// until the CLI reports its own.
func NewState(cwd, model, mode string) State {
	if mode == "" {
		mode = protocol.ModeDefault
	}
	return State{Phase: PhaseStarting, SeenModes: map[string]bool{}, CWD: cwd, Model: model, Mode: mode}
}

// NewConversation is the state for a new conversation in a session being started:
// the user's choices (model, mode, added folders), the folder and what initialize and
// system/init listed carry over.
func (s *State) NewConversation() State {
	return State{Phase: PhaseRestarting, SeenModes: s.SeenModes, Model: s.Model, Mode: s.Mode, Init: s.Init, CWD: s.CWD,
		AddedDirs: s.AddedDirs, Skills: s.Skills}
}

// End marks claude gone, saying why ("" for no more than that it exited).
func (s *State) End(why string) { s.Phase, s.Ended = PhaseExited, why }

// SetMode records the mode the CLI reports ("" leaves it as it was).
func (s *State) SetMode(mode string) {
	if mode == "" {
		return
	}
	s.Mode = mode
	s.SeenModes[mode] = true
}

// Ready takes in the initialize response.
func (s *State) Ready(init *protocol.InitializeResponse) {
	s.Phase = PhaseReady
	s.Init = init
	if init == nil {
		return
	}
	// The model is otherwise unknown until the first turn's system/init; the offered
	// models say what the default (or a --model alias) resolves to.
	s.Model = init.ResolveModel(s.Model)
	if init.CurrentPermissionMode != "" && s.ModeWant == "" {
		s.SetMode(init.CurrentPermissionMode)
	}
}

// ModeAnswered takes the answer to a set_permission_mode of the current session: the
// mode asked for is no longer in flight.
func (s *State) ModeAnswered(msg ModeSet) {
	if s.ModeWant == msg.Asked {
		s.ModeWant = ""
	}
}

// NextMode is the mode shift+tab asks for: the one after the current one (or after
// the one already asked for, so quick presses walk on).
func (s *State) NextMode(bypassAllowed bool) string {
	cur := s.Mode
	if s.ModeWant != "" {
		cur = s.ModeWant
	}
	return NextMode(ModeCycle(s.SeenModes, s.Init, bypassAllowed), cur)
}

// PickerModes are the modes /mode lists: every mode the CLI accepts in this session.
func (s *State) PickerModes(bypassAllowed bool) []string {
	return PickerModes(ModeCycle(s.SeenModes, s.Init, bypassAllowed))
}

// Turn follows the running turn and the prompts queued behind it.
type Turn struct {
	Running bool
	Started time.Time
	// Prompts are those queued behind the turn (sent) and those held while no session
	// could take them (typed while restarting; sent once the new session exists).
	Prompts Prompts
	// Unanswered are the prompts sent to a claude that has not answered initialize yet:
	// if it exits before it does, none of them reached the model.
	Unanswered []Prompt
	// Lifecycle is set once the CLI reported command_lifecycle: queued prompts are then
	// released one by one by their uuid instead of all at the next turn's start.
	Lifecycle bool
}

// Start marks a turn as running from now, unless one runs.
func (t *Turn) Start(now time.Time) {
	if !t.Running {
		t.Running = true
		t.Started = now
	}
}

// Observed is what a stdout message means for the root beyond the state kept.
type Observed struct {
	// Taken are queued prompts a turn took: the transcript no longer marks them queued.
	Taken []transcript.ID
	// CommandsChanged is set when the CLI listed its commands again (Init has them).
	CommandsChanged bool
	// TurnEnded is set when the result ended the turn that ran since Started.
	TurnEnded bool
	Started   time.Time
}

// Observe takes what the bar and the turn need from a stdout message, before the
// transcript applies it.
func (s *State) Observe(t *Turn, msg protocol.Message, now time.Time) Observed {
	var o Observed
	switch msg := msg.(type) {
	case *protocol.SystemInit:
		s.SessionID = msg.SessionID
		s.Forking = false // a fork has its own id from now on
		if msg.Model != "" {
			s.Model = msg.Model
		}
		if s.ModeWant == "" {
			s.SetMode(msg.PermissionMode)
		}
		if msg.CWD != "" {
			s.CWD = msg.CWD
		}
		s.APIKeySource = msg.APIKeySource
		t.Start(now) // also a turn the CLI started by itself (background task done)
		if !t.Lifecycle {
			o.Taken = t.Prompts.Release("")
		}
	case *protocol.SessionTitleChanged:
		s.Title = msg.Title
	case *protocol.CommandsChanged:
		if s.Init != nil {
			// A copy: the response may be shared with the Backend that received it.
			init := *s.Init
			init.Commands = msg.Commands
			s.Init = &init
			o.CommandsChanged = true
		}
	case *protocol.SystemStatus:
		s.SetMode(msg.PermissionMode)
	case *protocol.CommandLifecycle:
		t.Lifecycle = true
		if msg.State == "started" {
			o.Taken = t.Prompts.Release(msg.CommandUUID)
		}
	case *protocol.Assistant:
		if msg.Parent() == "" && !msg.IsAPIErrorMessage {
			s.Usage.Assistant(msg.Message.Usage)
		}
	case *protocol.Result:
		s.Usage.Result(msg, s.Model)
		wasRunning := t.Running
		t.Running = msg.QueuedTurnCount > 0
		o.TurnEnded, o.Started = wasRunning && !t.Running, t.Started
	}
	return o
}

// Settled is what a result means once the transcript applied it: with no turn queued
// behind it, whatever was queued has been taken by the CLI by now, or will start a
// turn of its own (system/init marks it running again). Released only then, so the
// turn's footer goes above the queued prompts.
func (t *Turn) Settled(msg protocol.Message) []transcript.ID {
	if r, ok := msg.(*protocol.Result); ok && r.QueuedTurnCount == 0 {
		return t.Prompts.Release("")
	}
	return nil
}

// Submit places a new prompt: held while no session can take it (live false), queued
// behind a running turn, or starting a turn now. queued says whether the transcript
// marks it queued, send whether it goes out now.
func (t *Turn) Submit(p Prompt, live bool, now time.Time) (queued, send bool) {
	switch {
	case !live:
		t.Prompts.Held = append(t.Prompts.Held, p)
		return true, false
	case t.Running:
		t.Prompts.Queued = append(t.Prompts.Queued, p)
		return true, true
	}
	t.Start(now)
	return false, true
}

// SendHeld takes the prompts held while no session ran, to send now: the first starts
// a turn unless one runs (started holds its id: no longer queued), the others queue
// behind it.
func (t *Turn) SendHeld(now time.Time) (send []Prompt, started []transcript.ID) {
	send = t.Prompts.TakeHeld()
	for i, p := range send {
		if i == 0 && !t.Running {
			t.Start(now)
			started = append(started, p.ID)
			continue
		}
		t.Prompts.Queued = append(t.Prompts.Queued, p)
	}
	return send, started
}

// Withdraw takes back a prompt that never reached claude: it leaves the queue, and the
// turn it would have started never began.
func (t *Turn) Withdraw(p Prompt) {
	if !t.Prompts.Drop(p.UUID) && t.Running && len(t.Prompts.Queued) == 0 {
		t.Running = false
	}
}
