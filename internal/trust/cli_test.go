package trust_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/gclaude/gclaude/internal/clirig"
	"github.com/gclaude/gclaude/internal/trust"
)

// The real CLI is the judge of what its record means. CLI 2.1.332 leaves a project's
// permission rules out in a folder it does not trust and says so on stderr, naming the
// entry it reads ("… set projects["<key>"].hasTrustDialogAccepted: true …"): so for
// each kind of folder, gclaude's verdict and key must be the CLI's, and a Yes gclaude
// writes must make the CLI trust the folder.

var untrustedNote = regexp.MustCompile(`this workspace has not been trusted\. .*set projects\[(.*?)\]\.hasTrustDialogAccepted`)

const allowRule = `{"permissions": {"allow": ["Bash(echo:*)"]}}`

// cliWants runs the CLI in dir and returns the record entry it says it is missing, ""
// when it trusts the folder.
func cliWants(t *testing.T, r *clirig.Rig, dir string) string {
	t.Helper()
	c := r.StartIn(t, dir, clirig.HeadlessArgs()...)
	c.Prompt("hello")
	c.Until(func(m map[string]any) bool { return m["type"] == "result" }, nil)
	c.CloseAndWait()
	m := untrustedNote.FindStringSubmatch(c.Stderr())
	if m == nil {
		return ""
	}
	var key string
	if err := json.Unmarshal([]byte(m[1]), &key); err != nil {
		t.Fatalf("the CLI named the entry %s: %v", m[1], err)
	}
	return key
}

type cliWorld struct {
	t   *testing.T
	r   *clirig.Rig
	fs  trust.Local
	dir string // real path of the rig's base folder
}

func newCLIWorld(t *testing.T) cliWorld {
	r := clirig.New(t, clirig.Options{Untrusted: true})
	base, err := filepath.EvalSymlinks(filepath.Dir(r.Dir))
	if err != nil {
		t.Fatal(err)
	}
	return cliWorld{t: t, r: r, dir: base, fs: trust.Local{Getenv: func(k string) string {
		if k == "HOME" {
			return r.Home
		}
		return ""
	}}}
}

// folder makes base/rel with project settings that pre-approve a tool.
func (w cliWorld) folder(rel string) string {
	d := filepath.Join(w.dir, rel)
	if err := os.MkdirAll(filepath.Join(d, ".claude"), 0o755); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(d, ".claude", "settings.json"), []byte(allowRule), 0o644); err != nil {
		w.t.Fatal(err)
	}
	return d
}

func (w cliWorld) git(dir string, args ...string) {
	w.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@example.com", "-c", "user.name=t"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		w.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// agrees checks that gclaude judges dir as the CLI does.
func (w cliWorld) agrees(dir string) trust.Verdict {
	w.t.Helper()
	v, err := trust.Check(context.Background(), w.fs, dir, trust.Options{})
	if err != nil {
		w.t.Fatal(err)
	}
	wants := cliWants(w.t, w.r, dir)
	switch {
	case v.Trusted && wants != "":
		w.t.Fatalf("%s: gclaude trusts it, the CLI wants projects[%s]", dir, wants)
	case !v.Trusted && wants != v.Key:
		w.t.Fatalf("%s: gclaude keys it %s, the CLI wants projects[%s]", dir, v.Key, wants)
	}
	return v
}

// accept writes Yes for dir as gclaude does; the CLI must then trust it.
func (w cliWorld) accept(dir string) {
	w.t.Helper()
	v := w.agrees(dir)
	if v.Trusted {
		w.t.Fatalf("%s is trusted already", dir)
	}
	if err := trust.Accept(context.Background(), w.fs, v); err != nil {
		w.t.Fatal(err)
	}
	if wants := cliWants(w.t, w.r, dir); wants != "" {
		w.t.Fatalf("%s: after gclaude's Yes the CLI still wants projects[%s]", dir, wants)
	}
}

func TestTheCLIReadsGclaudesAnswerForAFolder(t *testing.T) {
	w := newCLIWorld(t)
	w.accept(w.folder("plain"))
	// Outside a repository a folder below a trusted one is trusted: Claude Code shows no
	// dialog there, and gclaude asks nothing. The CLI still applies that folder's own
	// permission rules only once its own entry says so (Claude Code's "backstop"
	// question, which gclaude does not ask, so they stay off, as with No there).
	below := w.folder("plain/below")
	v, err := trust.Check(context.Background(), w.fs, below, trust.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Trusted || v.TrustedBy != filepath.Join(w.dir, "plain") {
		t.Fatalf("a folder below a trusted one: %+v", v)
	}
	if wants := cliWants(t, w.r, below); wants != below {
		t.Fatalf("the CLI wants projects[%s] for the folder's own rules, want %s", wants, below)
	}
}

func TestTheCLIReadsGclaudesAnswerThroughALink(t *testing.T) {
	w := newCLIWorld(t)
	real := w.folder("real")
	link := filepath.Join(w.dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	w.accept(link)
}

func TestTheCLIAndGclaudeAgreeOnRepositories(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	w := newCLIWorld(t)
	outer := w.folder("outer")
	repo := w.folder("outer/repo")
	w.git(repo, "init", "-q")
	w.git(repo, "add", ".")
	w.git(repo, "commit", "-q", "-m", "first")
	sub := w.folder("outer/repo/sub")
	wt := filepath.Join(repo, ".claude", "worktrees", "feat")
	w.git(repo, "worktree", "add", "-q", "-b", "feat", wt)

	w.accept(outer)
	// The walk up stops at the repository's root: the trusted folder above it does not
	// trust the repository, its subfolders or its worktrees.
	for _, d := range []string{repo, sub, wt} {
		if v := w.agrees(d); v.Trusted || v.Key != repo {
			t.Fatalf("%s: %+v, want untrusted, keyed by the main checkout", d, v)
		}
	}
	// A Yes in a worktree is recorded for the main checkout: every part is then trusted.
	w.accept(wt)
	for _, d := range []string{repo, sub} {
		if v := w.agrees(d); !v.Trusted {
			t.Fatalf("%s after the worktree's Yes: %+v", d, v)
		}
	}
}
