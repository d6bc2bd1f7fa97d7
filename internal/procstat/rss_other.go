//go:build !linux

package procstat

import (
	"fmt"
	"runtime"
)

// RSS is only read on Linux (from /proc); elsewhere it says so.
func RSS(pid int) (int64, error) {
	return 0, fmt.Errorf("process %d: resident memory is only read on Linux, not on %s", pid, runtime.GOOS)
}
