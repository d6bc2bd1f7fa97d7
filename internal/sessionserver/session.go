package sessionserver

import (
	"bytes"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
)

// session is one claude the server runs: its process, its record, the requests still
// waiting, the screens attached and the metadata they keep.
type session struct {
	srv     *Server
	id      string
	spawn   sessionwire.Spawn // Env dropped once claude started
	child   *process.Child
	started time.Time
	stdin   *stdinWriter
	exited  chan struct{} // closed once exit is set
	watched atomic.Bool   // a screen is attached (mirrors len(subs) > 0, for the reader's pace)

	mu        sync.Mutex
	rec       *record
	pend      pendingReqs
	pins      []pin // initialize's request and answer, replayed first when cut away
	initID    string
	subs      []*subscriber // the screens attached, in the order they came
	meta      map[string]string
	working   bool
	gotResult bool
	said      string // the last thing claude said
	convo     string // claude's session id
	resumed   string // the conversation claude was started on (--resume)
	stderr    stderrTail
	fault     error // why the server stopped claude itself
	exit      *sessionwire.Exit
	exitSeen  bool  // a screen received the exit
	turnsEnd  int64 // the record offset after the last result: replay leaves out deltas before it
	stopping  bool
	stopAsked bool // `gclaude stop`: nobody needs to see the exit
}

// pin is a line an attach replays even when the record lost it.
type pin struct {
	typ  byte
	line []byte
	at   int64
}

// stdoutLine takes one line claude wrote (without its line ending).
func (s *session) stdoutLine(line []byte) {
	facts := readStdout(line)
	s.mu.Lock()
	defer s.mu.Unlock()
	typ := sessionwire.FrameReplayStdout
	if facts.delta {
		typ = sessionwire.FrameReplayDelta
	}
	at := s.record(typ, line)
	switch facts.kind {
	case lineDecision, lineRequest:
		s.pend.add(facts.requestID, &pendingReq{line: bytes.Clone(line), at: at, decision: facts.kind == lineDecision, tool: facts.tool})
		if facts.kind == lineDecision && len(s.subs) == 0 {
			s.notifyWaiting()
		}
	case lineCancel:
		s.pend.claim(facts.requestID)
	case lineResponse:
		if facts.requestID != "" && facts.requestID == s.initID && len(s.pins) == 1 {
			s.pins = append(s.pins, pin{sessionwire.FrameReplayStdout, bytes.Clone(line), at})
		}
	case lineTurnStart:
		s.working = true
		if facts.conversation != "" && facts.conversation != s.convo {
			s.convo = facts.conversation
			s.srv.registryChanged()
		}
	case lineResult:
		s.working, s.gotResult = facts.turnGoesOn, !facts.turnGoesOn
		s.turnsEnd = s.rec.end() // the deltas before this are whole in the assistant lines
		if facts.said != "" {
			s.said = facts.said
		}
	case lineAssistant:
		s.said = facts.said
	}
	for _, b := range s.subs {
		b.send(sessionwire.FrameStdout, line)
	}
}

// delivered wakes the screens once per read of claude's stdout. The record is written
// in larger batches (a streamed answer would otherwise cost a write a read): an attach
// writes what is pending before it reads, and a server that dies takes its records
// along anyway.
func (s *session) delivered() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rec.pending() >= recordBatch {
		s.flushLocked()
		return
	}
	for _, b := range s.subs {
		b.kick()
	}
}

// recordBatch is how much of the record waits in memory before it is written.
const recordBatch = 256 << 10

// flushLocked writes the record and wakes the screens.
func (s *session) flushLocked() {
	if err := s.rec.flush(); err != nil {
		s.recordingStopped(err)
	}
	for _, b := range s.subs {
		b.kick()
	}
}

func (s *session) kickAll() {
	for _, b := range s.subs {
		b.kick()
	}
}

// record appends a line to the record and returns its offset there.
func (s *session) record(typ byte, line []byte) int64 {
	at, err := s.rec.append(typ, line)
	if err != nil {
		s.recordingStopped(err)
	}
	return at
}

// recordingStopped tells the screens, once: the record could not be written.
func (s *session) recordingStopped(err error) {
	s.srv.logf("session %s: recording stopped: %v", s.id, err)
	for _, b := range s.subs {
		b.notice(sessionwire.NoticeRecordingStopped, "", recordingStoppedText(err))
	}
}

func recordingStoppedText(err error) string {
	return "gclaude's session server stopped recording this session (" + err.Error() + "): it runs on and this screen sees everything, but a screen that attaches later misses what comes from now on and takes it from claude's session files"
}

// stdinLine takes a line a screen wrote for claude's stdin. Only one JSON object a
// line reaches claude (one bad line makes it exit), and an answer only to a request
// still waiting (the first of two screens' answers wins).
func (s *session) stdinLine(from *subscriber, payload []byte) {
	line := bytes.Clone(bytes.TrimRight(payload, "\r\n"))
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.kickAll()
	if !oneJSONObject(line) {
		from.notice(sessionwire.NoticeLineRefused, "", "gclaude's session server refused a line for claude's stdin: it is not one JSON object")
		return
	}
	if s.exit != nil || s.stopping {
		return // the Exit frame says why
	}
	facts := readStdin(line)
	if facts.answers != "" && !s.pend.claim(facts.answers) {
		from.notice(sessionwire.NoticeAnswerDropped, facts.answers, "that request was already answered (from another screen) or withdrawn by claude: this answer was not sent")
		return
	}
	if facts.prompt {
		s.working = true
	}
	s.stdin.push(line)
	at := s.record(sessionwire.FrameReplayStdin, line)
	if facts.initialize != "" && s.initID == "" {
		s.initID = facts.initialize
		s.pins = []pin{{sessionwire.FrameReplayStdin, line, at}}
	}
	for _, b := range s.subs {
		if b != from {
			b.send(sessionwire.FrameEcho, line)
		}
	}
}

// state is what ls shows.
func (s *session) state() string {
	switch {
	case s.exit != nil:
		return sessionwire.StateExited
	case s.pend.decisions() > 0:
		return sessionwire.StateWaiting
	case s.working:
		return sessionwire.StateWorking
	}
	return sessionwire.StateIdle
}

// info describes the session; the caller holds mu.
func (s *session) info(withMeta bool) sessionwire.Info {
	in := sessionwire.Info{
		ID: s.id, Name: s.meta[sessionwire.MetaName], Dir: s.spawn.Dir, Program: s.spawn.Path,
		State: s.state(), PID: s.child.PID(), Started: s.started, LastLine: s.said,
		Conversation: s.convo, Screens: len(s.subs), Waiting: s.pend.decisions(), Exit: s.exit,
	}
	if withMeta {
		in.Meta = make(map[string]string, len(s.meta))
		for k, v := range s.meta {
			in.Meta[k] = v
		}
	}
	return in
}

// maxMeta bounds a session's metadata (a draft may hold a large paste).
const maxMeta = 16 << 20

// setMeta sets one value; "" removes it.
func (s *session) setMeta(from *subscriber, m sessionwire.MetaValue) {
	s.mu.Lock()
	defer s.mu.Unlock()
	size := len(m.Key) + len(m.Value)
	for k, v := range s.meta {
		if k != m.Key {
			size += len(k) + len(v)
		}
	}
	if size > maxMeta {
		from.notice(sessionwire.NoticeLineRefused, "", "gclaude's session server keeps at most 16 MiB of a session's metadata: this value was not kept")
		from.kick()
		return
	}
	if m.Value == "" {
		delete(s.meta, m.Key)
	} else {
		s.meta[m.Key] = m.Value
	}
	if m.Key == sessionwire.MetaName {
		s.srv.registryChanged()
	}
}

// attach adds a screen: it gets the reply, then the replay (pinned lines the record
// lost, the record, requests waiting that the record lacks), then Live, then what
// is live. Everything is decided under mu, so no line is missed or doubled.
func (s *session) attach(b *subscriber) (sessionwire.Reply, func() error, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flushLocked()
	src, err := s.rec.snapshot()
	if err != nil {
		return sessionwire.Reply{}, nil, err
	}
	var before, after []pin
	for _, p := range s.pins { // initialize comes first, whatever the record lost
		if p.at < src.start || p.at >= src.end {
			before = append(before, p)
		}
	}
	s.pend.each(func(_ string, r *pendingReq) {
		p := pin{sessionwire.FrameReplayStdout, r.line, r.at}
		switch {
		case r.at < src.start:
			before = append(before, p)
		case r.at >= src.end:
			after = append(after, p)
		}
	})
	slices.SortFunc(before, func(a, b pin) int { return int(a.at - b.at) })
	src.skipDeltasBefore = s.turnsEnd
	replay := &sessionwire.Replay{Cut: src.start > 0}
	if s.rec.stopped != nil && s.rec.stopped != errRemoved {
		replay.Stopped = s.rec.stopped.Error()
	}
	live := sessionwire.Live{Pending: s.pend.ids()}
	reply := sessionwire.Reply{Session: ptr(s.info(true)), Stderr: s.stderr.lines(), Replay: replay}
	s.subs = append(s.subs, b)
	s.watched.Store(true)
	if s.exit != nil {
		b.sendJSON(sessionwire.FrameExit, s.exit)
	}
	first := func() error {
		defer src.close()
		if err := b.conn.WriteJSON(sessionwire.FrameReply, reply); err != nil {
			return err
		}
		if err := writePins(b.conn, before); err != nil {
			return err
		}
		left, err := src.copyTo(connWriter{b.conn})
		if err != nil {
			return err
		}
		live.DeltasLeftOut = left
		if err := writePins(b.conn, after); err != nil {
			return err
		}
		return b.conn.WriteJSON(sessionwire.FrameLive, live)
	}
	return reply, first, nil
}

func writePins(c *sessionwire.Conn, pins []pin) error {
	var buf []byte
	for _, p := range pins {
		buf = sessionwire.AppendFrame(buf, p.typ, p.line)
	}
	if len(buf) == 0 {
		return nil
	}
	return c.WriteRaw(buf)
}

// connWriter writes to a connection under its write lock.
type connWriter struct{ c *sessionwire.Conn }

func (w connWriter) Write(p []byte) (int, error) {
	if err := w.c.WriteRaw(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

func ptr[T any](v T) *T { return &v }

// detachScreen removes a screen. With no screen left, the decisions waiting are
// notified; an exited session that a screen has seen end is forgotten.
func (s *session) detachScreen(b *subscriber) {
	s.mu.Lock()
	s.subs = slices.DeleteFunc(s.subs, func(x *subscriber) bool { return x == b })
	s.watched.Store(len(s.subs) > 0)
	b.finish()
	alone := len(s.subs) == 0
	if alone && s.exit == nil {
		s.notifyWaiting()
	}
	s.mu.Unlock()
	<-b.done
	s.mu.Lock()
	forget := s.exit != nil && s.exitSeen && len(s.subs) == 0
	s.mu.Unlock()
	if forget {
		s.srv.forget(s)
	}
}

func (s *session) sawExit() {
	s.mu.Lock()
	s.exitSeen = true
	s.mu.Unlock()
}
