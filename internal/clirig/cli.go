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

// DefaultLineTimeout bounds every wait for a line unless CLI.LineTimeout says otherwise;
// generous for a loaded 2-core machine.
const DefaultLineTimeout = 60 * time.Second

// CLI drives one CLI process over raw NDJSON, for tests of the CLI's own behaviour.
// It deliberately does not use the protocol package: that package's tests rely on this rig.
type CLI struct {
	// LineTimeout bounds each wait for a line (Next) or for a matching line (Until).
	LineTimeout time.Duration

	t       testing.TB
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan map[string]any
	readErr chan error
	stderr  strings.Builder
}

// Start runs the CLI with args in the rig's project directory.
func (r *Rig) Start(t testing.TB, args ...string) *CLI {
	t.Helper()
	return r.StartIn(t, "", args...)
}

// StartIn runs the CLI with args in dir (the rig's project directory when empty) and
// reads its stdout lines in the background. The process is killed when the test ends.
func (r *Rig) StartIn(t testing.TB, dir string, args ...string) *CLI {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	c := &CLI{
		LineTimeout: DefaultLineTimeout,
		t:           t,
		cmd:         r.Command(ctx, args...),
		lines:       make(chan map[string]any, 1024),
		readErr:     make(chan error, 1),
	}
	if dir != "" {
		c.cmd.Dir = dir
		c.cmd.Env = append(c.cmd.Env, "PWD="+dir)
	}
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
func (c *CLI) read(stdout io.Reader) {
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

// Stderr is what the CLI has written to stderr so far.
func (c *CLI) Stderr() string { return c.stderr.String() }

// SendLine writes one JSON line to stdin; it fails the test if line is not valid JSON.
func (c *CLI) SendLine(line string) {
	c.t.Helper()
	if !json.Valid([]byte(line)) {
		c.t.Fatalf("invalid JSON for stdin: %s", line)
	}
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		c.t.Fatalf("write stdin: %v", err)
	}
}

// Send writes v as one JSON line to stdin.
func (c *CLI) Send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.stdin.Write(append(b, '\n')); err != nil {
		c.t.Fatalf("write stdin: %v", err)
	}
}

// Prompt sends a stream-json user message carrying text.
func (c *CLI) Prompt(text string) {
	c.t.Helper()
	c.Send(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text}})
}

// AnswerTool answers the can_use_tool control request req with response
// (e.g. {"behavior": "allow", "updatedInput": …}).
func (c *CLI) AnswerTool(req, response map[string]any) {
	c.t.Helper()
	c.Send(map[string]any{"type": "control_response", "response": map[string]any{
		"subtype": "success", "request_id": req["request_id"], "response": response,
	}})
}

// Next returns the next stdout line, failing the test on timeout, a bad line or EOF.
func (c *CLI) Next() map[string]any {
	c.t.Helper()
	timer := time.NewTimer(c.LineTimeout)
	defer timer.Stop()
	return c.next(timer.C)
}

// Until returns the first line for which match is true, passing every earlier line to
// seen (if not nil). The whole wait is bounded by one LineTimeout; it fails the test on
// timeout, a bad line, or EOF.
func (c *CLI) Until(match func(map[string]any) bool, seen func(map[string]any)) map[string]any {
	c.t.Helper()
	timer := time.NewTimer(c.LineTimeout)
	defer timer.Stop()
	for {
		m := c.next(timer.C)
		if match(m) {
			return m
		}
		if seen != nil {
			seen(m)
		}
	}
}

func (c *CLI) next(timeout <-chan time.Time) map[string]any {
	c.t.Helper()
	select {
	case m, ok := <-c.lines:
		if !ok {
			c.t.Fatalf("CLI stdout ended before the expected line; stderr:\n%s", c.Stderr())
		}
		return m
	case err := <-c.readErr:
		c.t.Fatalf("reading CLI stdout: %v", err)
	case <-timeout:
		c.t.Fatalf("no expected CLI line within %v; stderr:\n%s", c.LineTimeout, c.Stderr())
	}
	return nil
}

// CloseAndWait closes stdin and waits for the process to exit, returning its exit code.
// It fails the test if the process does not exit or cannot be waited for.
func (c *CLI) CloseAndWait() int {
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
	case <-time.After(c.LineTimeout):
		c.t.Fatalf("CLI did not exit after stdin closed; stderr:\n%s", c.Stderr())
		return -1
	}
}

// IsToolRequest reports whether m is the CLI's can_use_tool control request.
func IsToolRequest(m map[string]any) bool {
	return m["type"] == "control_request" && Field(m, "request", "subtype") == "can_use_tool"
}

// Field walks nested maps: Field(m, "event", "delta", "text"); nil when a step is missing.
func Field(m map[string]any, keys ...string) any {
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
