package process

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// traceLog collects what Options.Trace sees.
type traceLog struct {
	mu    sync.Mutex
	lines map[Direction][]string
}

func (l *traceLog) trace(dir Direction, line []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.lines == nil {
		l.lines = map[Direction][]string{}
	}
	l.lines[dir] = append(l.lines[dir], string(line)) // copied: line is reused
}

func (l *traceLog) get(dir Direction) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.lines[dir])
}

func TestTraceSeesEveryRawLine(t *testing.T) {
	var log traceLog
	h := startFake(t, "serve", func(o *Options) { o.Trace = log.trace })
	if err := h.s.Send(protocol.UserInput{Text: "reply traced"}); err != nil {
		t.Fatal(err)
	}
	expectMessage[*protocol.Result](h, nil)
	if err := h.s.Send(protocol.UserInput{Text: "crash"}); err != nil {
		t.Fatal(err)
	}
	h.exited()

	// stdin: exactly the lines the fake read, in order, without their newlines.
	var want []string
	for _, l := range h.stdinLines() {
		if l := strings.TrimSuffix(string(l), "\n"); l != "" {
			want = append(want, l)
		}
	}
	if got := log.get(DirStdin); !slices.Equal(got, want) {
		t.Errorf("stdin trace:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// stdout: every line, raw JSON in the order written, the control response included
	// (the session consumes it and delivers no event for it).
	var types []string
	for _, l := range log.get(DirStdout) {
		if strings.HasSuffix(l, "\n") || strings.HasSuffix(l, "\r") {
			t.Errorf("stdout line keeps its line ending: %q", l)
		}
		var env struct{ Type, Subtype string }
		if err := json.Unmarshal([]byte(l), &env); err != nil {
			t.Fatalf("stdout trace line is not the raw JSON: %q", l)
		}
		types = append(types, env.Type)
	}
	for _, typ := range []string{"control_response", "system", "assistant", "result", "stream_event"} {
		if !slices.Contains(types, typ) {
			t.Errorf("stdout trace has no %s line: %v", typ, types)
		}
	}
	if types[len(types)-1] != "stream_event" {
		t.Errorf("last stdout line = %s, want the crash's stream_event", types[len(types)-1])
	}

	if got, want := log.get(DirStderr), []string{"boom 1", "boom 2"}; !slices.Equal(got, want) {
		t.Errorf("stderr trace = %q, want %q", got, want)
	}
}

func TestTraceHandsOverLinesWithoutEndings(t *testing.T) {
	var s CLI
	var got []byte
	s.opts.Trace = func(dir Direction, line []byte) { got = bytes.Clone(line) }
	for _, in := range []string{"{}\n", "{}\r\n", "{}"} {
		s.trace(DirStdout, []byte(in))
		if string(got) != "{}" {
			t.Errorf("trace(%q) passed %q", in, got)
		}
	}
	s.opts.Trace = nil
	s.trace(DirStdin, []byte("x\n")) // no hook: nothing happens
}

func TestDirectionString(t *testing.T) {
	for d, want := range map[Direction]string{DirStdin: "stdin", DirStdout: "stdout", DirStderr: "stderr", Direction(9): "unknown"} {
		if d.String() != want {
			t.Errorf("%d.String() = %q, want %q", d, d.String(), want)
		}
	}
}
