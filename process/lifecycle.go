package process

import (
	"context"
	"fmt"
	"syscall"
	"time"
)

// supervise waits for the process, cleans up after it, and queues Exited last.
func (s *CLI) supervise() {
	defer close(s.finished)
	px := s.proc.wait()
	close(s.exited)
	code, sig := px.code, px.sig
	s.w.stop(s.stopReason(px))

	// Read what the CLI wrote before it died. A process that escaped the group could
	// hold the pipes open forever, so after a grace period they are closed under it.
	drain := time.NewTimer(s.opts.stop.drain)
	select {
	case <-s.readersDone:
	case <-drain.C:
		s.closeOutputs()
		<-s.readersDone
	}
	drain.Stop()
	s.closeOutputs()

	// Only now, with all output read, can no answer arrive any more.
	s.calls.failAll(s.unanswered(px))
	if s.initTimer != nil {
		s.initTimer.Stop()
	}
	<-s.w.done

	ev := Exited{Code: code, Signal: sig, GotResult: s.turn.resultSeen() || px.gotResult, Stderr: s.stderr.snapshot()}
	if px.stderr != nil {
		ev.Stderr = px.stderr
	}
	if px.stopped != nil {
		s.fault.CompareAndSwap(nil, &px.stopped)
	}
	var remote *SSHError
	if s.host != nil && sig == "" {
		remote = classifySSHExit(s.host.Spec, s.opts.Dir, s.host.claude, code, ev.Stderr, s.answered.Load())
	}
	switch {
	case s.fault.Load() != nil:
		ev.Stopped = *s.fault.Load()
		ev.Err = ev.Stopped
	case remote != nil:
		ev.Err = remote
		ev.Disconnected = remote.Kind == SSHDisconnected
		ev.RemotePID = int(s.remotePID.Load())
	case px.detached:
		ev.Detached = true
	case px.lost != nil:
		ev.Err = px.lost
	case code != 0 || sig != "":
		ev.Err = fmt.Errorf("claude %s", describeExit(code, sig))
	case px.err != nil:
		ev.Err = fmt.Errorf("claude: %w", px.err)
	}
	s.events.finish(ev)
}

func (s *CLI) closeOutputs() {
	for _, c := range s.outputs {
		_ = c.Close()
	}
}

// stopReason is what writing to stdin fails with once wait has returned.
func (s *CLI) stopReason(px procExit) error {
	switch {
	case px.detached:
		return ErrDetached
	case px.lost != nil:
		return px.lost
	}
	return fmt.Errorf("%w (%s)", ErrExited, describeExit(px.code, px.sig))
}

// unanswered is what a request still waiting for its answer fails with.
func (s *CLI) unanswered(px procExit) error {
	switch {
	case px.detached:
		return ErrDetached
	case px.lost != nil:
		return px.lost
	}
	return fmt.Errorf("%w before answering (%s)", ErrExited, describeExit(px.code, px.sig))
}

// stopForFault stops a CLI whose output gclaude cannot go on reading: SIGTERM to the
// group now, SIGKILL if it is still there after the usual grace. Exited says why.
// Close is not used: its interrupt would wait for an answer nobody reads.
func (s *CLI) stopForFault(err error) {
	s.fault.CompareAndSwap(nil, &err)
	s.proc.signal(syscall.SIGTERM)
	go func() {
		if !s.waitExit(s.opts.stop.term) {
			s.proc.signal(syscall.SIGKILL)
		}
	}()
}

func describeExit(code int, sig string) string {
	if sig != "" {
		return "was killed by " + sig
	}
	return fmt.Sprintf("exited with code %d", code)
}

// Close stops the CLI and waits until it is gone: if a turn is running it sends
// interrupt (so the turn ends now rather than running to completion), closes stdin,
// waits, then sends SIGTERM and finally SIGKILL to the whole process group. Exited is
// queued before Close returns. Close is idempotent and safe to call concurrently.
func (s *CLI) Close() error {
	s.closeOnce.Do(func() { s.closeErr = s.shutdown() })
	return s.closeErr
}

func (s *CLI) shutdown() error {
	close(s.closing)
	if !s.hasExited() {
		if s.turn.isRunning() {
			ctx, cancel := context.WithTimeout(context.Background(), s.opts.stop.interrupt)
			_ = s.Interrupt(ctx) // best effort: the signals below follow regardless
			cancel()
		}
		s.w.closeInput()
		if !s.waitExit(s.opts.stop.stdin) {
			s.proc.signal(syscall.SIGTERM)
			if !s.waitExit(s.opts.stop.term) {
				s.proc.signal(syscall.SIGKILL)
				if s.link != nil && !s.waitExit(s.opts.stop.term) {
					s.link.hangUp() // a server that does not answer: give up on it
				}
			}
		}
	}
	<-s.finished
	s.events.stop()
	return nil
}

func (s *CLI) hasExited() bool {
	select {
	case <-s.exited:
		return true
	default:
		return false
	}
}

func (s *CLI) waitExit(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-s.exited:
		return true
	case <-t.C:
		return false
	}
}

// closeWhenDone ties the session's life to ctx: a claude of gclaude's own is closed, one
// under the session server left running.
func (s *CLI) closeWhenDone(ctx context.Context) {
	select {
	case <-ctx.Done():
		if s.link != nil {
			_ = s.Detach() // the program ends; claude runs on under the server
		} else {
			_ = s.Close()
		}
	case <-s.closing:
	case <-s.finished:
	}
}
