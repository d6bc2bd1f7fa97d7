package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gclaude/gclaude/internal/procmem"
)

// clockTicks is USER_HZ, the unit of utime and stime in /proc/PID/stat (fixed by the
// kernel ABI at 100).
const clockTicks = 100

// cpu is pid's utime + stime so far (0 when it cannot be read).
func cpu(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / clockTicks
}

func rss(pid int) int64 {
	n, _ := procmem.RSS(pid)
	return n
}
