package trust

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// world is a throwaway HOME and folders for one test, on this machine.
type world struct {
	t    *testing.T
	home string
	root string // where the folders are made
	fs   Local
}

func newWorld(t *testing.T) *world {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, home: filepath.Join(base, "home"), root: filepath.Join(base, "src")}
	w.mkdir(w.home)
	w.mkdir(w.root)
	w.fs = Local{Getenv: func(k string) string {
		if k == "HOME" {
			return w.home
		}
		return ""
	}}
	return w
}

func (w *world) mkdir(p string) string {
	w.t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		w.t.Fatal(err)
	}
	return p
}

func (w *world) dir(rel string) string { return w.mkdir(filepath.Join(w.root, rel)) }

func (w *world) write(p, content string) {
	w.t.Helper()
	w.mkdir(filepath.Dir(p))
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) record() string { return filepath.Join(w.home, ".claude.json") }

// trust writes a record in which each dir's entry has hasTrustDialogAccepted.
func (w *world) trust(dirs ...string) {
	w.t.Helper()
	projects := map[string]any{}
	for _, d := range dirs {
		projects[d] = map[string]any{"hasTrustDialogAccepted": true}
	}
	b, _ := json.Marshal(map[string]any{"projects": projects})
	w.write(w.record(), string(b))
}

func (w *world) check(dir string, opts Options) Verdict {
	w.t.Helper()
	v, err := Check(context.Background(), w.fs, dir, opts)
	if err != nil {
		w.t.Fatalf("Check(%s): %v", dir, err)
	}
	return v
}

// git runs git in dir.
func (w *world) git(dir string, args ...string) {
	w.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		w.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// repo makes a git repository with one commit at rel.
func (w *world) repo(rel string) string {
	w.t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		w.t.Skip("git is not installed")
	}
	d := w.dir(rel)
	w.git(d, "init", "-q")
	w.write(filepath.Join(d, "README"), "hi\n")
	w.git(d, "add", "README")
	w.git(d, "commit", "-q", "-m", "first")
	return d
}
