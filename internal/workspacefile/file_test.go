package workspacefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func sample(n int) Workspace {
	w := Workspace{Root: "/home/dev/project", Front: 1}
	for i := range n {
		w.Sessions = append(w.Sessions, Session{Dir: "/home/dev/project", CLISessionID: "s" + string(rune('a'+i)),
			LastUsed: time.Date(2026, 11, 27, 10, i, 0, 0, time.UTC)})
	}
	w.Sessions[0].Worktree = &Worktree{Repo: "/r", Path: "/r/.claude/worktrees/x", Branch: "worktree-x", Base: "abc"}
	return w
}

func TestRoundTripAndRemoval(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ws", "a.json")
	if w, err := Load(path); err != nil || len(w.Sessions) != 0 {
		t.Fatalf("missing file: %+v %v", w, err)
	}
	want := sample(3)
	if err := Save(path, want); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil || len(got.Sessions) != 3 || got.Front != 1 || got.Sessions[0].Worktree.Branch != "worktree-x" || got.Sessions[2].CLISessionID != "sc" {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
	if err := Save(path, Workspace{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("an empty workspace left its file: %v", err)
	}
}

func TestCorruptFileIsKeptAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.json")
	if err := os.WriteFile(path, []byte(`{"version":1,"sessions":[`), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), ".bad") {
		t.Fatalf("err = %v, want one naming the kept copy", err)
	}
	if data, err := os.ReadFile(path + ".bad"); err != nil || !strings.HasPrefix(string(data), `{"version"`) {
		t.Fatalf("the bad file was not kept: %q %v", data, err)
	}
}

// A crash between writing the temporary file and renaming it leaves the old
// workspace readable.
func TestStrayTemporaryLeavesOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.json")
	if err := Save(path, sample(2)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".a.json.123.tmp"), []byte("{half"), 0o600); err != nil {
		t.Fatal(err)
	}
	if w, err := Load(path); err != nil || len(w.Sessions) != 2 {
		t.Fatalf("old file unreadable: %+v %v", w, err)
	}
}

func TestSaverEndsWithTheLastSnapshot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.json")
	s := NewSaver(path)
	done := make(chan bool)
	for g := range 4 {
		go func() {
			for i := range 50 {
				w := sample(2)
				w.Front = g*100 + i
				s.Save(w)
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
	last := sample(3)
	last.Front = 9999
	s.Save(last)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if w, err := Load(path); err != nil || w.Front != 9999 || len(w.Sessions) != 3 {
		t.Fatalf("on disk: front %d sessions %d (%v), want the last snapshot", w.Front, len(w.Sessions), err)
	}
}

// A newer gclaude's workspace is refused and left untouched for that gclaude.
func TestNewerFormatIsLeftAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.json")
	body := []byte(`{"version":99,"sessions":[{"dir":"/x"}]}`)
	if err := os.WriteFile(path, body, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); !errors.Is(err, ErrNewer) {
		t.Fatalf("err = %v, want ErrNewer", err)
	}
	if data, _ := os.ReadFile(path); string(data) != string(body) {
		t.Fatalf("the newer file was changed: %q", data)
	}
}

// A state folder others may write to ($XDG_STATE_HOME in a shared place) is not
// written into: another user could replace the workspace, and with it the folders
// and hosts gclaude starts claude in at the next launch.
func TestSaveRefusesAFolderOthersMayWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "workspaces")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "w.json")
	if err := Save(path, sample(2)); err == nil || !strings.Contains(err.Error(), "writable by others") {
		t.Fatalf("Save into a folder of mode 0777: %v", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("the workspace was written there")
	}
}

// Every Save hears how its snapshot fared: an error while the folder cannot be
// written (here its parent is a file, which stops root too), nil once it can.
func TestSaverReportsEachOutcome(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "state")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := NewSaver(filepath.Join(blocker, "workspaces", "a.json"))
	if err := <-s.Save(sample(2)); err == nil {
		t.Fatal("a save into a folder that cannot be made reported no error")
	}
	if err := os.Remove(blocker); err != nil {
		t.Fatal(err)
	}
	if err := <-s.Save(sample(2)); err != nil {
		t.Fatalf("once the folder can be made: %v", err)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
}
