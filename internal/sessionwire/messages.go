package sessionwire

import "time"

// Hello opens every connection, both ways: the screen's, then the server's answer.
type Hello struct {
	Protocol int    `json:"protocol"`
	Build    string `json:"build"` // the gclaude that speaks (its version string)
	PID      int    `json:"pid"`
	Sessions int    `json:"sessions,omitempty"` // server only: sessions it holds
}

// Operations a Request asks for.
const (
	OpSpawn    = "spawn"    // start a claude; the connection then carries it
	OpAttach   = "attach"   // replay a session, then carry it live
	OpList     = "list"     // every session
	OpStop     = "stop"     // stop one session's claude
	OpShutdown = "shutdown" // exit, if no session runs (replacing an older server)
)

// Request is the one request of a connection, right after Hello.
type Request struct {
	Op    string `json:"op"`
	ID    string `json:"id,omitempty"` // attach, stop: the session (its id, a unique id prefix, or its name)
	Spawn *Spawn `json:"spawn,omitempty"`
}

// Spawn is the claude to start: the program, arguments, folder and environment the
// screen computed (process.Options), exactly as it would have run it itself.
type Spawn struct {
	Path string   `json:"path"`
	Args []string `json:"args"` // argv, Args[0] included
	Dir  string   `json:"dir,omitempty"`
	Env  []string `json:"env"`
	// Meta is the session's opaque metadata to start with (MetaName, drafts, …).
	Meta map[string]string `json:"meta,omitempty"`
	// NotifyCommand runs, once per decision, when claude waits for one while no screen
	// is attached: `sh -c NotifyCommand gclaude-notify TEXT` (the text is $1 and
	// $GCLAUDE_NOTIFY_TEXT, never part of the command line). "" runs nothing.
	NotifyCommand string `json:"notify_command,omitempty"`
}

// Meta keys the server itself reads; every other key is the screen's own.
const (
	MetaName = "name" // what `gclaude ls` shows and `gclaude stop NAME` matches
)

// Reply answers a Request. Error set means it failed and the connection ends.
type Reply struct {
	Error    string `json:"error,omitempty"`
	Session  *Info  `json:"session,omitempty"`  // spawn, attach, stop; with Error, the session a spawn would clash with
	Sessions []Info `json:"sessions,omitempty"` // list
	// Attach only: claude's stderr so far, and what the replay lacks.
	Stderr []string `json:"stderr,omitempty"`
	Replay *Replay  `json:"replay,omitempty"`
}

// Replay says how complete an attach's replay is.
type Replay struct {
	// Cut: the record reached its bound and lines from the start were dropped; the
	// replay begins with the initialize request and answer and the requests still
	// waiting, then the kept lines. The screen takes the cut part from claude's
	// session files.
	Cut bool `json:"cut,omitempty"`
	// Stopped: recording stopped (disk full, …) and says why; the replay ends there
	// and live lines follow, so the lines between are missing.
	Stopped string `json:"stopped,omitempty"`
}

// Session states.
const (
	StateWorking = "working" // a turn runs
	StateWaiting = "waiting" // claude waits for a decision (a permission, a question)
	StateIdle    = "idle"
	StateExited  = "exited"
)

// Info describes one session.
type Info struct {
	ID           string            `json:"id"`
	Name         string            `json:"name,omitempty"`
	Dir          string            `json:"dir"`
	Program      string            `json:"program"` // the claude it runs
	State        string            `json:"state"`
	PID          int               `json:"pid"`
	Started      time.Time         `json:"started"`
	LastLine     string            `json:"last_line,omitempty"`    // the last thing claude said, one line
	Conversation string            `json:"conversation,omitempty"` // claude's session id
	Screens      int               `json:"screens"`                // screens attached now
	Waiting      int               `json:"waiting,omitempty"`      // decisions waiting
	Meta         map[string]string `json:"meta,omitempty"`         // attach only
	Exit         *Exit             `json:"exit,omitempty"`
}

// Exit is how claude ended.
type Exit struct {
	Code      int       `json:"code"`
	Signal    string    `json:"signal,omitempty"`
	GotResult bool      `json:"got_result"` // the last turn ended with a result
	Stopped   string    `json:"stopped,omitempty"`
	LineCap   int       `json:"line_cap,omitempty"` // Stopped because a line passed this many bytes
	Stderr    []string  `json:"stderr,omitempty"`
	At        time.Time `json:"at"`
}

// Signal is a FrameSignal's payload: a signal number for claude's process group.
type Signal struct {
	Number int `json:"number"`
}

// MetaValue is a FrameMeta's payload.
type MetaValue struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Live is FrameLive's payload: the requests still waiting for an answer, and how many
// stream_event lines of turns that had ended the replay left out (the assistant lines
// that follow them carry the same content whole; the turn still running is replayed
// delta by delta).
type Live struct {
	Pending       []string `json:"pending,omitempty"`
	DeltasLeftOut int      `json:"deltas_left_out,omitempty"`
}

// Notice kinds.
const (
	NoticeAnswerDropped    = "answer_dropped"    // an answer to a request already answered or withdrawn
	NoticeLineRefused      = "line_refused"      // a stdin line that is not one JSON object
	NoticeRecordingStopped = "recording_stopped" // the record cannot be written (disk full)
	NoticeTooSlow          = "too_slow"          // the screen fell too far behind; the server let it go
)

// Notice is FrameNotice's payload.
type Notice struct {
	Kind      string `json:"kind"`
	RequestID string `json:"request_id,omitempty"`
	Text      string `json:"text"`
}
