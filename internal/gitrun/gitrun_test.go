package gitrun

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
)

func TestLocalRun(t *testing.T) {
	ctx := context.Background()
	out, err := Local{}.Run(ctx, Command{Dir: t.TempDir(), Args: []string{"sh", "-c", `cat; printf " $X"; pwd >/dev/null`}, Stdin: []byte("in"), Env: []string{"X=env"}})
	if err != nil || string(out) != "in env" {
		t.Fatalf("stdin and env: %q %v", out, err)
	}
	out, err = Local{}.Run(ctx, Command{Args: []string{"sh", "-c", "echo partial; echo why >&2; exit 3"}})
	var ee *ExitError
	if !errors.As(err, &ee) || ee.Code != 3 || Code(err) != 3 || Stderr(err) != "why" || string(out) != "partial\n" {
		t.Fatalf("failure: %q %#v", out, err)
	}
	if !strings.Contains(err.Error(), "why") {
		t.Fatalf("the error does not say why: %v", err)
	}
	_, err = Local{}.Run(ctx, Command{Args: []string{"gclaude-no-such-program"}})
	if !errors.Is(err, ErrNotFound) || Code(err) != -1 {
		t.Fatalf("missing program: %v", err)
	}
}

// git's environment leaves out what would point it at another repository, and asks
// for no password.
func TestEnvironDropsRepositoryOverrides(t *testing.T) {
	t.Setenv("GIT_DIR", "/elsewhere")
	t.Setenv("GIT_INDEX_FILE", "/elsewhere/index")
	t.Setenv("LC_ALL", "de_DE.UTF-8")
	env := strings.Join(Environ(), "\n")
	for _, bad := range []string{"GIT_DIR=", "GIT_INDEX_FILE=", "LC_ALL=de"} {
		if strings.Contains(env, bad) {
			t.Errorf("environment holds %s", bad)
		}
	}
	if !strings.Contains(env, "GIT_TERMINAL_PROMPT=0") || !strings.Contains(env, "LC_ALL=C") {
		t.Errorf("environment:\n%s", env)
	}
}

// A shell line runs exactly the words it was given.
func TestShellLine(t *testing.T) {
	words := []string{"git", "-C", "/tmp/a b", "push", "it's", "", "$HOME", "ok-_./:=@+,%"}
	line := ShellLine(words...)
	if line != `git -C '/tmp/a b' push 'it'\''s' '' '$HOME' ok-_./:=@+,%` {
		t.Fatalf("line %s", line)
	}
	out, err := exec.Command("sh", "-c", "printf '%s|' "+ShellLine(words[2:]...)).Output()
	if err != nil || string(out) != strings.Join(words[2:], "|")+"|" {
		t.Fatalf("the shell read %q (%v)", out, err)
	}
}
