package trust

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func readJSON(t *testing.T, p string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v\n%s", p, err, b)
	}
	return m
}

// A Yes is written where the CLI reads it, keeping every other key of the file.
func TestAcceptWritesTheEntryTheCLIReadsAndKeepsTheRest(t *testing.T) {
	w := newWorld(t)
	d := w.dir("app")
	other := filepath.Join(w.root, "other")
	before := `{
  "numStartups": 7,
  "oauthAccount": {"emailAddress": "me@example.com"},
  "projects": {
    "` + other + `": {"allowedTools": ["Bash"], "lastCost": 1.5, "hasTrustDialogAccepted": false},
    "` + d + `": {"lastSessionId": "abc", "history": [{"display": "hi"}]}
  },
  "zzz": [1, 2, 3]
}
`
	w.write(w.record(), before)
	if err := os.Chmod(w.record(), 0o640); err != nil {
		t.Fatal(err)
	}
	v := w.check(d, Options{})
	if err := Accept(t.Context(), w.fs, v); err != nil {
		t.Fatal(err)
	}
	got := readJSON(t, w.record())
	projects := got["projects"].(map[string]any)
	entry := projects[d].(map[string]any)
	if entry["hasTrustDialogAccepted"] != true || entry["lastSessionId"] != "abc" || entry["history"] == nil {
		t.Fatalf("the folder's entry: %v", entry)
	}
	if o := projects[other].(map[string]any); o["hasTrustDialogAccepted"] != false || o["lastCost"] != 1.5 {
		t.Fatalf("another folder's entry changed: %v", o)
	}
	if got["numStartups"] != float64(7) || got["oauthAccount"] == nil || got["zzz"] == nil {
		t.Fatalf("the file's other keys: %v", got)
	}
	b, _ := os.ReadFile(w.record())
	if !strings.HasPrefix(string(b), "{\n  \"numStartups\": 7,\n  \"oauthAccount\"") || !strings.HasSuffix(string(b), "}\n") {
		t.Fatalf("the keys' order or the file's layout changed:\n%s", b)
	}
	if st, _ := os.Stat(w.record()); st.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v, want the file's own 0640", st.Mode().Perm())
	}
	if v := w.check(d, Options{}); !v.Trusted {
		t.Fatalf("after Accept: %+v", v)
	}
}

// A folder without an entry gets the CLI's default entry, and a missing record is
// created private to the user.
func TestAcceptMakesTheCLIsDefaultEntry(t *testing.T) {
	w := newWorld(t)
	d := w.dir("app")
	if err := Accept(t.Context(), w.fs, w.check(d, Options{})); err != nil {
		t.Fatal(err)
	}
	entry := readJSON(t, w.record())["projects"].(map[string]any)[d].(map[string]any)
	for _, k := range []string{"allowedTools", "mcpContextUris", "mcpServers", "enabledMcpjsonServers", "disabledMcpjsonServers", "hasClaudeMdExternalIncludesApproved"} {
		if _, ok := entry[k]; !ok {
			t.Errorf("the new entry has no %s: %v", k, entry)
		}
	}
	if entry["hasTrustDialogAccepted"] != true {
		t.Fatalf("entry %v", entry)
	}
	if st, _ := os.Stat(w.record()); st.Mode().Perm() != 0o600 {
		t.Fatalf("a new record has mode %v, want 0600", st.Mode().Perm())
	}
}

// The home folder's answer is never written (Claude Code keeps it for the session).
func TestAcceptDoesNotWriteTheHomeFolder(t *testing.T) {
	w := newWorld(t)
	err := Accept(t.Context(), w.fs, w.check(w.home, Options{}))
	if !errors.Is(err, ErrSessionOnly) {
		t.Fatalf("Accept of the home folder: %v, want ErrSessionOnly", err)
	}
	if _, err := os.Stat(w.record()); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the record was written: %v", err)
	}
}

// Claude processes of other sessions rewrite the record at any time: a Yes waits for
// their lock and is made on what they wrote, so none of their keys is lost.
func TestAcceptWaitsForTheCLIsLockAndKeepsWhatItWrote(t *testing.T) {
	w := newWorld(t)
	d := w.dir("app")
	w.write(w.record(), `{"projects":{}}`)
	v := w.check(d, Options{})
	lock := w.record() + ".lock"
	w.mkdir(lock) // a claude is writing
	done := make(chan error, 1)
	go func() { done <- Accept(context.Background(), w.fs, v) }()
	// The claude writes its own key, then gives the lock back.
	w.write(w.record(), `{"projects":{},"written":"by claude"}`)
	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got := readJSON(t, w.record())
	if got["written"] != "by claude" || !w.check(d, Options{}).Trusted {
		t.Fatalf("record after both writes: %v", got)
	}
	if _, err := os.Stat(lock); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the lock was left behind: %v", err)
	}
}

// Several answers at once (sessions opened together) all land.
func TestAcceptsAtOnceAllLand(t *testing.T) {
	w := newWorld(t)
	var dirs []string
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		dirs = append(dirs, w.dir(n))
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(dirs))
	for _, d := range dirs {
		v := w.check(d, Options{})
		wg.Go(func() { errs <- Accept(context.Background(), w.fs, v) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range dirs {
		if !w.check(d, Options{}).Trusted {
			t.Fatalf("%s lost its answer: %v", d, readJSON(t, w.record()))
		}
	}
}

// A lock its holder left behind is taken over once stale; a live one is waited for
// and then given up on with an error, nothing written.
func TestLockStaleAndHeld(t *testing.T) {
	w := newWorld(t)
	p := filepath.Join(w.home, "f.json")
	lock := w.mkdir(p + ".lock")
	old := time.Now().Add(-time.Minute)
	if err := os.Chtimes(lock, old, old); err != nil {
		t.Fatal(err)
	}
	unlock, err := lockLocal(t.Context(), p, time.Now)
	if err != nil {
		t.Fatalf("a stale lock was not taken over: %v", err)
	}
	unlock()
	w.mkdir(lock)
	clock := time.Now()
	fake := func() time.Time { clock = clock.Add(time.Second); return clock }
	if _, err := lockLocal(t.Context(), p, fake); !errors.Is(err, ErrLocked) {
		t.Fatalf("a held lock: %v, want ErrLocked", err)
	}
}

// Seed trusts a sandbox's folders as they are given and as claude sees them.
func TestSeedTrustsAFolderByItsRealPath(t *testing.T) {
	w := newWorld(t)
	real := w.dir("project")
	link := filepath.Join(w.root, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := Seed(w.home, link); err != nil {
		t.Fatal(err)
	}
	if !w.check(link, Options{}).Trusted || !w.check(real, Options{}).Trusted {
		t.Fatalf("seeded record: %v", readJSON(t, w.record()))
	}
}
