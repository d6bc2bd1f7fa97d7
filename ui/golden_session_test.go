package ui

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// The whole screen drawn while one session shows its task pane or the /resume picker
// (the sessions' own behaviour is tested in ui/tab).

// sessionFixtures holds session files the real CLI wrote (see sessionfiles/fixtures_test.go).
var sessionFixtures = filepath.Join("..", "testdata", "sessions")

func withSessions(dir string) func(*Options) {
	return func(o *Options) { o.SessionFilesDir = dir }
}

// stopBackend is the fake backend that also records control requests (stop_task) and
// can refuse them.
type stopBackend struct {
	*fakeBackend
	mu   sync.Mutex
	reqs []protocol.ClientRequest
	err  error
}

func (b *stopBackend) Request(_ context.Context, req protocol.ClientRequest) (protocol.ControlResponseBody, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reqs = append(b.reqs, req)
	if b.err != nil {
		return protocol.ControlResponseBody{Subtype: "error", Error: b.err.Error()}, b.err
	}
	return protocol.ControlResponseBody{Subtype: "success"}, nil
}

// newTaskHarness is a harness of the given size whose backend records requests.
func newTaskHarness(t *testing.T, w, h int) (*harness, *stopBackend) {
	t.Helper()
	var sb *stopBackend
	hs := newHarness(t, func(o *Options) {
		sb = &stopBackend{fakeBackend: o.Backend.(*fakeBackend)}
		o.Backend = sb
	})
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs, sb
}

// captureMessages decodes a capture's stdout, as the session would deliver it.
func captureMessages(t *testing.T, name string) []protocol.Message {
	t.Helper()
	data := capturefiles.Read(t, name+".jsonl")
	var msgs []protocol.Message
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			msg, err := protocol.Decode(line)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			msgs = append(msgs, msg)
		}
	}
	return msgs
}

// play feeds capture messages one frame each, 100 ms apart, the way the session turns
// them into events, and fires the tick timers in between.
func (h *harness) play(msgs []protocol.Message) {
	for _, msg := range msgs {
		h.advance(100 * time.Millisecond)
		switch m := msg.(type) {
		case *protocol.ControlResponse:
		case *protocol.CanUseTool:
			h.events(process.PermissionRequest{Req: m})
		default:
			h.msgs(m)
		}
	}
}

// upTo is msgs before the n-th (from 1) message of kind.
func upTo(t *testing.T, msgs []protocol.Message, kind string, n int) []protocol.Message {
	t.Helper()
	for i, m := range msgs {
		if m.Kind() == kind {
			if n--; n == 0 {
				return msgs[:i]
			}
		}
	}
	t.Fatalf("no %s", kind)
	return nil
}

// startTaskTurn sends a prompt and plays exp07a until its subagent runs Bash: the
// task is running, its Bash call has no result yet.
// startTaskTurn sends a prompt and plays exp07a until its subagent runs Bash: the
// task is running, its Bash call has no result yet.
func startTaskTurn(t *testing.T, h *harness) []protocol.Message {
	t.Helper()
	h.ready()
	h.typeText("List the work files with a subagent")
	h.keys("enter")
	msgs := captureMessages(t, "exp07a_task_subagent")
	running := upTo(t, msgs, "user", 2) // the subagent's Bash result
	h.play(running)
	return msgs[len(running):]
}

func TestGoldenResumePicker(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		name := fmt.Sprintf("resume_picker_%dx%d_dark", size[0], size[1])
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, withSessions(sessionFixtures))
			h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			h.ready()
			h.typeText("/resume")
			h.keys("enter")
			requireGolden(t, name, h.m.render())
		})
	}
}

// TestGoldenTaskScreens draws the whole app with the task pane: the overlay of a narrow
// terminal and the side pane of a wide one, from exp07a (a subagent at work) and exp07d
// (a background agent outliving its turn).
func TestGoldenTaskScreens(t *testing.T) {
	tests := []struct {
		name string
		w, h int
		play func(t *testing.T, h *harness)
	}{
		{"tasks_overlay_80x24", 80, 24, func(t *testing.T, h *harness) {
			startTaskTurn(t, h)
			h.keys("alt+t")
		}},
		{"tasks_side_open_160x40", 160, 40, func(t *testing.T, h *harness) {
			startTaskTurn(t, h)
			h.keys("alt+t", "enter")
		}},
		{"tasks_background_160x40", 160, 40, func(t *testing.T, h *harness) {
			h.ready()
			h.typeText("list the files in the background")
			h.keys("enter")
			// The main turn's result and the task's first progress, in whichever order the
			// CLI sends them (2.1.328 progress first, 2.1.332 result first).
			msgs := captureMessages(t, "exp07d_task_background")
			n := max(len(upTo(t, msgs, "result/success", 1)), len(upTo(t, msgs, "system/task_progress", 1)))
			h.play(msgs[:n+1])
		}},
		{"tasks_background_done_80x24", 80, 24, func(t *testing.T, h *harness) {
			h.ready()
			h.typeText("list the files in the background")
			h.keys("enter")
			h.play(captureMessages(t, "exp07d_task_background"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := newTaskHarness(t, tt.w, tt.h)
			tt.play(t, h)
			requireGolden(t, tt.name, h.m.render())
		})
	}
}
