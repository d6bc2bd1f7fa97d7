//go:build linux

package process

import (
	"errors"
	"io"
	"os"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The read end of the CLI's stdout must stay out of Go's network poller: a descriptor
// in it (O_NONBLOCK, as os.Pipe makes it) wakes the process for every write the CLI
// makes, whether or not gclaude is reading.
func TestStdoutPipeStaysOutOfThePoller(t *testing.T) {
	r, w, err := stdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	pr, ok := r.(*pollReader)
	if !ok {
		t.Fatalf("stdoutPipe's read end is a %T, want a *pollReader", r)
	}
	conn, err := pr.f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var flags int
	var ferr error
	if err := conn.Control(func(fd uintptr) { flags, ferr = unix.FcntlInt(fd, unix.F_GETFL, 0) }); err != nil {
		t.Fatal(err)
	}
	if ferr != nil {
		t.Fatal(ferr)
	}
	if flags&unix.O_NONBLOCK != 0 {
		t.Fatal("the stdout read end is non-blocking: Go's poller owns it")
	}
}

func TestStdoutPipeReadsLinesThenEOF(t *testing.T) {
	r, w, err := stdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		for _, s := range []string{"one\n", "two\n", "three\n"} {
			_, _ = w.WriteString(s)
			time.Sleep(time.Millisecond)
		}
		_ = w.Close()
	}()
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "one\ntwo\nthree\n" {
		t.Fatalf("read %q", got)
	}
}

// A process that escaped the CLI's group can keep the write end open forever; Close
// must still end a Read that waits on it (the exit path relies on that).
func TestStdoutPipeCloseEndsAWaitingRead(t *testing.T) {
	r, w, err := stdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close() // held open, as by the escaped process
	done := make(chan error, 1)
	go func() {
		_, err := r.Read(make([]byte, 16))
		done <- err
	}()
	time.Sleep(20 * time.Millisecond) // let Read reach poll
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, os.ErrClosed) {
			t.Fatalf("Read after Close: %v, want os.ErrClosed", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read still waits 10 s after Close")
	}
	if _, err := r.Read(make([]byte, 1)); err == nil {
		t.Fatal("Read after Close succeeded")
	}
}

// A signal landing on the thread that waits in poll (EINTR) must not end the read.
func TestStdoutPipeSurvivesSignals(t *testing.T) {
	r, w, err := stdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		for range 20 {
			_ = syscall.Kill(os.Getpid(), syscall.SIGWINCH)
			time.Sleep(time.Millisecond)
		}
		_, _ = w.WriteString("after signals\n")
		_ = w.Close()
	}()
	got, err := io.ReadAll(r)
	if err != nil || string(got) != "after signals\n" {
		t.Fatalf("read %q, %v", got, err)
	}
}
