package sessionfiles

import (
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/clirig"
)

// lineTimeout bounds every wait for a CLI line; generous for a loaded 2-core machine.
const lineTimeout = 90 * time.Second

// cli adds the turns these tests play to the rig's raw NDJSON driver.
type cli struct {
	*clirig.CLI
	t testing.TB
}

// startCLI runs the CLI with args in dir (the rig's project directory when empty).
func startCLI(t testing.TB, r *clirig.Rig, dir string, args ...string) *cli {
	t.Helper()
	c := &cli{CLI: r.StartIn(t, dir, args...), t: t}
	c.LineTimeout = lineTimeout
	return c
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
	c.Prompt(prompt)
	for {
		m := c.Next()
		switch {
		case m["type"] == "result":
			return m
		case clirig.IsToolRequest(m):
			c.AnswerTool(m, answer(m))
		}
	}
}

func allowTool(req map[string]any) map[string]any {
	return map[string]any{"behavior": "allow", "updatedInput": clirig.Field(req, "request", "input")}
}

func denyTool(map[string]any) map[string]any {
	return map[string]any{"behavior": "deny", "message": "no thanks"}
}

// interruptedTurn sends a prompt, interrupts the turn at its first streamed delta,
// and returns the result line.
func (c *cli) interruptedTurn(prompt string) map[string]any {
	c.t.Helper()
	c.Prompt(prompt)
	for {
		m := c.Next()
		if m["type"] == "stream_event" && clirig.Field(m, "event", "type") == "content_block_delta" {
			break
		}
	}
	c.Send(map[string]any{"type": "control_request", "request_id": "interrupt-1", "request": map[string]any{"subtype": "interrupt"}})
	for {
		if m := c.Next(); m["type"] == "result" {
			return m
		}
	}
}

// control sends a control_request and returns the CLI's control_response to it.
func (c *cli) control(id string, request map[string]any) map[string]any {
	c.t.Helper()
	c.Send(map[string]any{"type": "control_request", "request_id": id, "request": request})
	for {
		m := c.Next()
		if m["type"] == "control_response" && clirig.Field(m, "response", "request_id") == id {
			return m
		}
	}
}

// closeAndWait closes stdin and waits for the process to exit; an unclean exit is
// logged, not failed: these tests judge the session files, not the exit.
func (c *cli) closeAndWait() {
	c.t.Helper()
	if code := c.CloseAndWait(); code != 0 {
		c.t.Logf("CLI exit code %d; stderr:\n%s", code, c.Stderr())
	}
}
