package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/sshrig"
)

// -host: the session measured runs its claude on another "machine", the tests' ssh rig
// (internal/sshrig: an OpenSSH server on 127.0.0.1 whose remote HOME points the pinned
// CLI at a fake API serving the same answers). gclaude starts with a local session,
// opens the remote one with /open --host and streams every turn through ssh.

// remoteSession is the rig and what the benchmark measures of it.
type remoteSession struct {
	rig *sshrig.Rig
	tb  *benchTB
}

// startRemote starts the rig with the benchmark's scenarios.
func startRemote(scenarios []fakeapi.Scenario) (s *remoteSession, err error) {
	tb := &benchTB{}
	defer func() {
		if f, ok := recover().(benchFailure); ok {
			tb.close()
			s, err = nil, fmt.Errorf("-host: %s", f)
		}
	}()
	rig := sshrig.New(tb, sshrig.Options{API: fakeapi.Config{Scenarios: scenarios}})
	return &remoteSession{rig: rig, tb: tb}, nil
}

func (s *remoteSession) close() { s.tb.close() }

// env is what gclaude needs to reach the rig: its ssh client config.
func (s *remoteSession) env() []string { return []string{"GCLAUDE_SSH_CONFIG=" + s.rig.ConfigFile} }

// open opens the remote session in front and returns its claude's pid (under sshd).
func (s *remoteSession) open(tm *term) (int, error) {
	if err := tm.typeText("/open --host " + s.rig.Host + " " + s.rig.Dir); err != nil {
		return 0, err
	}
	if err := tm.keys("Enter"); err != nil {
		return 0, err
	}
	if err := tm.waitFor("the remote session to start", 60*time.Second, func(scr string) bool {
		return strings.Contains(scr, "cwd: "+s.rig.Dir) && !strings.Contains(scr, textStarting)
	}); err != nil {
		return 0, err
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if pid, ok := s.claudePID(); ok {
			return pid, nil
		}
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("no claude process on the rig's side")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// claudePID is the top claude process of the rig's side: a "claude" whose parent is not.
func (s *remoteSession) claudePID() (int, bool) {
	isClaude := map[int]bool{}
	parent := map[int]int{}
	for _, pid := range s.rig.RemoteProcesses() {
		if _, ppid, comm, err := procStat(pid); err == nil {
			isClaude[pid] = strings.Contains(comm, "claude")
			parent[pid] = ppid
		}
	}
	for pid, ok := range isClaude {
		if ok && !isClaude[parent[pid]] {
			return pid, true
		}
	}
	return 0, false
}

// sshCPU is the CPU of every ssh client gclaude started: the session's (a mux client
// that hands its pipes to the master) and the connection's master, which runs
// detached and carries the stream. Both are found by the benchmark's folder base: in
// the client's environment (HOME), in the master's title (its ControlPath; the title
// overwrites its environment).
func sshCPU(base string) time.Duration {
	var total time.Duration
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cpu, _, comm, err := procStat(pid)
		if err != nil || comm != "ssh" {
			continue
		}
		env, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		cmdline, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if strings.Contains(string(env), "HOME="+base+"/") || strings.Contains(string(cmdline), base+"/") {
			total += cpu
		}
	}
	return total
}

// benchFailure is a rig failure, raised by benchTB.Fatalf and recovered by startRemote.
type benchFailure string

// benchTB lets this command use the tests' rig: a failure panics with benchFailure, a
// skip (a missing sshd or CLI) is a failure too, cleanups run at close. Methods the rig
// does not call are left to the nil testing.TB (they would panic).
type benchTB struct {
	testing.TB
	cleanups []func()
}

func (b *benchTB) Helper()          {}
func (b *benchTB) Cleanup(f func()) { b.cleanups = append(b.cleanups, f) }
func (b *benchTB) Fatalf(format string, args ...any) {
	panic(benchFailure(fmt.Sprintf(format, args...)))
}
func (b *benchTB) Fatal(args ...any) { panic(benchFailure(fmt.Sprint(args...))) }
func (b *benchTB) Skip(args ...any)  { panic(benchFailure(fmt.Sprint(args...))) }
func (b *benchTB) Skipf(format string, args ...any) {
	panic(benchFailure(fmt.Sprintf(format, args...)))
}
func (b *benchTB) Logf(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) }
func (b *benchTB) Log(args ...any)                 { fmt.Fprintln(os.Stderr, args...) }

// close runs the cleanups, last registered first, as testing does.
func (b *benchTB) close() {
	for i := len(b.cleanups) - 1; i >= 0; i-- {
		b.cleanups[i]()
	}
	b.cleanups = nil
}
