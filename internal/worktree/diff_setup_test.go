package worktree

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestDiffShowsCommittedUncommittedAndNewFiles(t *testing.T) {
	root := includeRepo(t)
	wt := create(t, root, "diff")
	if _, err := CopyIncluded(wt); err != nil {
		t.Fatal(err)
	}
	write(t, wt.Path, "committed.txt", "in a commit\n")
	commitAll(t, wt.Path, "commit on the branch")
	write(t, wt.Path, "README.md", "hello\nedited\n")
	write(t, wt.Path, "dir/untracked.txt", "brand new\n")

	diff, err := Diff(context.Background(), wt)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"+++ b/committed.txt", "+in a commit",
		"--- a/README.md", "+edited",
		"+++ b/dir/untracked.txt", "new file mode", "+brand new",
	} {
		if !strings.Contains(diff, want) {
			t.Errorf("diff lacks %q:\n%s", want, diff)
		}
	}
	if strings.Contains(diff, ".env") || strings.Contains(diff, "secrets") {
		t.Errorf("diff shows ignored files:\n%s", diff)
	}
}

func TestDiffOfUntouchedWorktreeIsEmpty(t *testing.T) {
	wt := create(t, newRepo(t), "same")
	if diff, err := Diff(context.Background(), wt); err != nil || diff != "" {
		t.Fatalf("Diff = %q, %v", diff, err)
	}
}

func TestSetupRunsInWorktreeWithOutput(t *testing.T) {
	wt := create(t, newRepo(t), "setup")
	var out bytes.Buffer
	if err := Setup(context.Background(), wt, "pwd; echo to-stderr >&2", &out); err != nil {
		t.Fatal(err)
	}
	if want := wt.Path + "\nto-stderr\n"; out.String() != want {
		t.Fatalf("output = %q, want %q", out.String(), want)
	}
	if err := Setup(context.Background(), wt, "", &out); err != nil {
		t.Fatalf("an empty setup = %v", err)
	}
}

func TestSetupFailureSaysExitCode(t *testing.T) {
	wt := create(t, newRepo(t), "fails")
	var out bytes.Buffer
	err := Setup(context.Background(), wt, "echo installing; exit 3", &out)
	var se *SetupError
	if !errors.As(err, &se) || se.Code != 3 || !strings.Contains(err.Error(), "exit code 3") {
		t.Fatalf("Setup = %v, want exit code 3", err)
	}
	if out.String() != "installing\n" {
		t.Fatalf("output = %q", out.String())
	}
}

// cancelOnWrite cancels a context on the first write it gets.
type cancelOnWrite struct {
	cancel context.CancelFunc
	buf    bytes.Buffer
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.cancel()
	return w.buf.Write(p)
}

func TestSetupCancelStopsCommandAndChildren(t *testing.T) {
	wt := create(t, newRepo(t), "cancel")
	fifo := filepath.Join(t.TempDir(), "child-alive")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// The reader sees end of file once every writer is gone: once the child is dead.
	childGone := make(chan error, 1)
	go func() {
		f, err := os.Open(fifo)
		if err == nil {
			_, err = io.ReadAll(f)
			f.Close()
		}
		childGone <- err
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelOnWrite{cancel: cancel}
	// The shell opens the fifo before it starts the child, which inherits it, then lets
	// go of it itself: from then on, only the child holds it open.
	err := Setup(ctx, wt, "exec 3>"+fifo+"; (sleep 120; touch survived) & exec 3>&-; echo started; wait", w)
	var se *SetupError
	if !errors.As(err, &se) || se.Code != -1 || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("cancelled Setup = %v, want killed", err)
	}
	if err := <-childGone; err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(wt.Path, "survived")); err == nil {
		t.Fatal("a child of the setup command outlived the cancel")
	}
}

func TestLoadSettings(t *testing.T) {
	root := t.TempDir()
	if s, err := LoadSettings(root); err != nil || s != (Settings{}) {
		t.Fatalf("LoadSettings without a file = %+v, %v", s, err)
	}
	write(t, root, SettingsFile, `{"worktreeSetup": "npm ci", "maxRunning": 4}`)
	if s, err := LoadSettings(root); err != nil || s != (Settings{Setup: "npm ci", MaxRunning: 4}) {
		t.Fatalf("LoadSettings = %+v, %v", s, err)
	}
	for _, bad := range []string{`{"worktreeSetup": `, `{"maxRunning": "eight"}`, `{"maxRunning": -1}`} {
		write(t, root, SettingsFile, bad)
		_, err := LoadSettings(root)
		if err == nil || !strings.Contains(err.Error(), filepath.Join(root, ".gclaude", "workspace.json")) {
			t.Errorf("LoadSettings of %s = %v, want an error naming the file", bad, err)
		}
	}
}
