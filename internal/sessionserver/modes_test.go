package sessionserver

// The test binary's other roles: a session server started the way a screen starts one
// (Ensure → `session-server --detach` → the server in a session of its own), and a
// screen in a process of its own that a test can kill -9.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

func promptOf(text string) protocol.UserInput { return protocol.UserInput{Text: text} }

// serveSpec is what serve mode runs.
type serveSpec struct {
	Paths sessionwire.Paths
	Build string
}

func runServeMode(spec string) int {
	var s serveSpec
	if err := json.Unmarshal([]byte(spec), &s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if len(os.Args) > 2 && os.Args[2] == sessionwire.DetachFlag {
		exe, _ := os.Executable()
		if err := Detach(exe, []string{sessionwire.ServeArg}, s.Paths); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	term := make(chan os.Signal, 1)
	signalNotifyTerm(term)
	go func() { <-term; cancel() }()
	cfg := Config{Paths: s.Paths, Build: s.Build, IdleGrace: 300 * time.Millisecond, Log: log.New(os.Stderr, "", log.LstdFlags)}
	if err := Run(ctx, cfg, ReadyFile()); err != nil {
		return 1
	}
	return 0
}

// serverClient is a client whose Ensure starts this test binary as the server.
func serverClient(t *testing.T, paths sessionwire.Paths, build string) *sessionwire.Client {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := json.Marshal(serveSpec{Paths: paths, Build: build})
	c := &sessionwire.Client{Paths: paths, Build: build, Start: func() sessionwire.ServerCommand {
		return sessionwire.ServerCommand{Path: exe, Args: []string{exe, sessionwire.ServeArg, sessionwire.DetachFlag},
			Env: append(os.Environ(), serveEnv+"="+string(spec), "GORACE=atexit_sleep_ms=0")}
	}}
	t.Cleanup(func() { stopServer(t, paths) })
	return c
}

// stopServer ends a server running in its own process (SIGTERM: it stops its sessions).
func stopServer(t *testing.T, paths sessionwire.Paths) {
	reg, ok := sessionwire.ReadRegistry(paths.Registry)
	if !ok || reg.PID <= 0 || reg.PID == os.Getpid() {
		return
	}
	_ = syscall.Kill(reg.PID, syscall.SIGTERM)
	deadline := time.Now().Add(patience)
	for syscall.Kill(reg.PID, 0) == nil && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
}

// clientSpec is a screen in its own process: start claude under the server, send
// Prompt, wait for a permission request, say so, and wait to be killed.
type clientSpec struct {
	Paths  sessionwire.Paths
	Bin    string
	Dir    string
	Env    []string
	Prompt string
}

func runClientMode(spec string) int {
	var s clientSpec
	if err := json.Unmarshal([]byte(spec), &s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	cli, err := process.Start(context.Background(), process.Options{Bin: s.Bin, Dir: s.Dir, Env: s.Env,
		Server: &sessionwire.Client{Paths: s.Paths, Build: "test"}})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := cli.Send(protocol.UserInput{Text: s.Prompt}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for ev := range cli.Events() {
		if pr, ok := ev.(process.PermissionRequest); ok {
			fmt.Printf("WAITING %s %s\n", cli.ServerID(), pr.Req.RequestID)
			select {} // until killed
		}
		if x, ok := ev.(process.Exited); ok {
			fmt.Fprintf(os.Stderr, "exited: %+v\n", x)
			return 1
		}
	}
	return 1
}

// killedScreen runs a screen in its own process until a permission request waits,
// then kills it with SIGKILL. It returns the session's id and the request's.
func killedScreen(t *testing.T, s clientSpec) (session, request string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := json.Marshal(s)
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), clientEnv+"="+string(spec), "GORACE=atexit_sleep_ms=0")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(out).ReadString('\n')
		lines <- l
		_, _ = io.Copy(io.Discard, out)
	}()
	var line string
	select {
	case line = <-lines:
	case <-time.After(patience):
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	f := strings.Fields(line)
	if len(f) != 3 || f[0] != "WAITING" {
		t.Fatalf("the screen process said %q; stderr:\n%s", line, stderr.String())
	}
	return f[1], f[2]
}

// foreignEnv: the test binary listens on a socket as another user would (run with
// another uid), accepting and holding connections.
const foreignEnv = "SESSIONSERVER_FOREIGN"

func runForeignListener(path string) int {
	ln, err := net.Listen("unix", path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println("LISTENING")
	for {
		c, err := ln.Accept()
		if err != nil {
			return 0
		}
		defer c.Close()
	}
}
