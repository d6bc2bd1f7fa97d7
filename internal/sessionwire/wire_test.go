package sessionwire

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFramesRoundTrip(t *testing.T) {
	big := bytes.Repeat([]byte("x"), 300<<10) // longer than the reader's buffer
	var buf []byte
	buf = AppendFrame(buf, FrameStdout, []byte(`{"type":"result"}`))
	buf = AppendFrame(buf, FrameDetach, nil)
	buf = AppendFrame(buf, FrameStdin, big)
	br := bufio.NewReaderSize(bytes.NewReader(buf), 64<<10)
	var scratch []byte
	for _, want := range []struct {
		typ     byte
		payload []byte
	}{{FrameStdout, []byte(`{"type":"result"}`)}, {FrameDetach, nil}, {FrameStdin, big}} {
		typ, p, err := ReadFrame(br, &scratch)
		if err != nil || typ != want.typ || !bytes.Equal(p, want.payload) {
			t.Fatalf("frame %q (%d bytes), %v; want %q (%d bytes)", typ, len(p), err, want.typ, len(want.payload))
		}
	}
	if _, _, err := ReadFrame(br, &scratch); err != io.EOF {
		t.Fatalf("after the last frame: %v, want EOF", err)
	}
}

func TestBadFrames(t *testing.T) {
	var scratch []byte
	huge := []byte{FrameStdout, 0, 0, 0, 0}
	binary.BigEndian.PutUint32(huge[1:], MaxPayload+1)
	var tooLong *FrameTooLongError
	if _, _, err := ReadFrame(bufio.NewReader(bytes.NewReader(huge)), &scratch); !errors.As(err, &tooLong) {
		t.Errorf("an announced length past the cap: %v", err)
	}
	cut := AppendFrame(nil, FrameStdout, []byte("a whole line"))[:9]
	if _, _, err := ReadFrame(bufio.NewReader(bytes.NewReader(cut)), &scratch); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a frame cut short: %v", err)
	}
	if _, _, err := ReadFrame(bufio.NewReader(bytes.NewReader([]byte{FrameStdout, 0})), &scratch); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a header cut short: %v", err)
	}
}

func TestLocate(t *testing.T) {
	rt, state := t.TempDir(), t.TempDir()
	env := map[string]string{"XDG_RUNTIME_DIR": rt, "XDG_STATE_HOME": state}
	p, err := Locate(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if p.Socket != filepath.Join(rt, "gclaude", "server.sock") || p.Registry != filepath.Join(state, "gclaude", "server", "server.json") {
		t.Fatalf("paths = %+v", p)
	}
	// No runtime folder: the socket goes to the state folder.
	delete(env, "XDG_RUNTIME_DIR")
	if p, err = Locate(func(k string) string { return env[k] }); err != nil || !strings.HasPrefix(p.Socket, filepath.Join(state, "gclaude", "server", "run")) {
		t.Fatalf("without XDG_RUNTIME_DIR: %+v, %v", p, err)
	}
	// A runtime folder others can enter is refused, by name.
	open := t.TempDir()
	if err := os.Mkdir(filepath.Join(open, "gclaude"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(open, "gclaude"), 0o777); err != nil {
		t.Fatal(err)
	}
	env["XDG_RUNTIME_DIR"] = open
	if _, err := Locate(func(k string) string { return env[k] }); err == nil || !strings.Contains(err.Error(), filepath.Join(open, "gclaude")) {
		t.Fatalf("an open runtime folder: %v", err)
	}
	if entries, _ := os.ReadDir(open); len(entries) != 1 {
		t.Errorf("Locate left %d entries beside the refused folder", len(entries))
	}
}
