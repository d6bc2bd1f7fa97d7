package cmd

import (
	"os"
	"runtime"
)

// TuneRuntime runs gclaude's Go code on one processor unless $GOMAXPROCS says
// otherwise. A terminal UI does its work on one goroutine at a time (read a batch,
// update, draw), so a second processor buys it nothing but the scheduler's spinning:
// every wake-up of an idle processor to look for work costs CPU, and a streamed answer
// wakes goroutines hundreds of times a second. Measured with `make bench-live`
// (docs/PERFORMANCE.md), one processor cut gclaude's CPU per turn by about a fifth
// with the same wall time.
func TuneRuntime() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}
}
