package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// proc is a running process found in /proc.
type proc struct {
	pid     int
	cmdline string
}

func (p proc) String() string { return fmt.Sprintf("%d %s", p.pid, p.cmdline) }

// procsWithEnv lists the live processes whose environment holds entry (e.g.
// "HOME=/tmp/…/home"): every rig has a HOME of its own, so this finds exactly the
// processes one test started — gclaude, claude and whatever the tools ran.
func procsWithEnv(entry string) []proc {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	want := []byte(entry)
	var out []proc
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join(d, "environ"))
		if err != nil { // gone, or a zombie: nothing left to stop
			continue
		}
		if !hasEntry(env, want) {
			continue
		}
		cmd, _ := os.ReadFile(filepath.Join(d, "cmdline"))
		out = append(out, proc{pid: pid, cmdline: strings.TrimSpace(string(bytes.ReplaceAll(cmd, []byte{0}, []byte{' '})))})
	}
	return out
}

func hasEntry(environ, entry []byte) bool {
	for _, kv := range bytes.Split(environ, []byte{0}) {
		if bytes.Equal(kv, entry) {
			return true
		}
	}
	return false
}

// hasProc reports whether one of ps runs the executable bin.
func hasProc(ps []proc, bin string) bool {
	for _, p := range ps {
		if p.cmdline == bin || strings.HasPrefix(p.cmdline, bin+" ") {
			return true
		}
	}
	return false
}

// waitNoProcs waits until no process holds entry in its environment and returns
// those still alive when timeout passes.
func waitNoProcs(entry string, timeout time.Duration) []proc {
	deadline := time.Now().Add(timeout)
	for {
		left := procsWithEnv(entry)
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(pollEvery)
	}
}

// killProcs ends processes this test started and left behind, by pid.
func killProcs(ps []proc) {
	for _, p := range ps {
		_ = syscall.Kill(p.pid, syscall.SIGKILL)
	}
}
