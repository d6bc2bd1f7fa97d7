// What tests do to the rig to make a session fail: claude gone or replaced, host keys
// forgotten or changed, the user key revoked, connections killed; and finding the
// processes of the remote side.
package sshrig

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// RemoveClaude takes claude off the remote PATH.
func (r *Rig) RemoveClaude(t testing.TB) {
	t.Helper()
	must(t, os.Remove(r.Claude))
}

// ReplaceClaude puts script (for sh) on the remote PATH as claude.
func (r *Rig) ReplaceClaude(t testing.TB, script string) {
	t.Helper()
	_ = os.Remove(r.Claude)
	must(t, os.WriteFile(r.Claude, []byte("#!/bin/sh\n"+script+"\n"), 0o755))
}

// ForgetHostKey empties the client's known_hosts: the host is new to it.
func (r *Rig) ForgetHostKey(t testing.TB) {
	t.Helper()
	must(t, os.WriteFile(filepath.Join(r.dir, "known_hosts"), nil, 0o600))
}

// ChangeHostKey makes the client's known_hosts name another key for the host, as
// after a reinstall, or a man in the middle.
func (r *Rig) ChangeHostKey(t testing.TB) {
	t.Helper()
	other := keygen(t, filepath.Join(r.dir, "other_host_ed25519"))
	must(t, os.WriteFile(filepath.Join(r.dir, "known_hosts"), fmt.Appendf(nil, "[127.0.0.1]:%d %s", r.Port, other), 0o600))
}

// RestoreHostKey puts the server's real key back in the client's known_hosts.
func (r *Rig) RestoreHostKey(t testing.TB) {
	t.Helper()
	pub, err := os.ReadFile(filepath.Join(r.dir, "host_ed25519.pub"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(r.dir, "known_hosts"), fmt.Appendf(nil, "[127.0.0.1]:%d %s", r.Port, pub), 0o600))
}

// RevokeUserKey removes the client's key from the server's authorized keys.
func (r *Rig) RevokeUserKey(t testing.TB) {
	t.Helper()
	must(t, os.WriteFile(filepath.Join(r.dir, "authorized_keys"), nil, 0o600))
}

// RemoteProcesses are the pids of live processes started on the remote side (their
// HOME is the rig's remote HOME): claude and whatever it runs.
func (r *Rig) RemoteProcesses() []int {
	want := "HOME=" + r.Home + "\x00"
	var pids []int
	for _, p := range processes() {
		env, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p.pid), "environ"))
		if err == nil && p.state != 'Z' && strings.Contains(string(env), want) {
			pids = append(pids, p.pid)
		}
	}
	return pids
}

// connections are the sshd processes serving this rig's connections: the listener's
// descendants that are sshd itself (not the commands they run).
func (r *Rig) connections() []int {
	children := map[int][]int{}
	exe := map[int]string{}
	for _, p := range processes() {
		children[p.ppid] = append(children[p.ppid], p.pid)
		exe[p.pid], _ = os.Readlink(filepath.Join("/proc", strconv.Itoa(p.pid), "exe"))
	}
	var out []int
	queue := append([]int(nil), children[r.sshd.Process.Pid]...)
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		if exe[pid] != SSHDPath {
			continue
		}
		out = append(out, pid)
		queue = append(queue, children[pid]...)
	}
	return out
}

type proc struct {
	pid, ppid int
	state     byte // 'R', 'S', 'Z', …
}

// processes lists the machine's processes from /proc/PID/stat.
func processes() []proc {
	var out []proc
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// "pid (comm) state ppid …"; comm may hold spaces and parentheses.
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(s[i+1:])
		if len(fields) < 2 || len(fields[0]) != 1 {
			continue
		}
		ppid, _ := strconv.Atoi(fields[1])
		out = append(out, proc{pid: pid, ppid: ppid, state: fields[0][0]})
	}
	return out
}

// KillConnections kills the server side of every connection (not the listener, nor
// the commands running on the remote side): the network dropping under the client.
// It returns how many processes it killed.
func (r *Rig) KillConnections() int {
	pids := r.connections()
	for _, pid := range pids {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	return len(pids)
}
