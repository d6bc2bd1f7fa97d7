package workspacestore

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

func TestSaverConcurrentSavesEndWithLastSnapshot(t *testing.T) {
	path := storePath(t)
	s := NewSaver(path)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				w := sample()
				w.Front = "g" + strconv.Itoa(g) + "-" + strconv.Itoa(i)
				s.Save(w)
			}
		}()
	}
	wg.Wait()
	last := sample()
	last.Front = "last"
	s.Save(last)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, err := Load(path); err != nil || got.Front != "last" {
		t.Fatalf("on disk after Flush: Front %q, %v; want the last snapshot", got.Front, err)
	}
}

func TestSaverWritesInOrder(t *testing.T) {
	path := storePath(t)
	s := NewSaver(path)
	for i := range 200 {
		w := sample()
		w.Front = strconv.Itoa(i)
		s.Save(w)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, _ := Load(path); got.Front != "199" {
		t.Fatalf("on disk: Front %q, want 199", got.Front)
	}
	s.Save(Workspace{}) // the workspace emptied: the file goes
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the file is still there after saving an empty workspace: %v", err)
	}
}

func TestSaverSnapshotIsACopy(t *testing.T) {
	path := storePath(t)
	s := NewSaver(path)
	w := sample()
	s.Save(w)
	w.Sessions[0].Title = "changed after Save"
	w.Sessions[0].AddDirs[0] = "/changed"
	w.Sessions[1].Worktree.Branch = "changed"
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	got, _ := Load(path)
	if got.Sessions[0].Title != "fix the parser" || got.Sessions[0].AddDirs[0] != "/home/u/lib" || got.Sessions[1].Worktree.Branch != "worktree-ui" {
		t.Fatalf("the snapshot changed with the caller's workspace: %+v", got)
	}
}

func TestSaverReportsWriteErrors(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := NewSaver(filepath.Join(blocker, "ws.json")) // its folder cannot be made
	if err := s.Flush(); err != nil {
		t.Fatalf("Flush with nothing asked = %v", err)
	}
	s.Save(sample())
	err := s.Flush()
	if err == nil || s.Err() != err {
		t.Fatalf("Flush = %v, Err = %v; want the write's error from both", err, s.Err())
	}
}
