package process

// End-to-end tests of sessions on another machine: the real claude CLI started through
// the system ssh against internal/sshrig's OpenSSH server on 127.0.0.1, talking to the
// scripted fake API from its own remote settings.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/sshrig"
	"github.com/gclaude/gclaude/protocol"
)

// startRemote runs the real CLI on the rig's host and waits for Ready.
func startRemote(t *testing.T, opts sshrig.Options) (*harness, *sshrig.Rig) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: runs the real CLI over ssh")
	}
	r := sshrig.New(t, opts)
	h := startSession(t, Options{
		Host: r.Host, Dir: r.Dir,
		SSH:  SSHSettings{Config: r.ConfigFile, ControlDir: r.ControlDir},
		stop: patientStop,
	}, func() string { return "sshd log:\n" + r.Log() })
	ready := expect[Ready](h)
	if ready.Init.ClaudeCodeVersion == "" || len(ready.Init.Models) == 0 {
		t.Fatalf("initialize response = %+v", ready.Init)
	}
	return h, r
}

// A turn streams from a claude on another host; the session's files can be read over
// the same connection; closing the session (stdin's EOF through ssh) ends the remote
// claude, and nothing of it is left running.
func TestE2ERemoteTurnStreamsAndCloseEndsRemoteClaude(t *testing.T) {
	h, r := startRemote(t, sshrig.Options{Files: map[string]string{"notes/a b.txt": "remote 'notes' $HOME\n"}})
	if pids := r.RemoteProcesses(); len(pids) == 0 {
		t.Fatal("no remote process while the session runs")
	}
	h.streamsHello()

	host, err := NewSSHHost(r.Host, SSHSettings{Config: r.ConfigFile, ControlDir: r.ControlDir})
	if err != nil {
		t.Fatal(err)
	}
	got, err := host.ReadHead(ctxT(t), r.Dir+"/notes/a b.txt", 1<<20)
	if err != nil || string(got.Data) != "remote 'notes' $HOME\n" {
		t.Errorf("ReadHead = %q, %v", got.Data, err)
	}
	tricky := "it's $HOME `id`\nline two"
	out, err := host.Run(ctxT(t), r.Dir+"/notes", "sh", "-c", `printf '%s|%s' "$PWD" "$1"`, "sh", tricky)
	if want := r.Dir + "/notes|" + tricky; err != nil || string(out) != want {
		t.Errorf("Run = %q, %v; want %q", out, err, want)
	}
	if n := r.Logins(); n != 1 {
		t.Errorf("sshd accepted %d logins, want 1: the session, ReadHead and Run share one connection", n)
	}

	if err := h.s.Close(); err != nil {
		t.Fatal(err)
	}
	// patientStop waits for the exit after stdin's EOF for as long as it takes: code 0
	// means claude ended on EOF, not on a signal.
	if x := h.exited(); x.Code != 0 || x.Signal != "" || x.Err != nil || x.Disconnected {
		t.Errorf("Exited = %+v, want a clean exit", x)
	}
	eventually(t, "no remote process left", func() bool { return len(r.RemoteProcesses()) == 0 })
}

// Killing the connection under a turn ends the session with Exited.Disconnected (and
// an SSHError saying the connection was lost), which the UI tells apart from claude
// failing; the remote claude does not stay behind.
func TestE2ERemoteKilledConnectionIsDisconnected(t *testing.T) {
	h, r := startRemote(t, sshrig.Options{API: fakeapi.Config{Scenarios: []fakeapi.Scenario{longScenario()}}})
	h.send("Go on. SCENARIO:" + scenarioLong)
	expectMessage(h, func(se *protocol.StreamEvent) bool { return se.Event.Delta != nil && se.Event.Delta.Text != "" })
	if n := r.KillConnections(); n == 0 {
		t.Fatal("no connection to kill")
	}
	x := h.exited()
	var se *SSHError
	if !x.Disconnected || !errors.As(x.Err, &se) || se.Kind != SSHDisconnected {
		t.Fatalf("Exited = %+v, want Disconnected with an SSHDisconnected error", x)
	}
	if !strings.Contains(se.Error(), "connection to "+r.Host+" was lost") {
		t.Errorf("error = %q", se.Error())
	}
	// Without a terminal, nothing stops the remote claude when the connection drops:
	// its pid lets the reconnect stop it before resuming.
	if x.RemotePID == 0 || !slices.Contains(r.RemoteProcesses(), x.RemotePID) {
		t.Fatalf("RemotePID = %d, remote processes %v", x.RemotePID, r.RemoteProcesses())
	}
	host, err := NewSSHHost(r.Host, SSHSettings{Config: r.ConfigFile, ControlDir: r.ControlDir})
	if err != nil {
		t.Fatal(err)
	}
	if err := host.Kill(ctxT(t), x.RemotePID); err != nil {
		t.Fatalf("Kill: %v", err)
	}
	eventually(t, "the remote claude gone", func() bool { return len(r.RemoteProcesses()) == 0 })
	if err := host.Kill(ctxT(t), x.RemotePID); err != nil {
		t.Errorf("Kill of a process already gone: %v", err)
	}
}

// No claude on the remote PATH: the session says to install it there.
func TestE2ERemoteWithoutClaude(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	r := sshrig.New(t, sshrig.Options{})
	r.RemoveClaude(t)
	h := startSession(t, Options{
		Host: r.Host, Dir: r.Dir, SSH: SSHSettings{Config: r.ConfigFile, ControlDir: r.ControlDir},
	}, nil)
	x := h.exited()
	var se *SSHError
	if !errors.As(x.Err, &se) || se.Kind != SSHNoClaude || !strings.Contains(se.Error(), InstallHint) {
		t.Fatalf("Exited = %+v, want an SSHNoClaude error with the install hint", x)
	}
	if x.Disconnected {
		t.Error("Disconnected set for a session that never started")
	}
}

// The real OpenSSH client's failures are told apart, in words a user can act on, and
// host keys are never accepted on the user's behalf.
func TestE2ERemoteSSHFailureWords(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: runs ssh")
	}
	r := sshrig.New(t, sshrig.Options{})
	reach := func(t *testing.T, spec string) error {
		t.Helper()
		dir, err := os.MkdirTemp("", "cm") // a fresh ControlPath: no connection to reuse
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.RemoveAll(dir) })
		h, err := NewSSHHost(spec, SSHSettings{Config: r.ConfigFile, ControlDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		err = h.Reachable(ctxT(t))
		_ = exec.Command("ssh", "-o", "ControlPath="+dir+"/%C", "-O", "exit", "-p", strconv.Itoa(r.Port), "127.0.0.1").Run()
		return err
	}
	kind := func(t *testing.T, err error, want SSHFailure, words string) {
		t.Helper()
		var se *SSHError
		if !errors.As(err, &se) || se.Kind != want || !strings.Contains(se.Error(), words) {
			t.Errorf("error = %v, want kind %d saying %q", err, want, words)
		}
	}
	if err := reach(t, r.Host); err != nil {
		t.Fatalf("the rig's host: %v\n%s", err, r.Log())
	}
	t.Run("unknown host", func(t *testing.T) {
		kind(t, reach(t, "gclaude-no-such-host.invalid"), SSHUnknownHost, "unknown host gclaude-no-such-host.invalid")
	})
	t.Run("refused", func(t *testing.T) {
		kind(t, reach(t, r.User+"@127.0.0.1:1"), SSHRefused, "refused the connection")
	})
	t.Run("host key unknown", func(t *testing.T) {
		r.ForgetHostKey(t)
		kind(t, reach(t, r.Host), SSHHostKeyUnknown, "is not known: verify its fingerprint")
	})
	t.Run("host key changed", func(t *testing.T) {
		r.ChangeHostKey(t)
		kind(t, reach(t, r.Host), SSHHostKeyChanged, "has CHANGED")
	})
	t.Run("auth refused", func(t *testing.T) {
		r.RestoreHostKey(t) // only the user key is wrong here
		r.RevokeUserKey(t)
		kind(t, reach(t, r.Host), SSHAuthRefused, "refused the login")
	})
}

// remoteHostEnv makes the test binary a stand-in for gclaude holding one session on
// the host it names (with the ssh config and control folder in the next variables).
const remoteHostEnv = "GO_WANT_REMOTE_SESSION_HOST"

// runRemoteHost starts a session on the host, prints "ready" once claude answered
// initialize, then waits to be killed.
func runRemoteHost() int {
	s, err := Start(context.Background(), Options{
		Host: os.Getenv(remoteHostEnv), Dir: os.Getenv(remoteHostEnv + "_DIR"),
		SSH: SSHSettings{Config: os.Getenv(remoteHostEnv + "_CONFIG"), ControlDir: os.Getenv(remoteHostEnv + "_CONTROL")},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "host:", err)
		return 2
	}
	for ev := range s.Events() {
		switch e := ev.(type) {
		case Ready:
			fmt.Println("ready")
		case Exited:
			fmt.Fprintf(os.Stderr, "host: claude exited: %+v\n", e)
			return 3
		}
	}
	return 0
}

// kill -9 of gclaude ends its ssh (Pdeathsig; its stdin's EOF would too), and with it
// the remote claude, which sees the end of the channel as its stdin's EOF.
func TestE2ERemoteClaudeEndsWhenGclaudeIsKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	r := sshrig.New(t, sshrig.Options{})
	host, line := startStandIn(t, append(os.Environ(), remoteHostEnv+"="+r.Host, remoteHostEnv+"_DIR="+r.Dir,
		remoteHostEnv+"_CONFIG="+r.ConfigFile, remoteHostEnv+"_CONTROL="+r.ControlDir))
	if line != "ready" {
		t.Fatalf("host said %q", line)
	}
	if len(r.RemoteProcesses()) == 0 {
		t.Fatal("no remote claude while the session runs")
	}
	if err := host.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the remote claude gone after kill -9 of gclaude", func() bool { return len(r.RemoteProcesses()) == 0 })
}

// Sessions started at once on one host all run: an ssh that loses the race to become
// the connection's master goes on with a connection of its own. What comes after
// reuses a master.
func TestE2ERemoteSessionsStartedAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	r := sshrig.New(t, sshrig.Options{})
	settings := SSHSettings{Config: r.ConfigFile, ControlDir: r.ControlDir}
	var hs []*harness
	for range 3 {
		hs = append(hs, startSession(t, Options{Host: r.Host, Dir: r.Dir, SSH: settings}, func() string { return r.Log() }))
	}
	for _, h := range hs {
		expect[Ready](h)
		h.streamsHello()
	}
	logins := r.Logins()
	t.Logf("%d logins for 3 sessions started at once", logins)
	host, err := NewSSHHost(r.Host, settings)
	if err != nil {
		t.Fatal(err)
	}
	if err := host.Reachable(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	if n := r.Logins(); n != logins {
		t.Errorf("a command after the sessions logged in again (%d logins, then %d)", logins, n)
	}
}
