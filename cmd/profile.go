package cmd

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// StartCPUProfile writes a CPU profile of the whole run to $GCLAUDE_CPUPROFILE when it
// is set (for `make bench-live PROFILE=…` and performance work); the returned func ends it.
// A profile that cannot be started is reported and the program runs on without it.
func StartCPUProfile() (stop func()) {
	path := os.Getenv("GCLAUDE_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gclaude: cpu profile:", err)
		if f != nil {
			_ = f.Close()
		}
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		_ = f.Close()
	}
}
