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
	waitErr := s.cmd.Wait()
	close(s.exited)

	// Whatever the CLI left running in its group (tool commands, background tasks)
	// goes with it.
	signalGroup(s.cmd.Process.Pid, syscall.SIGKILL)
	s.guard.release()
	code, sig := exitStatus(s.cmd.ProcessState)
	s.w.stop(fmt.Errorf("%w (%s)", ErrExited, describeExit(code, sig)))

	// Read what the CLI wrote before it died. A process that escaped the group could
	// hold the pipes open forever, so after a grace period they are closed under it.
	drain := time.NewTimer(s.opts.stop.drain)
	select {
	case <-s.readersDone:
	case <-drain.C:
		_ = s.stdout.Close()
		_ = s.stderrPipe.Close()
		<-s.readersDone
	}
	drain.Stop()
	_ = s.stdout.Close()
	_ = s.stderrPipe.Close()

	// Only now, with all output read, can no answer arrive any more.
	s.calls.failAll(fmt.Errorf("%w before answering (%s)", ErrExited, describeExit(code, sig)))
	if s.initTimer != nil {
		s.initTimer.Stop()
	}
	<-s.w.done

	ev := Exited{Code: code, Signal: sig, GotResult: s.turn.resultSeen(), Stderr: s.stderr.snapshot()}
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
	case code != 0 || sig != "":
		ev.Err = fmt.Errorf("claude %s", describeExit(code, sig))
	case waitErr != nil:
		ev.Err = fmt.Errorf("claude: %w", waitErr)
	}
	s.events.finish(ev)
}

// stopForFault stops a CLI whose output gclaude cannot go on reading: SIGTERM to the
// group now, SIGKILL if it is still there after the usual grace. Exited says why.
// Close is not used: its interrupt would wait for an answer nobody reads.
func (s *CLI) stopForFault(err error) {
	s.fault.CompareAndSwap(nil, &err)
	signalGroup(s.cmd.Process.Pid, syscall.SIGTERM)
	go func() {
		if !s.waitExit(s.opts.stop.term) {
			signalGroup(s.cmd.Process.Pid, syscall.SIGKILL)
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
			signalGroup(s.cmd.Process.Pid, syscall.SIGTERM)
			if !s.waitExit(s.opts.stop.term) {
				signalGroup(s.cmd.Process.Pid, syscall.SIGKILL)
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

// closeWhenDone ties the session's life to ctx.
func (s *CLI) closeWhenDone(ctx context.Context) {
	select {
	case <-ctx.Done():
		_ = s.Close()
	case <-s.closing:
	case <-s.finished:
	}
}
