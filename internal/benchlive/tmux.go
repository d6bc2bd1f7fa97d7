package main

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// term is one program in a detached tmux session on a private tmux server.
type term struct{ socket string }

const session = "bench"

func (t *term) tmux(args ...string) (string, error) {
	cmd := exec.Command("tmux", append([]string{"-u", "-L", t.socket, "-f", "/dev/null"}, args...)...)
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if k != "TMUX" && k != "TMUX_PANE" && k != "LANG" && k != "LC_ALL" {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "LANG=C.UTF-8")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("tmux %s: %v: %s", args[0], err, strings.TrimSpace(string(out)))
	}
	return string(out), nil
}

// startTerm runs argv with exactly env in a width×height tmux pane and returns the
// pane's pid (env -i execs argv, so it is the program's own pid).
func startTerm(width, height int, dir string, env, argv []string) (*term, int, error) {
	t := &term{socket: fmt.Sprintf("gclaude-bench-%d", os.Getpid())}
	args := []string{"new-session", "-d", "-s", session, "-x", strconv.Itoa(width), "-y", strconv.Itoa(height), "-c", dir, "env", "-i"}
	args = append(append(args, env...), argv...)
	if _, err := t.tmux(args...); err != nil {
		return nil, 0, err
	}
	out, err := t.tmux("display-message", "-p", "-t", session, "#{pane_pid}")
	if err != nil {
		t.kill()
		return nil, 0, err
	}
	pid, err := strconv.Atoi(strings.TrimSpace(out))
	if err != nil {
		t.kill()
		return nil, 0, fmt.Errorf("pane pid %q: %v", out, err)
	}
	return t, pid, nil
}

func (t *term) capture() string {
	out, _ := t.tmux("capture-pane", "-p", "-t", session)
	return out
}

func (t *term) keys(keys ...string) error {
	_, err := t.tmux(append([]string{"send-keys", "-t", session}, keys...)...)
	return err
}

func (t *term) typeText(s string) error {
	_, err := t.tmux("send-keys", "-t", session, "-l", s)
	return err
}

// waitFor polls the screen (every 100 ms, so polling costs little) until ok holds.
func (t *term) waitFor(what string, timeout time.Duration, ok func(string) bool) error {
	deadline := time.Now().Add(timeout)
	for {
		s := t.capture()
		if ok(s) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("waited %s for %s; screen:\n%s", timeout, what, s)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (t *term) kill() { _, _ = t.tmux("kill-server") }
