// Package procmem reads how much memory a process holds, for the workspace's session
// list (the RSS of each session's claude).
package procmem

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// ErrUnsupported is RSS's answer where /proc does not exist.
var ErrUnsupported = errors.New("process memory is read from /proc, which this system does not have")

// RSS is pid's resident set size in bytes (VmRSS in /proc/PID/status).
func RSS(pid int) (int64, error) {
	if runtime.GOOS != "linux" {
		return 0, ErrUnsupported
	}
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("VmRSS of %d: %w", pid, err)
		}
		return kb << 10, nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("process %d reports no VmRSS (a zombie?)", pid)
}
