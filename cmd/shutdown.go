package cmd

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// stopSignals end gclaude. SIGINT only arrives from outside (kill -INT): in the raw-mode
// terminal ctrl+c is a key the UI handles.
var stopSignals = []os.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT}

// Shutdown is gclaude's one way out on a signal. The first stop signal cancels the
// context that every part of the program runs under: Bubble Tea's event loop returns
// and restores the terminal (its own signal handler is off, see runProgram), and the
// claude sessions close. Later signals are absorbed, so that the clean-up is not cut
// short; claude cannot outlive gclaude anyway (see process.Start).
type Shutdown struct {
	ctx    context.Context
	cancel context.CancelFunc
	stop   chan struct{}
	done   chan struct{}

	mu  sync.Mutex
	sig os.Signal
}

// OnSignal starts listening for the stop signals; call Stop when the program is done.
func OnSignal(parent context.Context) *Shutdown {
	ctx, cancel := context.WithCancel(parent)
	s := &Shutdown{ctx: ctx, cancel: cancel, stop: make(chan struct{}), done: make(chan struct{})}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	go func() {
		defer close(s.done)
		defer signal.Stop(ch) // after Stop returns, no signal is delivered to ch
		select {
		case sig := <-ch:
			s.mu.Lock()
			s.sig = sig
			s.mu.Unlock()
			cancel()
			<-s.stop // keep absorbing: the first signal is already being acted on
		case <-s.stop:
		}
	}()
	return s
}

// Context is cancelled by the first stop signal.
func (s *Shutdown) Context() context.Context { return s.ctx }

// Signal is the stop signal received, or nil.
func (s *Shutdown) Signal() os.Signal {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sig
}

// Stop stops listening. Signals from now on have their default effect.
func (s *Shutdown) Stop() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	<-s.done
	s.cancel()
}

// ExitCode is the shell's convention for a program ended by a signal (128+n), or code
// when no stop signal came.
func (s *Shutdown) ExitCode(code int) int {
	if sig, ok := s.Signal().(syscall.Signal); ok {
		return 128 + int(sig)
	}
	return code
}
