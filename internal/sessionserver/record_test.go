package sessionserver

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// replayed reads a snapshot's frames back.
func replayed(t *testing.T, r *record) (lines []string, start int64) {
	t.Helper()
	src, err := r.snapshot()
	if err != nil {
		t.Fatal(err)
	}
	defer src.close()
	var buf bytes.Buffer
	if _, err := src.copyTo(&buf); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(&buf)
	var scratch []byte
	for {
		typ, p, err := sessionwire.ReadFrame(br, &scratch)
		if err == io.EOF {
			return lines, src.start
		}
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(typ)+string(p))
	}
}

func appendOK(t *testing.T, r *record, typ byte, line string) int64 {
	t.Helper()
	at, err := r.append(typ, []byte(line))
	if err != nil {
		t.Fatal(err)
	}
	return at
}

func TestRecordReplaysWhatWasFlushed(t *testing.T) {
	r := newRecord(t.TempDir(), "s1", 1<<20, nil)
	appendOK(t, r, sessionwire.FrameReplayStdin, `{"in":1}`)
	appendOK(t, r, sessionwire.FrameReplayStdout, `{"out":1}`)
	if got, _ := replayed(t, r); len(got) != 0 {
		t.Fatalf("replayed before flush: %q", got)
	}
	if err := r.flush(); err != nil {
		t.Fatal(err)
	}
	appendOK(t, r, sessionwire.FrameReplayStdout, `{"out":2}`)
	got, start := replayed(t, r)
	if want := []string{`I{"in":1}`, `O{"out":1}`}; fmt.Sprint(got) != fmt.Sprint(want) || start != 0 {
		t.Fatalf("replay = %q from %d, want %q from 0", got, start, want)
	}
}

// At the bound the oldest segment goes: the replay starts later (cut), offsets stay
// the record's own, and the disk holds at most two segments.
func TestRecordRotatesAtTheBound(t *testing.T) {
	dir := t.TempDir()
	r := newRecord(dir, "s1", 200, nil) // segments of 100 bytes
	var offsets []int64
	for i := range 20 {
		offsets = append(offsets, appendOK(t, r, sessionwire.FrameReplayStdout, fmt.Sprintf(`{"n":%02d,"pad":"xxxxxxxxxxxxxxxxxxxx"}`, i)))
		if i%3 == 2 { // several frames a flush, as a read brings
			if err := r.flush(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := r.flush(); err != nil {
		t.Fatal(err)
	}
	got, start := replayed(t, r)
	if !r.cut || start == 0 || len(got) == 0 || len(got) >= 20 {
		t.Fatalf("cut %v, replay of %d lines from %d", r.cut, len(got), start)
	}
	first := 20 - len(got)
	if offsets[first] != start || !strings.Contains(got[0], fmt.Sprintf(`"n":%02d`, first)) || !strings.Contains(got[len(got)-1], `"n":19`) {
		t.Fatalf("replay starts at %d with %q, ends with %q; line %d's offset is %d", start, got[0], got[len(got)-1], first, offsets[first])
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("%d files on disk, want the two segments", len(entries))
	}
	r.remove()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("remove left %d files", len(entries))
	}
}

// fullDisk accepts limit bytes, then fails like a full disk (part of the last write
// lands).
type fullDisk struct {
	f     *os.File
	limit *int
}

func (d fullDisk) Write(p []byte) (int, error) {
	if len(p) <= *d.limit {
		*d.limit -= len(p)
		return d.f.Write(p)
	}
	n, _ := d.f.Write(p[:*d.limit])
	*d.limit = 0
	return n, syscall.ENOSPC
}

func (d fullDisk) Close() error { return d.f.Close() }

func fillsUpAfter(limit int) func(string) (io.WriteCloser, error) {
	return func(path string) (io.WriteCloser, error) {
		f, err := createFile(path)
		if err != nil {
			return nil, err
		}
		return fullDisk{f: f.(*os.File), limit: &limit}, nil
	}
}

func TestRecordStopsWhenTheDiskIsFull(t *testing.T) {
	r := newRecord(t.TempDir(), "s1", 1<<20, fillsUpAfter(30))
	appendOK(t, r, sessionwire.FrameReplayStdout, `{"kept":1}`)
	if err := r.flush(); err != nil {
		t.Fatal(err)
	}
	appendOK(t, r, sessionwire.FrameReplayStdout, `{"torn":"this frame does not fit"}`)
	if err := r.flush(); err == nil {
		t.Fatal("flush on a full disk did not fail")
	}
	appendOK(t, r, sessionwire.FrameReplayStdout, `{"later":1}`)
	if err := r.flush(); err != nil {
		t.Fatalf("flush after recording stopped: %v (it is said once)", err)
	}
	if got, _ := replayed(t, r); fmt.Sprint(got) != fmt.Sprint([]string{`O{"kept":1}`}) {
		t.Fatalf("replay = %q, want the whole frames before the failure", got)
	}
}

// Through the server: a disk that fills up stops recording with a notice to the
// screens; the session goes on, and a later screen is told its replay stops early.
func TestDiskFullKeepsTheSessionRunning(t *testing.T) {
	r := newRig(t, func(c *Config) { c.createRecord = fillsUpAfter(4 << 10) })
	a := r.start()
	a.send("stream 3000") // past recordBatch: the record is written while it streams
	var streamed bool
	for _, ev := range a.until(func(ev process.Event) bool { _, ok := ev.(process.Notice); return ok }) {
		if m, ok := ev.(process.Message); ok {
			if _, ok := m.Msg.(*protocol.StreamEvent); ok {
				streamed = true
			}
		}
		if n, ok := ev.(process.Notice); ok && (n.Kind != sessionwire.NoticeRecordingStopped || !strings.Contains(n.Text, "no space")) {
			t.Fatalf("notice = %+v", n)
		}
	}
	if !streamed {
		t.Fatal("the notice came before any line: the screen missed the stream")
	}
	b := r.attach(a.cli.ServerID())
	att := expect[process.Attached](b)
	if !strings.Contains(att.Replay.Stopped, "no space") {
		t.Fatalf("Attached.Replay = %+v", att.Replay)
	}
	expect[process.Ready](b) // recorded before the disk filled
	expect[process.Live](b)
	a.send("say after")
	got := b.result()
	if got == "streamed" { // the turn that filled the disk may end after b attached
		got = b.result()
	}
	if got != "after" {
		t.Fatalf("b's live result = %q", got)
	}
}

// A record cut at its bound still replays initialize's answer (Ready) and the request
// still waiting, then the lines it kept.
func TestCutRecordKeepsReadyAndTheWaitingRequest(t *testing.T) {
	r := newRig(t, func(c *Config) { c.RecordBound = 8 << 10 })
	a := r.start()
	a.send("ask")
	req := expect[process.PermissionRequest](a)
	a.send("stream 300") // queued behind the decision in a real claude; the fake streams now
	a.result()
	b := r.attach(a.cli.ServerID())
	att := expect[process.Attached](b)
	if !att.Replay.Cut {
		t.Fatalf("Attached.Replay = %+v, want cut", att.Replay)
	}
	evs := b.until(func(ev process.Event) bool { _, ok := ev.(process.Live); return ok })
	var ready, asked bool
	for _, ev := range evs {
		switch e := ev.(type) {
		case process.Ready:
			ready = e.Replayed
		case process.PermissionRequest:
			asked = e.Req.RequestID == req.Req.RequestID && e.Replayed
		}
	}
	if !ready || !asked {
		t.Fatalf("cut replay: Ready %v, request %v; %s", ready, asked, describe(evs))
	}
	if err := b.cli.RespondPermission(req.Req.RequestID, protocol.PermissionAllow{UpdatedInput: req.Req.Input}); err != nil {
		t.Fatal(err)
	}
	if got := b.result(); got != "done" {
		t.Fatalf("result = %q", got)
	}
}
