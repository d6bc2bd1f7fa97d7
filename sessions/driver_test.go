package sessions

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

	"github.com/gclaude/gclaude/internal/clirig"
)

// lineTimeout bounds every wait for a CLI line; generous for a loaded 2-core machine.
const lineTimeout = 90 * time.Second

// cli drives one real CLI process over raw NDJSON.
type cli struct {
	t       testing.TB
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan map[string]any
	readErr chan error
	stderr  strings.Builder
}

// startCLI runs the CLI with args in dir (the rig's project directory when empty).
func startCLI(t testing.TB, r *clirig.Rig, dir string, args ...string) *cli {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	c := &cli{t: t, cmd: r.Command(ctx, args...), lines: make(chan map[string]any, 1024), readErr: make(chan error, 1)}
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

// send writes one value as a JSON line to stdin.
func (c *cli) send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := c.stdin.Write(append(b, '\n')); err != nil {
		c.t.Fatalf("write stdin: %v", err)
	}
}

// next returns the next stdout line, failing the test on timeout, a bad line or EOF.
func (c *cli) next() map[string]any {
	c.t.Helper()
	select {
	case m, ok := <-c.lines:
		if !ok {
			c.t.Fatalf("CLI stdout ended early; stderr:\n%s", c.stderr.String())
		}
		return m
	case err := <-c.readErr:
		c.t.Fatalf("reading CLI stdout: %v", err)
	case <-time.After(lineTimeout):
		c.t.Fatalf("no CLI line within %v; stderr:\n%s", lineTimeout, c.stderr.String())
	}
	return nil
}

// prompt sends a user message.
func (c *cli) prompt(text string) {
	c.t.Helper()
	c.send(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text}})
}

// turn sends a prompt, allows every tool the CLI asks about, and returns the result line.
func (c *cli) turn(prompt string) map[string]any {
	c.t.Helper()
	return c.turnWith(prompt, allowTool)
}

// turnWith sends a prompt, answers every permission request with answer, and
// returns the result line.
func (c *cli) turnWith(prompt string, answer func(request map[string]any) map[string]any) map[string]any {
	c.t.Helper()
	c.prompt(prompt)
	for {
		m := c.next()
		switch {
		case m["type"] == "result":
			return m
		case m["type"] == "control_request" && field(m, "request", "subtype") == "can_use_tool":
			c.send(map[string]any{"type": "control_response", "response": map[string]any{
				"subtype": "success", "request_id": m["request_id"], "response": answer(m),
			}})
		}
	}
}

func allowTool(req map[string]any) map[string]any {
	return map[string]any{"behavior": "allow", "updatedInput": field(req, "request", "input")}
}

func denyTool(map[string]any) map[string]any {
	return map[string]any{"behavior": "deny", "message": "no thanks"}
}

// interruptedTurn sends a prompt, interrupts the turn at its first streamed delta,
// and returns the result line.
func (c *cli) interruptedTurn(prompt string) map[string]any {
	c.t.Helper()
	c.prompt(prompt)
	for {
		m := c.next()
		if m["type"] == "stream_event" && field(m, "event", "type") == "content_block_delta" {
			break
		}
	}
	c.send(map[string]any{"type": "control_request", "request_id": "interrupt-1", "request": map[string]any{"subtype": "interrupt"}})
	for {
		if m := c.next(); m["type"] == "result" {
			return m
		}
	}
}

// control sends a control_request and returns the CLI's control_response to it.
func (c *cli) control(id string, request map[string]any) map[string]any {
	c.t.Helper()
	c.send(map[string]any{"type": "control_request", "request_id": id, "request": request})
	for {
		m := c.next()
		if m["type"] == "control_response" && field(m, "response", "request_id") == id {
			return m
		}
	}
}

// closeAndWait closes stdin and waits for the process to exit.
func (c *cli) closeAndWait() {
	c.t.Helper()
	_ = c.stdin.Close()
	done := make(chan error, 1)
	go func() {
		for range c.lines {
		}
		done <- c.cmd.Wait()
	}()
	select {
	case err := <-done:
		if err != nil {
			c.t.Logf("CLI exit: %v; stderr:\n%s", err, c.stderr.String())
		}
	case <-time.After(lineTimeout):
		c.t.Fatalf("CLI did not exit after stdin closed; stderr:\n%s", c.stderr.String())
	}
}

// field walks nested maps: field(m, "response", "request_id").
func field(m map[string]any, keys ...string) any {
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
