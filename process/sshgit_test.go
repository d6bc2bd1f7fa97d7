package process

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/gitrun"
)

// loginSSH is localSSH whose "host" logs in to login: the remote command runs there
// under sh, with this process's environment.
func loginSSH(t *testing.T, login string) gitrun.Runner {
	t.Helper()
	fakeSSH(t, `for last; do :; done; cd `+shellQuote(login)+` || exit 1; exec sh -c "$last"`)
	h, err := NewSSHHost("me@box", SSHSettings{ControlDir: privateTempDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	return h.Runner()
}

// The runner sends one shell line: cd into the folder, then env with the locale, the
// prompt switch and the command's own variables, then the program, every word quoted.
func TestHostRunnerRemoteLine(t *testing.T) {
	args := fakeSSH(t, "cat >/dev/null")
	h, err := NewSSHHost("me@box:2222", SSHSettings{ControlDir: privateTempDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = h.Runner().Run(ctxT(t), gitrun.Command{Dir: "/w s/it's", Env: []string{"GIT_INDEX_FILE=/tmp/x y"}, Args: []string{"git", "add", "-A", "$HOME"}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(args)
	want := `cd -- '/w s/it'\''s' && exec env LC_ALL=C GIT_TERMINAL_PROMPT=0 'GIT_INDEX_FILE=/tmp/x y' git add -A '$HOME'`
	if got := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"); got[len(got)-1] != want || got[len(got)-2] != "me@box" {
		t.Errorf("ssh args end %q\nwant %q", got[max(0, len(got)-2):], want)
	}
}

// Standard input is streamed to the command whole (a patch for git apply can be big),
// and its variables reach it.
func TestHostRunnerStdinAndEnv(t *testing.T) {
	r := loginSSH(t, t.TempDir())
	in := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MiB: more than a pipe holds
	out, err := r.Run(ctxT(t), gitrun.Command{Args: []string{"sh", "-c", `wc -c; printf '%s|%s' "$X" "$LC_ALL"`}, Stdin: in, Env: []string{"X=it's $HOME"}})
	if err != nil || strings.TrimSpace(string(out)) != "1048576\nit's $HOME|C" {
		t.Fatalf("Run = %q, %v", out, err)
	}
	out, err = r.Run(ctxT(t), gitrun.Command{Args: []string{"cat"}})
	if err != nil || len(out) != 0 {
		t.Fatalf("no stdin: %q, %v", out, err)
	}
}

// A folder is entered as named whatever it holds: spaces, quotes, a newline, shell
// syntax, a leading "-", a bare "-" (cd's $OLDPWD), and a relative name that $CDPATH
// also has (cd would go there, and print it into the output).
func TestHostRunnerEntersHostileFolders(t *testing.T) {
	login := t.TempDir()
	elsewhere := t.TempDir()
	t.Setenv("CDPATH", elsewhere)
	t.Setenv("OLDPWD", elsewhere)
	r := loginSSH(t, login)
	for _, name := range []string{"a b", "it's", "new\nline", "$HOME `id` ;|&", "-rf", "-", "sub"} {
		for _, dir := range []string{filepath.Join(login, name), name} {
			if err := os.MkdirAll(filepath.Join(login, name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(elsewhere, name), 0o755); err != nil {
				t.Fatal(err)
			}
			out, err := r.Run(ctxT(t), gitrun.Command{Dir: dir, Args: []string{"pwd"}})
			if want := filepath.Join(login, name) + "\n"; err != nil || string(out) != want {
				t.Errorf("pwd in %q = %q, %v; want %q", dir, out, err, want)
			}
		}
	}
}

// A command that fails is a *gitrun.ExitError with its output and stderr; a program
// the host lacks is gitrun.ErrNotFound; a folder the host lacks says so; ssh's own
// failure stays an *SSHError.
func TestHostRunnerErrors(t *testing.T) {
	login := t.TempDir()
	r := loginSSH(t, login)
	out, err := r.Run(ctxT(t), gitrun.Command{Args: []string{"sh", "-c", "echo partial; echo why >&2; exit 3"}})
	var ee *gitrun.ExitError
	if !errors.As(err, &ee) || ee.Code != 3 || gitrun.Stderr(err) != "why" || string(out) != "partial\n" || ee.Args[0] != "sh" {
		t.Fatalf("failure: %q %#v", out, err)
	}
	// git's own words may hold "cd:" (a path named in them): still git's failure.
	_, err = r.Run(ctxT(t), gitrun.Command{Dir: login, Args: []string{"sh", "-c", "echo 'error: patch failed: abcd:1' >&2; exit 1"}})
	if gitrun.Code(err) != 1 {
		t.Fatalf("a failure naming cd: = %v (%T), want exit code 1", err, err)
	}
	for _, program := range []string{"gclaude-no-such-program", "git-gclaude-nothing"} {
		_, err = r.Run(ctxT(t), gitrun.Command{Args: []string{program, "--version"}, Env: []string{"A=b"}})
		if !errors.Is(err, gitrun.ErrNotFound) || !strings.Contains(err.Error(), program+" on me@box") {
			t.Fatalf("missing program: %v", err)
		}
	}
	_, err = r.Run(ctxT(t), gitrun.Command{Args: []string{"gclaude-no-such-program"}})
	if !errors.Is(err, gitrun.ErrNotFound) {
		t.Fatalf("missing program without env: %v", err)
	}
	gone := filepath.Join(login, "gone\nfolder")
	_, err = r.Run(ctxT(t), gitrun.Command{Dir: gone, Args: []string{"git", "status"}})
	var se *SSHError
	if !errors.As(err, &se) || se.Kind != SSHNoFolder || se.Dir != gone {
		t.Fatalf("missing folder: %v (%T)", err, err)
	}

	fakeSSH(t, "echo 'me@box: Permission denied (publickey).' >&2; exit 255")
	_, err = r.Run(ctxT(t), gitrun.Command{Args: []string{"git", "status"}})
	if !errors.As(err, &se) || se.Kind != SSHAuthRefused || errors.As(err, &ee) {
		t.Fatalf("ssh failing = %v (%T), want an SSHError", err, err)
	}
}

// Variables env could misread are refused before anything runs.
func TestHostRunnerRefusesBadEnv(t *testing.T) {
	args := fakeSSH(t, "exit 0")
	h, err := NewSSHHost("box", SSHSettings{ControlDir: privateTempDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []gitrun.Command{
		{Args: []string{"git"}, Env: []string{"NOEQUALS"}},
		{Args: []string{"git"}, Env: []string{"-i=x"}},
		{Args: []string{"git"}, Env: []string{"A B=x"}},
		{Args: []string{"git"}, Env: []string{"=x"}},
		{Args: []string{"git"}, Env: []string{"1A=x"}},
		{Args: []string{"-i"}},
		{Args: []string{"A=b"}},
		{},
	} {
		if _, err := h.Runner().Run(ctxT(t), c); err == nil {
			t.Errorf("Run(%q) ran", c)
		}
	}
	if _, err := os.Stat(args); err == nil {
		t.Error("ssh ran for a refused command")
	}
}
