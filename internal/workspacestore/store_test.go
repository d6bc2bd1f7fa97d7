package workspacestore

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// TestMain checks that no Saver leaves a goroutine behind once its writes are done.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// sample is a workspace that uses every field.
func sample() Workspace {
	return Workspace{
		Root:  "/home/u/project",
		Front: "s2",
		Sessions: []Session{
			{ID: "s1", Dir: "/home/u/project", CLISessionID: "0b6c-1", Title: "fix the parser",
				Model: "opus", PermissionMode: "plan", AddDirs: []string{"/home/u/lib"},
				LastUsed: time.Date(2026, 11, 27, 5, 0, 0, 0, time.UTC)},
			{ID: "s2", Dir: "/home/u/project/.claude/worktrees/ui", Host: "local",
				Worktree: &WorktreeRef{Repo: "/home/u/project", Path: "/home/u/project/.claude/worktrees/ui",
					Branch: "worktree-ui", Base: "0123456789abcdef0123456789abcdef01234567"}},
		},
	}
}

// storePath is a workspace file path in a folder that does not exist yet.
func storePath(t *testing.T) string {
	return filepath.Join(t.TempDir(), "state", "gclaude", "workspaces", "abc.json")
}

func TestPathFor(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	a, err := PathFor("/work/project", env(map[string]string{"XDG_STATE_HOME": "/state", "HOME": "/home/u"}))
	if err != nil || !strings.HasPrefix(a, "/state/gclaude/workspaces/") || len(filepath.Base(a)) != len("0123456789abcdef.json") {
		t.Fatalf("PathFor = %q, %v", a, err)
	}
	b, _ := PathFor("/work/project/", env(map[string]string{"XDG_STATE_HOME": "rel", "HOME": "/home/u"}))
	if b != "/home/u/.local/state/gclaude/workspaces/"+filepath.Base(a) {
		t.Fatalf("PathFor of the same folder under HOME = %q, want the same name as %q", b, a)
	}
	if c, _ := PathFor("/work/other", env(map[string]string{"HOME": "/h"})); filepath.Base(c) == filepath.Base(a) {
		t.Fatal("two folders share one workspace file")
	}
	if _, err := PathFor("/x", env(nil)); err == nil {
		t.Fatal("PathFor without XDG_STATE_HOME or HOME did not fail")
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	path := storePath(t)
	if w, err := Load(path); err != nil || !reflect.DeepEqual(w, Workspace{}) {
		t.Fatalf("Load of a missing file = %+v, %v", w, err)
	}
	want := sample()
	if err := Save(path, want); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want.Version = Version
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, want)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("file mode = %v, %v; want 0600", fi.Mode(), err)
	}
	if di, err := os.Stat(filepath.Dir(path)); err != nil || di.Mode().Perm() != 0o700 {
		t.Fatalf("folder mode = %v, %v; want 0700", di.Mode(), err)
	}
}

func TestLoadKeepsCorruptFileAside(t *testing.T) {
	path := storePath(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	for i, bad := range []string{`{"sessions": [{"id": `, `not json at all`} {
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path)
		var ce *CorruptError
		if !errors.As(err, &ce) {
			t.Fatalf("Load of %q = %v, want a *CorruptError", bad, err)
		}
		wantAside := path + ".bad"
		if i > 0 {
			wantAside += ".2"
		}
		if ce.KeptAs != wantAside || !strings.Contains(err.Error(), wantAside) {
			t.Fatalf("kept as %q (%v), want %q", ce.KeptAs, err, wantAside)
		}
		if kept, err := os.ReadFile(wantAside); err != nil || string(kept) != bad {
			t.Fatalf("%s holds %q, %v; want the damaged file", wantAside, kept, err)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("the damaged file is still at %s", path)
		}
	}
	if first, _ := os.ReadFile(path + ".bad"); !strings.HasPrefix(string(first), `{"sessions"`) {
		t.Fatalf("the first damaged file was replaced: %q", first)
	}
	if w, err := Load(path); err != nil || len(w.Sessions) != 0 {
		t.Fatalf("Load after keeping it aside = %+v, %v; want an empty workspace", w, err)
	}
}

func TestLoadRefusesNewerFormatAndKeepsIt(t *testing.T) {
	path := storePath(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	newer := `{"version": 99, "sessions": [{"id": "x"}]}`
	if err := os.WriteFile(path, []byte(newer), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); !errors.Is(err, ErrNewer) {
		t.Fatalf("Load of a newer format = %v, want ErrNewer", err)
	}
	if data, _ := os.ReadFile(path); string(data) != newer {
		t.Fatal("the newer file was moved or changed")
	}
}

func TestStrayTempFileFromCrashLeavesOldFileIntact(t *testing.T) {
	path := storePath(t)
	old := sample()
	if err := Save(path, old); err != nil {
		t.Fatal(err)
	}
	// A crash after the temporary file was written, before the rename: the temporary
	// file (named as safewrite names them) stays, half written.
	stray := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".123456.tmp")
	if err := os.WriteFile(stray, []byte(`{"version": 1, "sessions": [{"id": "half`), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	old.Version = Version
	if err != nil || !reflect.DeepEqual(got, old) {
		t.Fatalf("Load after a crash = %+v, %v; want the old workspace", got, err)
	}
	next := sample()
	next.Front = "s1"
	if err := Save(path, next); err != nil {
		t.Fatal(err)
	}
	if got, err := Load(path); err != nil || got.Front != "s1" {
		t.Fatalf("Save after a crash did not take: %+v, %v", got, err)
	}
}

func TestSaveWithoutSessionsRemovesFile(t *testing.T) {
	path := storePath(t)
	if err := Save(path, Workspace{Root: "/x"}); err != nil {
		t.Fatalf("removing a file that is not there = %v", err)
	}
	if err := Save(path, sample()); err != nil {
		t.Fatal(err)
	}
	if err := Save(path, Workspace{Root: "/home/u/project"}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the file of an empty workspace is still there: %v", err)
	}
}

func TestSaveRefusesSymlinkAtPath(t *testing.T) {
	path := storePath(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	if err := Save(path, sample()); err == nil {
		t.Fatal("Save wrote through a symbolic link")
	}
	if _, err := os.Stat(target); err == nil {
		t.Fatal("the link's target was written")
	}
}
