// Package procstat reads what the session list shows about a claude process: its
// resident memory, the figure that grows when idle sessions pile up.
package procstat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ErrGone means no process has that id (any more).
var ErrGone = errors.New("no such process")

// parseVmRSS finds the VmRSS line of a /proc/PID/status file and returns it in bytes.
// A process without one (a zombie, a kernel thread) has no resident memory to report.
func parseVmRSS(r io.Reader) (int64, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) != 2 || fields[1] != "kB" {
			return 0, fmt.Errorf("unexpected VmRSS line %q", sc.Text())
		}
		kb, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil || kb < 0 {
			return 0, fmt.Errorf("unexpected VmRSS line %q", sc.Text())
		}
		return kb * 1024, nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, errors.New("no VmRSS (the process has exited or is a kernel thread)")
}
