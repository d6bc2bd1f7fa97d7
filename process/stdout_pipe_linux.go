//go:build linux

package process

import (
	"errors"
	"io"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// stdoutPipe makes the pipe the CLI writes its stdout to. Its read end is a blocking
// descriptor that gclaude waits on with poll(2), outside Go's network poller. The CLI
// writes every stream delta with its own write(2), thousands a second; with the read end
// in the runtime's epoll set (as os.Pipe puts it) each of those writes woke the whole
// process — an epoll_wait returning and a context switch — even while the paced reader
// slept on purpose to let lines pile up, about 6,000 context switches for a 100 KB
// answer. Here nothing wakes gclaude until it asks to read. The price: a read that has
// to wait holds the program's one processor (cmd.TuneRuntime) inside poll(2) until
// the runtime's monitor hands it on, tens of microseconds to at most 10 ms after a long
// quiet spell, which delays a frame by that much at worst.
func stdoutPipe() (io.ReadCloser, *os.File, error) {
	r, w, err := blockingPipe()
	if err != nil {
		return nil, nil, err
	}
	wakeR, wakeW, err := blockingPipe()
	if err != nil {
		_, _ = r.Close(), w.Close()
		return nil, nil, err
	}
	return &pollReader{f: r, wakeR: wakeR, wakeW: wakeW}, w, nil
}

// blockingPipe is os.Pipe without the runtime poller: os.NewFile keeps a blocking
// descriptor out of it.
func blockingPipe() (r, w *os.File, err error) {
	var fds [2]int
	if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	return os.NewFile(uintptr(fds[0]), "|0"), os.NewFile(uintptr(fds[1]), "|1"), nil
}

// pollReader reads a blocking pipe, waiting for it with poll(2) together with a wake
// pipe, so Close can end a Read that waits for a writer that never writes or closes
// (a process that escaped the CLI's group holding its stdout). The descriptors are
// used only inside os.File's Control, which keeps Close from releasing them meanwhile.
type pollReader struct {
	f            *os.File
	wakeR, wakeW *os.File
}

func (p *pollReader) Read(b []byte) (int, error) {
	for {
		ready, err := p.wait()
		if err != nil {
			return 0, err
		}
		if ready {
			// Data or end of file is there: a blocking read returns at once.
			return p.f.Read(b)
		}
	}
}

// wait blocks until the pipe has data, is at end of file or fails (true), or a signal
// interrupted the wait (false, nil). After Close it returns os.ErrClosed.
func (p *pollReader) wait() (bool, error) {
	data, err := p.f.SyscallConn()
	if err != nil {
		return false, err
	}
	wakeConn, err := p.wakeR.SyscallConn()
	if err != nil {
		return false, err
	}
	var ready, closed bool
	var pollErr error
	ctlErr := wakeConn.Control(func(wfd uintptr) {
		ctlErr := data.Control(func(fd uintptr) {
			fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}, {Fd: int32(wfd), Events: unix.POLLIN}}
			_, pollErr = unix.Poll(fds, -1)
			ready, closed = fds[0].Revents != 0, fds[1].Revents != 0
		})
		if ctlErr != nil {
			pollErr = ctlErr
		}
	})
	switch {
	case ctlErr != nil:
		return false, ctlErr
	case closed:
		return false, os.ErrClosed
	case errors.Is(pollErr, unix.EINTR):
		return false, nil
	case pollErr != nil:
		return false, os.NewSyscallError("poll", pollErr)
	}
	return ready, nil
}

// Close wakes a waiting Read and closes both pipes; each descriptor is released once
// no Read uses it.
func (p *pollReader) Close() error {
	_, _ = p.wakeW.Write([]byte{0})
	err := p.f.Close()
	_, _ = p.wakeW.Close(), p.wakeR.Close()
	return err
}
