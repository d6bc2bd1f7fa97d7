package sessionserver

import (
	"bufio"
	"context"
	"errors"
	"log"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
)

func helloOf(t *testing.T, c *sessionwire.Client) sessionwire.Hello {
	t.Helper()
	conn, h, err := c.Dial()
	if err != nil {
		t.Fatal(err)
	}
	conn.Close()
	return h
}

// Two screens starting at once get one server.
func TestEnsureStartsOneServerForTwoScreens(t *testing.T) {
	paths := testPaths(t)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		c := serverClient(t, paths, "v1")
		wg.Add(1)
		go func() { defer wg.Done(); _, errs[i] = c.Ensure() }()
	}
	wg.Wait()
	if errs[0] != nil || errs[1] != nil {
		t.Fatalf("Ensure: %v / %v", errs[0], errs[1])
	}
	h := helloOf(t, serverClient(t, paths, "v1"))
	reg, ok := sessionwire.ReadRegistry(paths.Registry)
	if !ok || reg.PID != h.PID || h.Build != "v1" {
		t.Fatalf("registry %+v, hello %+v", reg, h)
	}
	if fi, err := os.Stat(paths.Socket); err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Fatalf("socket %v, %v: want it private", fi, err)
	}
}

// A server of another build is replaced when it runs nothing, and used as it is while
// it runs sessions (same protocol).
func TestEnsureReplacesOnlyAnIdleServer(t *testing.T) {
	paths := testPaths(t)
	old := serverClient(t, paths, "old")
	if _, err := old.Ensure(); err != nil {
		t.Fatal(err)
	}
	oldPID := helloOf(t, old).PID
	cur := serverClient(t, paths, "new")
	if _, err := cur.Ensure(); err != nil {
		t.Fatal(err)
	}
	h := helloOf(t, cur)
	if h.Build != "new" || h.PID == oldPID {
		t.Fatalf("after Ensure: %+v (the old server was pid %d)", h, oldPID)
	}

	// A session under "new", then a gclaude of build "newer": it keeps the busy server.
	dir := t.TempDir()
	exe, _ := os.Executable()
	cli, err := process.Start(context.Background(), process.Options{Bin: exe, Dir: dir, Env: append(os.Environ(), fakeEnv+"="+dir), Server: cur})
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	newer := serverClient(t, paths, "newer")
	if _, err := newer.Ensure(); err != nil {
		t.Fatal(err)
	}
	if h2 := helloOf(t, newer); h2.PID != h.PID || h2.Sessions != 1 {
		t.Fatalf("a busy server was replaced: %+v", h2)
	}
}

// A server speaking another protocol and running sessions is refused, with what to do.
func TestEnsureRefusesABusyServerOfAnotherProtocol(t *testing.T) {
	paths := testPaths(t)
	ln, err := net.Listen("unix", paths.Socket)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conn := sessionwire.NewConn(c)
			var h sessionwire.Hello
			_ = conn.ReadJSON(sessionwire.FrameHello, &h)
			_ = conn.WriteJSON(sessionwire.FrameHello, sessionwire.Hello{Protocol: sessionwire.Protocol + 1, Build: "future", Sessions: 2})
			c.Close()
		}
	}()
	_, err = serverClient(t, paths, "v1").Ensure()
	var ve *sessionwire.VersionError
	if !errors.As(err, &ve) || ve.Server.Build != "future" {
		t.Fatalf("Ensure = %v, want a *VersionError", err)
	}
}

// The server killed: its claude go with it, the screen is told, and the next Ensure
// names the sessions that were lost and starts a new server.
func TestServerKilledIsReported(t *testing.T) {
	paths := testPaths(t)
	c := serverClient(t, paths, "v1")
	if _, err := c.Ensure(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	exe, _ := os.Executable()
	cli, err := process.Start(context.Background(), process.Options{Bin: exe, Dir: dir, Env: append(os.Environ(), fakeEnv+"="+dir),
		Server: c, ServerMeta: map[string]string{sessionwire.MetaName: "doomed"}})
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	sc := &screen{t: t, cli: cli}
	expect[process.Ready](sc)
	claudePID := cli.PID()
	eventually(t, "the registry to list the session", func() bool {
		reg, _ := sessionwire.ReadRegistry(paths.Registry)
		return len(reg.Sessions) == 1
	})
	srvPID := helloOf(t, c).PID
	if err := syscall.Kill(srvPID, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	x := expect[process.Exited](sc)
	if !errors.Is(x.Err, process.ErrServerLost) {
		t.Fatalf("Exited = %+v, want ErrServerLost", x)
	}
	eventually(t, "claude to end with the server", func() bool { return syscall.Kill(claudePID, 0) != nil })
	lost, err := c.Ensure()
	if err != nil {
		t.Fatal(err)
	}
	if len(lost) != 1 || lost[0].Name != "doomed" {
		t.Fatalf("lost = %+v", lost)
	}
	if h := helloOf(t, c); h.PID == srvPID || h.Sessions != 0 {
		t.Fatalf("after Ensure: %+v", h)
	}
}

// A deleted socket file: the next screen wakes the server, which listens again; the
// session it runs is still there.
func TestDeletedSocketIsMadeAgain(t *testing.T) {
	paths := testPaths(t)
	c := serverClient(t, paths, "v1")
	if _, err := c.Ensure(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	exe, _ := os.Executable()
	cli, err := process.Start(context.Background(), process.Options{Bin: exe, Dir: dir, Env: append(os.Environ(), fakeEnv+"="+dir), Server: c})
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	h := helloOf(t, c)
	if err := os.Remove(paths.Socket); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Ensure(); err != nil {
		t.Fatal(err)
	}
	if h2 := helloOf(t, c); h2.PID != h.PID || h2.Sessions != 1 {
		t.Fatalf("after the socket was deleted: %+v, want the same server (%d) with its session", h2, h.PID)
	}
}

// Only this user may connect.
func TestAnotherUserIsRefused(t *testing.T) {
	r := newRig(t, func(c *Config) { c.uid = os.Getuid() + 1 })
	if _, _, err := r.client.Dial(); err == nil {
		t.Fatal("a peer of another uid got a hello")
	}
}

// A server exits when idle; a screen starting claude then starts the next one.
func TestStartAfterTheServerWentIdle(t *testing.T) {
	paths := testPaths(t)
	c := serverClient(t, paths, "v1")
	if _, err := c.Ensure(); err != nil {
		t.Fatal(err)
	}
	first := helloOf(t, c).PID
	eventually(t, "the idle server to exit", func() bool { _, err := os.Stat(paths.Socket); return errors.Is(err, os.ErrNotExist) })
	dir := t.TempDir()
	exe, _ := os.Executable()
	cli, err := process.Start(context.Background(), process.Options{Bin: exe, Dir: dir, Env: append(os.Environ(), fakeEnv+"="+dir), Server: c})
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	if h := helloOf(t, c); h.PID == first || h.Sessions != 1 {
		t.Fatalf("after the idle exit: %+v (the first server was %d)", h, first)
	}
}

// A server whose folder was removed (a cleaner of the runtime folder, a test's) exits
// once idle instead of waiting forever for a lock it cannot take.
func TestServerExitsWhenItsFolderIsGone(t *testing.T) {
	paths := testPaths(t)
	srv, err := Listen(Config{Paths: paths, Build: "test", IdleGrace: 10 * time.Millisecond, Log: log.New(testLog{t}, "server: ", 0)})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(context.Background()) }()
	if err := os.RemoveAll(filepath.Dir(paths.Socket)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(patience):
		t.Fatal("the server did not exit")
	}
}

// A socket another user listens on is never talked to, and the error says whose it is.
func TestSocketOfAnotherUserIsRefused(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to listen as another user")
	}
	dir, err := os.MkdirTemp("", "fs")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "s.sock")
	exe := filepath.Join(dir, "listener") // the test binary, where that user may run it
	self, _ := os.Executable()
	if b, err := os.ReadFile(self); err != nil || os.WriteFile(exe, b, 0o755) != nil {
		t.Skip("cannot copy the test binary")
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), foreignEnv+"="+sock)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot run as uid 65534: %v", err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	if line, _ := bufio.NewReader(out).ReadString('\n'); line != "LISTENING\n" {
		t.Skipf("the listener as uid 65534 said %q", line)
	}
	c := &sessionwire.Client{Paths: sessionwire.Paths{Socket: sock}, Build: "v1"}
	_, _, err = c.Dial()
	var foreign *sessionwire.ForeignSocketError
	if !errors.As(err, &foreign) || foreign.UID != 65534 || !strings.Contains(err.Error(), "another user") {
		t.Fatalf("Dial = %v, want a ForeignSocketError naming uid 65534", err)
	}
}
