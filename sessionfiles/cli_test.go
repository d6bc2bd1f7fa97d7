package sessionfiles

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
)

var update = flag.Bool("update", false, "copy the session files the real CLI writes into testdata/sessions")

// These tests run the real CLI against the fake API and read the session files it
// writes. With -update they also refresh the fixtures in testdata/sessions.

func skipShort(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real CLI")
	}
}

// sessionID is the session_id of a result line.
func sessionID(t *testing.T, result map[string]any) string {
	t.Helper()
	id, _ := result["session_id"].(string)
	if id == "" {
		t.Fatalf("result without session_id: %v", result)
	}
	return id
}

// projectFolders lists the folder names under <home>/.claude/projects.
func projectFolders(t *testing.T, home string) []string {
	t.Helper()
	des, err := os.ReadDir(filepath.Join(home, ".claude", "projects"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, de := range des {
		names = append(names, de.Name())
	}
	return names
}

func mustLoad(t *testing.T, path string) *History {
	t.Helper()
	h, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestCLIToolsResumeForkContinue(t *testing.T) {
	skipShort(t)
	r := clirig.New(t, clirig.Options{Files: map[string]string{fakeapi.FileEdit: "alpha\nfoo\nbaz\n"}})
	dir := Dir(r.Home, r.Dir)

	c := startCLI(t, r, "", clirig.HeadlessArgs()...)
	var id string
	for i, p := range toolsPrompts {
		answer := allowTool
		if i == toolsDenied {
			answer = denyTool
		}
		id = sessionID(t, c.turnWith(p, answer))
	}
	resp := c.control("rename-1", map[string]any{"subtype": "rename_session", "title": toolsTitle})
	if clirig.Field(resp, "response", "subtype") != "success" {
		t.Fatalf("rename_session: %v", resp)
	}
	c.closeAndWait()

	if got := projectFolders(t, r.Home); !slices.Equal(got, []string{filepath.Base(dir)}) {
		t.Fatalf("the CLI made project folders %q, Dir says %q", got, filepath.Base(dir))
	}
	path := filepath.Join(dir, id+".jsonl")
	checkTools(t, mustLoad(t, path))
	list, err := List(dir)
	if err != nil || len(list) != 1 {
		t.Fatalf("List = %+v, %v; want the one session", list, err)
	}
	if s := list[0]; s.ID != id || s.Title != toolsTitle || s.MessageCount != toolsMessages || s.Model == "" || s.Path != path || s.LastActivity.IsZero() {
		t.Errorf("summary = %+v", s)
	}
	if *update {
		copyFixture(t, path, "tools")
	}

	// --resume keeps the id, sends the old turns to the API, and appends to the file.
	before := len(r.API.Requests())
	c = startCLI(t, r, "", append(clirig.HeadlessArgs(), "--resume", id)...)
	if got := sessionID(t, c.turn("resumed SCENARIO:"+fakeapi.ScenarioText)); got != id {
		t.Errorf("--resume gave session %s, want %s", got, id)
	}
	c.closeAndWait()
	req := firstConversationRequest(t, r.API.Requests()[before:])
	for _, p := range toolsPrompts {
		if !req.Contains(p) {
			t.Errorf("the first API request after --resume lacks the old prompt %q", p)
		}
	}
	if !req.Contains(fakeapi.TextAfterThought) {
		t.Error("the first API request after --resume lacks the old replies")
	}
	h := mustLoad(t, path)
	wantResumed := append(slices.Clone(toolsEntries),
		want{kind: KindPrompt, text: "resumed SCENARIO:text"}, want{kind: KindText, text: fakeapi.TextHello})
	checkEntries(t, h.Entries, wantResumed)

	// --fork-session copies the conversation (and title) into a new session.
	c = startCLI(t, r, "", append(clirig.HeadlessArgs(), "--resume", id, "--fork-session")...)
	fork := sessionID(t, c.turn("forked SCENARIO:"+fakeapi.ScenarioText))
	c.closeAndWait()
	if fork == id {
		t.Fatalf("--fork-session kept the session id %s", id)
	}
	forkPath := filepath.Join(dir, fork+".jsonl")
	fh := mustLoad(t, forkPath)
	checkEntries(t, fh.Entries, append(slices.Clone(wantResumed),
		want{kind: KindPrompt, text: "forked SCENARIO:text"}, want{kind: KindText, text: fakeapi.TextHello}))
	if fh.Title != toolsTitle {
		t.Errorf("fork title %q, want the original's %q", fh.Title, toolsTitle)
	}
	checkEntries(t, mustLoad(t, path).Entries, wantResumed) // the original is unchanged
	if *update {
		copyFixture(t, forkPath, "forked")
	}

	// --continue picks what Latest picks.
	latest, ok, err := Latest(dir)
	if err != nil || !ok || latest.ID != fork {
		t.Fatalf("Latest = %+v, %v, %v; want the fork %s", latest, ok, err, fork)
	}
	list, _ = List(dir)
	if len(list) != 2 || list[0].ID != fork || list[1].ID != id {
		t.Errorf("List order = %+v, want the fork, then the original", list)
	}
	c = startCLI(t, r, "", append(clirig.HeadlessArgs(), "--continue")...)
	if got := sessionID(t, c.turn("continued SCENARIO:"+fakeapi.ScenarioText)); got != latest.ID {
		t.Errorf("--continue resumed %s, Latest said %s", got, latest.ID)
	}
	c.closeAndWait()
}

// firstConversationRequest is the first model call of the main thread among reqs.
func firstConversationRequest(t *testing.T, reqs []fakeapi.Request) fakeapi.Request {
	t.Helper()
	for _, q := range reqs {
		if q.Kind == fakeapi.KindConversation && !q.Subagent {
			return q
		}
	}
	t.Fatal("no conversation request")
	return fakeapi.Request{}
}

// TestCLICompactCommandsInterrupt runs in a folder whose name has dots, spaces and
// underscores, so it also checks Dir against the folder the CLI makes.
func TestCLICompactCommandsInterrupt(t *testing.T) {
	skipShort(t)
	r := clirig.New(t, clirig.Options{})
	cwd := filepath.Join(r.Dir, "a.b c_d", "x.y")
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		t.Fatal(err)
	}
	c := startCLI(t, r, cwd, clirig.HeadlessArgs()...)
	var id string
	for _, p := range compactPrompts {
		if strings.Contains(p, fakeapi.ScenarioSlow) {
			id = sessionID(t, c.interruptedTurn(p))
			continue
		}
		id = sessionID(t, c.turn(p))
	}
	c.closeAndWait()

	dir := Dir(r.Home, cwd)
	if got := projectFolders(t, r.Home); !slices.Equal(got, []string{filepath.Base(dir)}) {
		t.Fatalf("the CLI made project folders %q, Dir says %q", got, filepath.Base(dir))
	}
	path := filepath.Join(dir, id+".jsonl")
	h := mustLoad(t, path)
	checkCompact(t, h)
	if list, err := List(dir); err != nil || len(list) != 1 || list[0].MessageCount != countMessages(h) {
		t.Errorf("List = %+v, %v; want one session with %d messages", list, err, countMessages(h))
	}
	if *update {
		copyFixture(t, path, "compact")
	}
}

// TestCLILongPath checks the hashed folder name of a path over 200 characters with
// non-ASCII letters and an emoji (two UTF-16 units), and a cwd reached by a symlink.
func TestCLILongPath(t *testing.T) {
	skipShort(t)
	r := clirig.New(t, clirig.Options{})
	real := filepath.Join(r.Dir, strings.Repeat("long_dir.name ", 12), "ünï😀")
	link := filepath.Join(r.Dir, "link")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	c := startCLI(t, r, link, clirig.HeadlessArgs()...)
	c.turn("hi SCENARIO:" + fakeapi.ScenarioText)
	c.closeAndWait()

	resolved, err := filepath.EvalSymlinks(real)
	if err != nil {
		t.Fatal(err)
	}
	key := ProjectKey(resolved)
	if len(key) <= maxKeyLen {
		t.Fatalf("test path too short to be hashed: %q", key)
	}
	if got := projectFolders(t, r.Home); !slices.Equal(got, []string{key}) {
		t.Fatalf("the CLI made project folders %q, ProjectKey says %q", got, key)
	}
	if dir := Dir(r.Home, link); filepath.Base(dir) != key {
		t.Errorf("Dir(link) = %q, want folder %q", dir, key)
	}
}

// TestCLIResumeAtBranches resumes at the first reply and continues from there: the
// file then holds an abandoned branch that Load leaves out.
func TestCLIResumeAtBranches(t *testing.T) {
	skipShort(t)
	r := clirig.New(t, clirig.Options{})
	c := startCLI(t, r, "", clirig.HeadlessArgs()...)
	var id string
	for _, p := range branchPrompts[:2] {
		id = sessionID(t, c.turn(p))
	}
	c.closeAndWait()
	path := filepath.Join(Dir(r.Home, r.Dir), id+".jsonl")
	first := mustLoad(t, path).Entries[1] // the reply to the first prompt

	before := len(r.API.Requests())
	c = startCLI(t, r, "", append(clirig.HeadlessArgs(), "--resume", id, "--resume-session-at", first.UUID)...)
	c.turn(branchPrompts[2])
	c.closeAndWait()
	req := firstConversationRequest(t, r.API.Requests()[before:])
	if !req.Contains(branchPrompts[0]) || req.Contains(branchPrompts[1]) {
		t.Fatalf("the request after --resume-session-at should carry the first turn only:\n%s", req.Text())
	}
	h := mustLoad(t, path)
	checkEntries(t, h.Entries, branchEntries)
	if *update {
		copyFixture(t, path, "branched")
		writeDamaged(t, path)
	}
}

// copyFixture copies a session file (and its subagent transcripts) into
// testdata/sessions/<name>.jsonl.
func copyFixture(t *testing.T, path, name string) {
	t.Helper()
	dst := filepath.Join("..", "testdata", "sessions")
	copyFile(t, path, filepath.Join(dst, name+".jsonl"))
	subs := filepath.Join(strings.TrimSuffix(path, ".jsonl"), "subagents")
	_ = os.RemoveAll(filepath.Join(dst, name))
	_ = filepath.WalkDir(subs, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(subs, p)
		copyFile(t, p, filepath.Join(dst, name, "subagents", rel))
		return nil
	})
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
