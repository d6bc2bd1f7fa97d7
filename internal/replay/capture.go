package replay

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"time"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// item is one event to play, at its offset from the start of the recording.
type item struct {
	at     time.Duration
	ev     process.Event
	stream bool // a stream_event: a single step runs through consecutive ones
}

// capture is a recording turned into events. It is built once and never changed.
type capture struct {
	items  []item
	timed  bool // offsets come from the timeline
	init   *protocol.InitializeResponse
	exited process.Exited
	exitAt time.Duration
	// answers are the client's recorded responses to CLI requests, by request id.
	answers map[string]protocol.ControlResponseBody
}

// sibling names a file the recording driver wrote next to FILE.jsonl.
func sibling(path, suffix string) string {
	return strings.TrimSuffix(path, ".jsonl") + suffix
}

// loadCapture reads path (stdout, one JSON object per line) and whatever siblings
// exist: .timeline.tsv (timing), .stdin.jsonl (prompts and the client's answers),
// .exit.txt and .stderr.txt (how the CLI ended).
func loadCapture(path string, opts Options) (*capture, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	stdin, _ := readLines(sibling(path, ".stdin.jsonl")) // optional
	var tl *timeline
	if f, err := os.Open(sibling(path, ".timeline.tsv")); err == nil {
		t := parseTimeline(f)
		_ = f.Close()
		// A timeline that does not describe these very lines would mistime everything.
		if t.outs == len(lines) && t.ins == len(stdin) {
			tl = &t
		}
	}

	c := &capture{timed: tl != nil, answers: recordedAnswers(stdin)}
	perLine := make([]*item, len(lines)) // nil: a line the session handles itself
	echoes := false                      // the CLI echoed prompts itself (--replay-user-messages)
	for i, line := range lines {
		if it, ok := c.decode(line); ok {
			perLine[i] = &it
			if m, isMsg := it.ev.(process.Message); isMsg {
				if u, isUser := m.Msg.(*protocol.User); isUser && u.IsReplay {
					echoes = true
				}
			}
		}
	}

	gap := opts.gap()
	if tl == nil {
		for _, it := range perLine {
			if it != nil {
				it.at = time.Duration(len(c.items)+1) * gap
				c.items = append(c.items, *it)
			}
		}
		c.exitAt = time.Duration(len(c.items)+1) * gap
	} else {
		c.items = interleave(tl, perLine, stdin, !echoes && !opts.NoPrompts)
		c.exitAt = tl.exitAt
		if n := len(c.items); n > 0 && c.exitAt < c.items[n-1].at {
			c.exitAt = c.items[n-1].at + gap
		}
	}
	c.exited = exitStatus(path, tl)
	return c, nil
}

// decode turns one stdout line into the event a live process.CLI would report.
// ok is false for lines the session handles itself: responses to the host's own
// requests, heartbeats, and CLI requests it refuses without asking the user. The
// response to initialize becomes Ready.
func (c *capture) decode(line []byte) (it item, ok bool) {
	msg, err := protocol.Decode(line)
	if err != nil {
		var de *protocol.DecodeError
		if !errors.As(err, &de) {
			de = &protocol.DecodeError{Line: line, Err: err}
		}
		return item{ev: process.DecodeError{Err: de}}, true
	}
	switch m := msg.(type) {
	case *protocol.ControlResponse:
		if init := initializeResponse(m); init != nil && c.init == nil {
			c.init = init
			return item{ev: process.Ready{Init: init}}, true
		}
		return item{}, false
	case *protocol.CanUseTool:
		return item{ev: process.PermissionRequest{Req: m}}, true
	case *protocol.Elicitation:
		return item{ev: process.ElicitationRequest{Req: m}}, true
	case *protocol.ControlCancelRequest:
		return item{ev: process.Cancelled{RequestID: m.RequestID}}, true
	case *protocol.HookCallback, *protocol.MCPMessage, *protocol.KeepAlive:
		return item{}, false
	case *protocol.Unknown:
		if m.Type == "control_request" {
			return item{}, false
		}
	case *protocol.StreamEvent:
		return item{ev: process.Message{Msg: m}, stream: true}, true
	}
	return item{ev: process.Message{Msg: msg}}, true
}

// initializeResponse recognises the answer to the host's initialize by its shape: no
// other response lists both commands and models.
func initializeResponse(m *protocol.ControlResponse) *protocol.InitializeResponse {
	if m.Response.IsError() || len(m.Response.Response) == 0 {
		return nil
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(m.Response.Response, &keys) != nil || keys["commands"] == nil || keys["models"] == nil {
		return nil
	}
	var init protocol.InitializeResponse
	if json.Unmarshal(m.Response.Response, &init) != nil {
		return nil
	}
	return &init
}

// interleave walks the timeline: the k-th OUT row times the k-th stdout line, and an
// IN row that wrote a prompt becomes the user message the CLI would have echoed with
// --replay-user-messages, so the replay shows what was typed.
func interleave(tl *timeline, perLine []*item, stdin [][]byte, prompts bool) []item {
	items := make([]item, 0, len(perLine)+len(stdin))
	out, in := 0, 0
	for _, r := range tl.rows {
		switch r.dir {
		case "OUT":
			if it := perLine[out]; it != nil {
				it.at = r.at
				items = append(items, *it)
			}
			out++
		case "IN":
			if u := promptEcho(stdin[in]); prompts && u != nil {
				items = append(items, item{at: r.at, ev: process.Message{Msg: u}})
			}
			in++
		}
	}
	return items
}
