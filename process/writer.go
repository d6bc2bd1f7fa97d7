package process

import (
	"fmt"
	"io"
	"sync"
)

// writer is the one goroutine that writes the CLI's stdin, so lines never interleave.
// Enqueueing never blocks; each line's outcome is reported on its own channel.
type writer struct {
	w io.WriteCloser

	mu      sync.Mutex
	cond    *sync.Cond
	queue   []writeReq
	closing bool  // close stdin once the queue is written
	err     error // set once the writer stops: every later line fails with it

	closeOnce sync.Once
	done      chan struct{}

	// written, if set, sees each line once it is written (Options.Trace). Set before
	// run starts.
	written func(line []byte)
}

type writeReq struct {
	line   []byte
	result chan error // cap 1
}

func newWriter(w io.WriteCloser) *writer {
	wr := &writer{w: w, done: make(chan struct{})}
	wr.cond = sync.NewCond(&wr.mu)
	return wr
}

// send queues line and returns a channel that receives the write's outcome.
func (w *writer) send(line []byte) <-chan error {
	result := make(chan error, 1)
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case w.err != nil:
		result <- w.err
	case w.closing:
		result <- ErrClosed
	default:
		w.queue = append(w.queue, writeReq{line, result})
		w.cond.Signal()
	}
	return result
}

// closeInput closes stdin after the lines already queued; later lines fail.
func (w *writer) closeInput() {
	w.mu.Lock()
	w.closing = true
	w.cond.Signal()
	w.mu.Unlock()
}

// stop fails every queued and later line with err and closes stdin now, which also
// unblocks a write stuck on a full pipe.
func (w *writer) stop(err error) {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.cond.Signal()
	w.mu.Unlock()
	w.closeFile()
}

func (w *writer) closeFile() { w.closeOnce.Do(func() { _ = w.w.Close() }) }

func (w *writer) run() {
	defer close(w.done)
	defer w.closeFile()
	for {
		w.mu.Lock()
		for len(w.queue) == 0 && !w.closing && w.err == nil {
			w.cond.Wait()
		}
		if w.err != nil {
			for _, r := range w.queue {
				r.result <- w.err
			}
			w.queue = nil
			w.mu.Unlock()
			return
		}
		if len(w.queue) == 0 { // closing, and everything is written
			w.err = ErrClosed
			w.mu.Unlock()
			return
		}
		req := w.queue[0]
		w.queue = w.queue[1:]
		w.mu.Unlock()

		if _, err := w.w.Write(req.line); err != nil {
			w.mu.Lock()
			stopped := w.err
			w.mu.Unlock()
			if stopped != nil {
				err = stopped // the pipe was closed under us because the CLI exited
			} else {
				err = fmt.Errorf("process: writing to claude: %w", err)
			}
			req.result <- err
			continue
		}
		if w.written != nil {
			w.written(req.line)
		}
		req.result <- nil
	}
}
