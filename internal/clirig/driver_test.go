package clirig

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// lineTimeout bounds every wait for a line; generous for a loaded 2-core machine.
const lineTimeout = 60 * time.Second

// cli drives one CLI process over raw NDJSON (the protocol package is not used here on
// purpose: this rig must not depend on it).
type cli struct {
	t       testing.TB
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan map[string]any
	readErr chan error
	stderr  strings.Builder
}

// start runs the CLI with args and reads its stdout lines in the background.
func start(t testing.TB, r *Rig, args ...string) *cli {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	c := &cli{t: t, cmd: r.Command(ctx, args...), lines: make(chan map[string]any, 1024), readErr: make(chan error, 1)}
	c.cmd.Stderr = &c.stderr
	var err error
	if c.stdin, err = c.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go c.read(stdout)
	return c
}

// read decodes stdout line by line; bufio.Reader has no line-length limit.
func (c *cli) read(stdout io.Reader) {
	defer close(c.lines)
	br := bufio.NewReader(stdout)
	for {
		line, err := br.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			var m map[string]any
			if jerr := json.Unmarshal(line, &m); jerr != nil {
				c.readErr <- jerr
				return
			}
			c.lines <- m
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				c.readErr <- err
			}
			return
		}
	}
}

// send writes one JSON line to stdin.
func (c *cli) send(line string) {
	c.t.Helper()
	if !json.Valid([]byte(line)) {
		c.t.Fatalf("invalid JSON for stdin: %s", line)
	}
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		c.t.Fatalf("write stdin: %v", err)
	}
}

// until returns the first line for which match is true, passing every earlier line
// to seen (if not nil). It fails the test on timeout, a bad line, or EOF.
func (c *cli) until(match func(map[string]any) bool, seen func(map[string]any)) map[string]any {
	c.t.Helper()
	timer := time.NewTimer(lineTimeout)
	defer timer.Stop()
	for {
		select {
		case m, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("CLI stdout ended before the expected line; stderr:\n%s", c.stderr.String())
			}
			if match(m) {
				return m
			}
			if seen != nil {
				seen(m)
			}
		case err := <-c.readErr:
			c.t.Fatalf("reading CLI stdout: %v", err)
		case <-timer.C:
			c.t.Fatalf("no expected line within %v; stderr:\n%s", lineTimeout, c.stderr.String())
		}
	}
}

// closeAndWait closes stdin and waits for the process to exit, returning its exit code.
func (c *cli) closeAndWait() int {
	c.t.Helper()
	_ = c.stdin.Close()
	done := make(chan error, 1)
	go func() {
		for range c.lines { // drain so the reader reaches EOF
		}
		done <- c.cmd.Wait()
	}()
	select {
	case err := <-done:
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		if err != nil {
			c.t.Fatalf("wait: %v", err)
		}
		return 0
	case <-time.After(lineTimeout):
		c.t.Fatalf("CLI did not exit after stdin closed; stderr:\n%s", c.stderr.String())
		return -1
	}
}

func isType(typ string) func(map[string]any) bool {
	return func(m map[string]any) bool { return m["type"] == typ }
}

// path walks nested maps: path(m, "event", "delta", "text").
func path(m map[string]any, keys ...string) any {
	var v any = m
	for _, k := range keys {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}

// userLine is a stream-json user message line carrying text.
func userLine(text string) string {
	b, _ := json.Marshal(map[string]any{
		"type":    "user",
		"message": map[string]any{"role": "user", "content": text},
	})
	return string(b)
}
