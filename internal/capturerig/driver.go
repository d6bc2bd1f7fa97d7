package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// waitTimeout bounds every wait for a stdout line; generous for a loaded machine.
const waitTimeout = 120 * time.Second

// driver runs one CLI process and records its stdout, what it was sent on stdin, and a
// timeline of both, as the replay player reads them (internal/replay).
type driver struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	start time.Time

	mu       sync.Mutex
	changed  *sync.Cond
	stdout   [][]byte         // raw lines, with their newline
	parsed   []map[string]any // nil for a line that is not a JSON object
	done     bool             // stdout reached EOF
	cursors  map[string]int   // per kind of wait: the index after the last line it matched
	timeline bytes.Buffer
	sent     bytes.Buffer // every stdin line
	stderr   bytes.Buffer
}

func startDriver(ctx context.Context, bin string, args, env []string, dir string) (*driver, error) {
	d := &driver{cursors: map[string]int{}}
	d.changed = sync.NewCond(&d.mu)
	d.cmd = exec.CommandContext(ctx, bin, args...)
	d.cmd.Dir = dir
	d.cmd.Env = env
	d.cmd.Stderr = &lockedWriter{mu: &d.mu, w: &d.stderr}
	d.cmd.WaitDelay = 10 * time.Second
	var err error
	if d.stdin, err = d.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := d.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	d.start = time.Now()
	if err := d.cmd.Start(); err != nil {
		return nil, err
	}
	go d.read(stdout)
	return d, nil
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// read keeps every stdout line byte for byte; bufio.Reader has no line-length limit.
func (d *driver) read(stdout io.Reader) {
	br := bufio.NewReader(stdout)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			var m map[string]any
			if json.Unmarshal(line, &m) != nil {
				m = nil
			}
			d.mu.Lock()
			d.stdout = append(d.stdout, line)
			d.parsed = append(d.parsed, m)
			typ, _ := m["type"].(string)
			sub, _ := m["subtype"].(string)
			if typ == "control_request" || typ == "control_response" {
				sub, _ = field(m, "request", "subtype").(string)
				if typ == "control_response" {
					sub, _ = field(m, "response", "subtype").(string)
				}
			}
			d.mark("OUT\t%d\t%s\t%s", len(line), typ, sub)
			d.changed.Broadcast()
			d.mu.Unlock()
		}
		if err != nil {
			d.mu.Lock()
			d.done = true
			d.changed.Broadcast()
			d.mu.Unlock()
			return
		}
	}
}

// mark adds a timeline row; d.mu is held.
func (d *driver) mark(format string, args ...any) {
	fmt.Fprintf(&d.timeline, "%.3f\t"+format+"\n", append([]any{time.Since(d.start).Seconds()}, args...)...)
}

// send writes one stdin line.
func (d *driver) send(line []byte) error {
	d.mu.Lock()
	d.sent.Write(line)
	d.sent.WriteByte('\n')
	head := line
	if len(head) > 120 {
		head = head[:120]
	}
	d.mark("IN\t%d\t%s", len(line)+1, strconv.Quote(string(head)))
	d.mu.Unlock()
	_, err := d.stdin.Write(append(append([]byte(nil), line...), '\n'))
	return err
}

// waitFor returns the first stdout line after the last one this kind of wait matched
// for which match is true.
func (d *driver) waitFor(kind string, match func(map[string]any) bool) (map[string]any, error) {
	deadline := time.AfterFunc(waitTimeout, func() {
		d.mu.Lock()
		d.changed.Broadcast()
		d.mu.Unlock()
	})
	defer deadline.Stop()
	started := time.Now()
	d.mu.Lock()
	defer d.mu.Unlock()
	for {
		for i := d.cursors[kind]; i < len(d.parsed); i++ {
			if m := d.parsed[i]; m != nil && match(m) {
				d.cursors[kind] = i + 1
				return m, nil
			}
		}
		d.cursors[kind] = len(d.parsed)
		if d.done {
			return nil, errorf("stdout ended while waiting for %s; stderr:\n%s", kind, d.stderr.String())
		}
		if time.Since(started) >= waitTimeout {
			return nil, errorf("no %s within %v", kind, waitTimeout)
		}
		d.changed.Wait()
	}
}

func (d *driver) signal(sig syscall.Signal) error {
	d.mu.Lock()
	d.mark("SIGNAL\t%d", int(sig))
	d.mu.Unlock()
	return d.cmd.Process.Signal(sig)
}

// finish closes stdin (unless the process is gone) and waits for the exit; its code is
// 128+signal for a process a signal ended.
func (d *driver) finish() (int, error) {
	d.mu.Lock()
	d.mark("IN-CLOSE")
	d.mu.Unlock()
	_ = d.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- d.cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(waitTimeout):
		_ = d.cmd.Process.Kill()
		return -1, errorf("the CLI did not exit after stdin closed")
	}
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			code = 128 + int(ws.Signal())
		}
	} else if err != nil {
		return -1, err
	}
	d.mu.Lock()
	for !d.done {
		d.changed.Wait()
	}
	d.mark("EXIT\t%d", code)
	d.mu.Unlock()
	return code, nil
}

// lastSessionID is the session id of the last line that names one.
func (d *driver) lastSessionID() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	for i := len(d.parsed) - 1; i >= 0; i-- {
		if s, _ := d.parsed[i]["session_id"].(string); s != "" {
			return s
		}
	}
	return ""
}

// clientResponses are the CLI's answers to client requests whose id starts with "req-",
// keyed by the rest of the id, as indented JSON (exp06a's .responses.json).
func (d *driver) clientResponses() ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := map[string]json.RawMessage{}
	for i, m := range d.parsed {
		id, _ := field(m, "response", "request_id").(string)
		if m["type"] != "control_response" || !strings.HasPrefix(id, "req-") {
			continue
		}
		out[strings.TrimPrefix(id, "req-")] = bytes.TrimSpace(d.stdout[i])
	}
	if len(out) == 0 {
		return nil, nil
	}
	return json.MarshalIndent(out, "", " ")
}
