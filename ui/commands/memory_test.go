package commands

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
)

func TestMemoryFiles(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "work", "proj")
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".claude", "CLAUDE.md"), "be brief\n")
	write(filepath.Join(root, "work", "CLAUDE.md"), "parent\nrules\n")
	write(filepath.Join(proj, ".claude", "CLAUDE.md"), "x")
	files := memoryFiles(home, proj)
	var got []string
	for _, f := range files {
		got = append(got, strings.TrimPrefix(f.Path, root)+" "+f.Kind+" "+map[bool]string{true: "yes", false: "no"}[f.Exists])
	}
	want := []string{
		"/home/.claude/CLAUDE.md user yes",
		"/work/CLAUDE.md project yes",
		"/work/proj/CLAUDE.md project no",
		"/work/proj/.claude/CLAUDE.md project yes",
		"/work/proj/CLAUDE.local.md local no",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	text := formatMemory(files, home)
	for _, w := range []string{"1. user    ~/.claude/CLAUDE.md  · 1 line", "2. project " + root + "/work/CLAUDE.md  · 2 lines", "not created yet"} {
		if !strings.Contains(text, w) {
			t.Errorf("list lacks %q:\n%s", w, text)
		}
	}
}

// A memory file that is a FIFO (a hostile repository's) is listed without being
// opened: before, /memory opened it and waited for a writer forever.
func TestMemoryFilesNeverOpenAFIFO(t *testing.T) {
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	if err := os.Mkdir(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(proj, "CLAUDE.md")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	var released atomic.Bool
	openedByOthers := make(chan bool, 1)
	go func() { // a writer waits in open until some reader comes
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		openedByOthers <- !released.Load()
		if err == nil {
			w.Close()
		}
	}()
	files := memoryFiles(filepath.Join(root, "home"), proj)
	released.Store(true)
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if <-openedByOthers {
		t.Fatal("/memory opened the FIFO")
	}
	for _, f := range files {
		if f.Path == fifo && (!f.Exists || f.Lines != 0) {
			t.Fatalf("the FIFO is listed as %+v; want it there, unread", f)
		}
	}
}
