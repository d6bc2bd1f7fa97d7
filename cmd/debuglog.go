package cmd

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui"
)

// debugLog is the --debug-file: one line per raw line to and from claude (stdin,
// stdout, stderr), per event the session delivered and per call the UI made, each with
// a timestamp, in the order they happened. Writes go to a buffer that is flushed a few
// times a second and on Close, so the session's reader never waits for the disk.
type debugLog struct {
	mu   sync.Mutex
	f    *os.File
	w    *bufio.Writer
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

// debugFlushEvery bounds how old the last line in the file can be while gclaude runs.
const debugFlushEvery = 200 * time.Millisecond

func openDebugLog(path string) (*debugLog, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("--debug-file: %w", err)
	}
	d := &debugLog{f: f, w: bufio.NewWriterSize(f, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go d.flushLoop()
	d.printf("--- gclaude started, pid %d", os.Getpid())
	render.SetFallbackLog(func(line string) { d.printf("render %s", line) })
	return d, nil
}

func (d *debugLog) flushLoop() {
	defer close(d.done)
	t := time.NewTicker(debugFlushEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			d.mu.Lock()
			_ = d.w.Flush()
			d.mu.Unlock()
		case <-d.stop:
			return
		}
	}
}

// Close flushes what is buffered and closes the file. Lines logged later are dropped.
func (d *debugLog) Close() error {
	var err error
	d.once.Do(func() {
		render.SetFallbackLog(nil)
		// How often render's own copies handed work back to their libraries this run:
		// a count that grows after an upgrade says a copy no longer matches.
		if f := render.FallbackCounts(); f != (render.Fallbacks{}) {
			d.printf("render fallbacks this run: markdown %d (panics %d), Go lexer %d", f.Markdown, f.Panics, f.GoLexer)
		}
		close(d.stop)
		<-d.done
		d.mu.Lock()
		defer d.mu.Unlock()
		err = errors.Join(d.w.Flush(), d.f.Close())
		d.w = nil
	})
	return err
}

func (d *debugLog) printf(format string, args ...any) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.w == nil {
		return
	}
	fmt.Fprintf(d.w, "%s %s\n", time.Now().Format(debugTime), fmt.Sprintf(format, args...))
}

const debugTime = "15:04:05.000"

// trace is the sessions' process.Options.Trace: the raw line, after its direction.
func (d *debugLog) trace(dir process.Direction, line []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.w == nil {
		return
	}
	d.w.WriteString(time.Now().Format(debugTime))
	d.w.WriteByte(' ')
	d.w.WriteString(dir.String())
	d.w.WriteByte(' ')
	d.w.Write(line)
	d.w.WriteByte('\n')
}

// jsonOf renders a value for the log; what cannot be encoded is shown with %+v.
func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%+v", v)
	}
	return string(b)
}

// wrap logs everything that passes between the UI and b.
func (d *debugLog) wrap(b ui.Backend) ui.Backend {
	lb := &loggedBackend{Backend: b, log: d, events: make(chan process.Event), done: make(chan struct{})}
	go lb.forward()
	return lb
}

type loggedBackend struct {
	ui.Backend
	log    *debugLog
	events chan process.Event
	done   chan struct{} // closed by Close: nobody may read events any more
	once   sync.Once
}

func (l *loggedBackend) forward() {
	defer close(l.events)
	for ev := range l.Backend.Events() {
		l.log.printf("event %s", describeEvent(ev))
		select {
		case l.events <- ev:
		case <-l.done:
		}
	}
	l.log.printf("event channel closed")
}

func describeEvent(ev process.Event) string {
	switch ev := ev.(type) {
	case process.Message:
		if u, ok := ev.Msg.(*protocol.Unknown); ok {
			return "message " + u.Kind() + " " + string(u.Raw)
		}
		return "message " + ev.Msg.Kind() + " " + jsonOf(ev.Msg)
	case process.PermissionRequest:
		return "permission_request " + ev.Req.RequestID + " " + jsonOf(ev.Req)
	case process.ElicitationRequest:
		return "elicitation " + ev.Req.RequestID + " " + jsonOf(ev.Req)
	case process.Ready:
		return "ready " + jsonOf(ev.Init)
	case process.InitFailed:
		return "init_failed " + ev.Err.Error()
	case process.Cancelled:
		return "cancelled " + ev.RequestID
	case process.DecodeError:
		return "decode_error " + ev.Err.Error()
	case process.Exited:
		return fmt.Sprintf("exited code=%d signal=%q result=%v err=%v stderr=%s", ev.Code, ev.Signal, ev.GotResult, ev.Err, jsonOf(ev.Stderr))
	}
	return fmt.Sprintf("%T %+v", ev, ev)
}

func (l *loggedBackend) Events() <-chan process.Event { return l.events }

func (l *loggedBackend) Send(in protocol.UserInput) error {
	err := l.Backend.Send(in)
	l.log.printf("call send uuid=%s text=%s images=%d err=%v", in.UUID, jsonOf(in.Text), len(in.Images), err)
	return err
}

func (l *loggedBackend) Interrupt(ctx context.Context) error {
	err := l.Backend.Interrupt(ctx)
	l.log.printf("call interrupt err=%v", err)
	return err
}

func (l *loggedBackend) SetModel(ctx context.Context, model string) (string, error) {
	got, err := l.Backend.SetModel(ctx, model)
	l.log.printf("call set_model %q -> %q err=%v", model, got, err)
	return got, err
}

func (l *loggedBackend) SetPermissionMode(ctx context.Context, mode string) (string, error) {
	got, err := l.Backend.SetPermissionMode(ctx, mode)
	l.log.printf("call set_permission_mode %q -> %q err=%v", mode, got, err)
	return got, err
}

func (l *loggedBackend) RespondPermission(id string, d protocol.PermissionDecision) error {
	err := l.Backend.RespondPermission(id, d)
	l.log.printf("call respond %s %T %s err=%v", id, d, jsonOf(d), err)
	return err
}

func (l *loggedBackend) RespondElicitation(id string, r process.ElicitationResponse) error {
	err := l.Backend.RespondElicitation(id, r)
	l.log.printf("call respond %s elicitation %s err=%v", id, jsonOf(r), err)
	return err
}

func (l *loggedBackend) RespondError(id, message string) error {
	err := l.Backend.RespondError(id, message)
	l.log.printf("call respond %s error %q err=%v", id, message, err)
	return err
}

func (l *loggedBackend) Request(ctx context.Context, req protocol.ClientRequest) (protocol.ControlResponseBody, error) {
	body, err := l.Backend.Request(ctx, req)
	l.log.printf("call request %s %s -> %s err=%v", req.Subtype(), jsonOf(req), jsonOf(body), err)
	return body, err
}

func (l *loggedBackend) Close() error {
	l.log.printf("call close")
	l.once.Do(func() { close(l.done) })
	err := l.Backend.Close()
	l.log.printf("closed err=%v", err)
	return err
}

// PID is the wrapped claude's process id (the workspace shows its memory).
func (b *loggedBackend) PID() int {
	if p, ok := b.Backend.(interface{ PID() int }); ok {
		return p.PID()
	}
	return 0
}
