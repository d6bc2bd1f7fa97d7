package transcript

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// toolItem is one tool call: its input (streaming, then final), its state
// and, once it arrives, its result.
type toolItem struct {
	itemBase
	call    render.ToolCall
	input   strings.Builder // the streaming input's JSON so far
	shown   int             // bytes of input the last redraw showed
	started time.Time       // when it started running, for the elapsed time
	// denied is set when the user or the CLI said the call may not run;
	// a later "User rejected" result does not turn it into an interrupt.
	denied bool
	// taskLine is the root's live status of the task the call started
	// (SetTaskStatusFunc); it replaces call.TaskStatus while set.
	taskLine string
	// onlyReferences: the result was nothing but tool_reference blocks (item_folded.go).
	onlyReferences bool
}

func newTool(id, name string) *toolItem {
	return &toolItem{call: render.ToolCall{ID: id, Name: name, State: render.ToolInputStreaming}}
}

func (t *toolItem) canExpand() bool { return true }

func (t *toolItem) appendInput(partial string) {
	if partial == "" || t.call.State != render.ToolInputStreaming {
		return
	}
	t.input.WriteString(partial)
	t.call.Input = json.RawMessage(t.input.String())
	// Redrawing parses the whole partial input. A big input (a Write of
	// a large file) is redrawn each time it grew by a sixteenth, so the
	// work stays near-linear instead of quadratic.
	if n := t.input.Len(); n < 4096 || n-t.shown >= n/16 {
		t.shown = n
		t.touch()
	}
}

// setInput sets the final input; a call whose input was streaming is now
// running (or waiting for permission, which the session reports).
func (t *toolItem) setInput(raw json.RawMessage, now time.Time) {
	if len(raw) > 0 {
		t.call.Input = raw
	}
	t.input.Reset()
	if t.call.State == render.ToolInputStreaming {
		t.setState(render.ToolRunning, now)
	}
	t.touch()
}

func (t *toolItem) finished() bool {
	switch t.call.State {
	case render.ToolDone, render.ToolFailed, render.ToolDenied, render.ToolInterrupted:
		return true
	}
	return false
}

func (t *toolItem) setState(st render.ToolState, now time.Time) {
	if st == render.ToolRunning && t.call.State != render.ToolRunning {
		t.started = now
		t.call.Elapsed = 0
	}
	if st == render.ToolDenied {
		t.denied = true
	}
	if st != render.ToolRunning && st != render.ToolInputStreaming {
		t.call.Spinner = ""
	}
	t.call.State = st
	t.touch()
}

// setResult attaches the result and the state it implies.
func (t *toolItem) setResult(r *render.ToolResult, st render.ToolState, now time.Time) {
	t.call.Result = r
	t.setState(st, now)
}

// interrupt marks a call that never got a result as interrupted.
func (t *toolItem) interrupt(now time.Time) {
	if t.finished() {
		return
	}
	t.setState(render.ToolInterrupted, now)
}

// tick advances the spinner and the elapsed time of a live call.
func (t *toolItem) tick(now time.Time, frame string) bool {
	switch t.call.State {
	case render.ToolRunning:
		var el time.Duration
		if !t.started.IsZero() && now.After(t.started) {
			el = now.Sub(t.started).Truncate(100 * time.Millisecond)
		}
		if el == t.call.Elapsed && frame == t.call.Spinner {
			return true
		}
		t.call.Elapsed, t.call.Spinner = el, frame
	case render.ToolInputStreaming:
		if frame == t.call.Spinner {
			return true
		}
		t.call.Spinner = frame
	default:
		return false
	}
	t.touch()
	return true
}

func (t *toolItem) render(width int, st *themes.Styles) []string {
	if t.folded() {
		return nil
	}
	c := t.call
	c.Expanded = t.expanded
	c.TaskStatus = t.taskStatus()
	return splitRendered(render.Tool(c, width, st))
}

// taskStatus is the status line shown under an Agent call: the root's live
// one, else what the task messages said.
func (t *toolItem) taskStatus() string {
	if t.taskLine != "" {
		return t.taskLine
	}
	return t.call.TaskStatus
}

func (t *toolItem) plain() string {
	var b strings.Builder
	b.WriteString(toolTitle(t.call.Name, t.call.Input))
	if s := t.taskStatus(); s != "" {
		b.WriteString("\n" + s)
	}
	if r := t.call.Result; r != nil && r.Content != "" {
		b.WriteString("\n" + strings.TrimRight(r.Content, "\n"))
	}
	return render.Sanitize(b.String())
}

func (t *toolItem) markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**", render.Sanitize(toolTitle(t.call.Name, t.call.Input)))
	switch t.call.State {
	case render.ToolDenied:
		b.WriteString(" _(denied)_")
	case render.ToolInterrupted:
		b.WriteString(" _(interrupted)_")
	case render.ToolFailed:
		b.WriteString(" _(failed)_")
	}
	b.WriteString("\n")
	if r := t.call.Result; r != nil && strings.TrimSpace(r.Content) != "" {
		b.WriteString("\n" + fence(render.Sanitize(strings.TrimRight(r.Content, "\n"))) + "\n")
	}
	return b.String()
}

// argKeys are the input fields that name what a call works on, in the
// order they are looked for.
var argKeys = []string{"command", "file_path", "notebook_path", "path", "pattern", "url", "query", "description", "skill"}

// toolTitle is "Name(key argument)" for copy and export.
func toolTitle(name string, input json.RawMessage) string {
	var fields map[string]any
	if json.Unmarshal(input, &fields) == nil {
		for _, k := range argKeys {
			if s, ok := fields[k].(string); ok && s != "" {
				return name + "(" + s + ")"
			}
		}
	}
	return name
}

// fence wraps text in a code fence longer than any backtick run inside it.
func fence(s string) string {
	f := "```"
	for strings.Contains(s, f) {
		f += "`"
	}
	return f + "\n" + s + "\n" + f
}
