package cmd

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// The first stop signal cancels the context and sets the exit code; later ones are
// absorbed (the process is still here to run its clean-up).
func TestShutdownOnSignal(t *testing.T) {
	sd := OnSignal(context.Background())
	defer sd.Stop()
	if sd.Signal() != nil || sd.ExitCode(3) != 3 {
		t.Fatalf("before any signal: %v, exit %d", sd.Signal(), sd.ExitCode(3))
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	select {
	case <-sd.Context().Done():
	case <-time.After(30 * time.Second): // only a lost signal gets here
		t.Fatal("SIGHUP did not cancel the context")
	}
	if sd.Signal() != syscall.SIGHUP || sd.ExitCode(0) != 129 {
		t.Errorf("signal %v, exit code %d; want SIGHUP, 129", sd.Signal(), sd.ExitCode(0))
	}
	// A second signal must not kill the test process. The test waits until the runtime
	// has delivered it (to a channel of its own as well), or the deferred Stop could
	// run first and the signal's default action end the test binary.
	delivered := make(chan os.Signal, 1)
	signal.Notify(delivered, syscall.SIGTERM)
	defer signal.Stop(delivered)
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-delivered:
	case <-time.After(30 * time.Second): // only a lost signal gets here
		t.Fatal("SIGTERM was not delivered")
	}
	if sd.Signal() != syscall.SIGHUP {
		t.Errorf("the first signal is the one that counts, got %v", sd.Signal())
	}
}
