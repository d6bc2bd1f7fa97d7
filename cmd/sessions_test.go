package cmd

import (
	"context"
	"encoding/json"
	"log"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/sessionserver"
	"github.com/gclaude/gclaude/internal/sessionwire"
)

// sessionServerHere runs a session server in this process for the user the test's
// environment describes (XDG_RUNTIME_DIR, XDG_STATE_HOME).
func sessionServerHere(t *testing.T) sessionwire.Paths {
	t.Helper()
	rt, err := os.MkdirTemp("", "rt")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(rt) })
	t.Setenv("XDG_RUNTIME_DIR", rt)
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	paths, err := sessionwire.Locate(os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := sessionserver.Listen(sessionserver.Config{Paths: paths, Build: "test", IdleGrace: time.Hour, Log: log.New(os.Stderr, "server: ", 0)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return paths
}

// spawnSleeper has the server run a program that reads its stdin until closed.
func spawnSleeper(t *testing.T, paths sessionwire.Paths, name string) *sessionwire.Conn {
	t.Helper()
	c := &sessionwire.Client{Paths: paths, Build: "test"}
	conn, _, err := c.Open(sessionwire.Request{Op: sessionwire.OpSpawn, Spawn: &sessionwire.Spawn{
		Path: "/bin/sh", Args: []string{"sh", "-c", "cat >/dev/null"}, Dir: t.TempDir(), Env: os.Environ(),
		Meta: map[string]string{sessionwire.MetaName: name},
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func lsJSON(t *testing.T) []sessionwire.Info {
	t.Helper()
	out, err := runCmd(t, "ls", "--json")
	if err != nil {
		t.Fatalf("ls --json: %v\n%s", err, out)
	}
	var all []sessionwire.Info
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatalf("ls --json printed %q: %v", out, err)
	}
	return all
}

func TestLsAndStop(t *testing.T) {
	paths := sessionServerHere(t)
	if all := lsJSON(t); len(all) != 0 {
		t.Fatalf("ls --json with nothing running = %+v", all)
	}
	spawnSleeper(t, paths, "api")
	spawnSleeper(t, paths, "web\x1b]0;evil\x07")
	all := lsJSON(t)
	if len(all) != 2 || all[0].Name != "api" || all[0].State != sessionwire.StateIdle || all[0].PID <= 0 {
		t.Fatalf("ls --json = %+v", all)
	}
	out, err := runCmd(t, "ls")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"ID", "STATE", all[0].ID, "api", "idle", all[1].ID} {
		if !strings.Contains(out, want) {
			t.Errorf("ls lacks %q:\n%s", want, out)
		}
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("ls printed a session's name raw: %q", out)
	}

	out, err = runCmd(t, "stop", "api")
	if err != nil || !strings.Contains(out, "Stopping api") || !strings.Contains(out, all[0].ID) {
		t.Fatalf("stop api: %v\n%s", err, out)
	}
	// Its screen (the spawning connection) is still attached: it stays, exited, until
	// that screen has seen the end.
	deadline := time.Now().Add(30 * time.Second)
	for lsJSON(t)[0].State != sessionwire.StateExited {
		if time.Now().After(deadline) {
			t.Fatalf("the stopped session still runs: %+v", lsJSON(t))
		}
		time.Sleep(10 * time.Millisecond)
	}
	if out, _ := runCmd(t, "ls"); !strings.Contains(out, "exited (code 0)") {
		t.Errorf("ls shows the stopped session as:\n%s", out)
	}
	if _, err := runCmd(t, "stop", "nope"); err == nil || !strings.Contains(err.Error(), "no session") {
		t.Errorf("stop nope: %v", err)
	}
}

// Without a server, ls starts none; it names the sessions a killed server took along.
func TestLsWithoutAServer(t *testing.T) {
	rt, err := os.MkdirTemp("", "rt")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(rt) })
	t.Setenv("XDG_RUNTIME_DIR", rt)
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	out, err := runCmd(t, "ls")
	if err != nil || !strings.Contains(out, "No session runs") {
		t.Fatalf("ls: %v\n%s", err, out)
	}
	paths, _ := sessionwire.Locate(os.Getenv)
	if _, err := os.Stat(paths.Socket); err == nil {
		t.Fatal("ls started a server")
	}
	reg := sessionwire.Registry{PID: 1 << 22, Sessions: []sessionwire.Info{{ID: "ab12", Name: "api", Dir: "/src/api", Conversation: "c0ffee"}}}
	if err := sessionwire.WriteRegistry(paths.Registry, reg); err != nil {
		t.Fatal(err)
	}
	out, _ = runCmd(t, "ls")
	if !strings.Contains(out, "ended without stopping") || !strings.Contains(out, "c0ffee") {
		t.Fatalf("ls after a killed server:\n%s", out)
	}
	if _, err := runCmd(t, "stop", "api"); err == nil || !strings.Contains(err.Error(), "no session runs") {
		t.Errorf("stop without a server: %v", err)
	}
}
