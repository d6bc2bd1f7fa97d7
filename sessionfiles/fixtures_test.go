package sessionfiles

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fixtures in testdata/sessions were written by the real CLI 2.1.328 talking to
// the fake API (go test ./sessionfiles -run TestCLI -update), except damaged.jsonl,
// which writeDamaged derives from branched.jsonl.

func fixture(name string) string { return filepath.Join("..", "testdata", "sessions", name+".jsonl") }

func TestFixtureTools(t *testing.T) {
	checkTools(t, mustLoad(t, fixture("tools")))
}

func TestFixtureCompact(t *testing.T) {
	checkCompact(t, mustLoad(t, fixture("compact")))
}

func TestFixtureBranched(t *testing.T) {
	h := mustLoad(t, fixture("branched"))
	checkEntries(t, h.Entries, branchEntries)
	if len(h.Warnings) != 0 {
		t.Errorf("warnings %q", h.Warnings)
	}
}

func TestFixtureForked(t *testing.T) {
	h := mustLoad(t, fixture("forked"))
	if h.Title != toolsTitle {
		t.Errorf("title %q, want %q", h.Title, toolsTitle)
	}
	if n := len(toolsEntries) + 4; len(h.Entries) != n {
		t.Errorf("%d entries, want %d (the tools session, the resumed turn and the fork's turn)", len(h.Entries), n)
	}
}

// TestFixtureDamaged reads a file with lines of unknown types, unknown fields and
// content blocks, a line that is not JSON, and a last line cut short.
func TestFixtureDamaged(t *testing.T) {
	h := mustLoad(t, fixture("damaged"))
	checkEntries(t, h.Entries, branchEntries[:3]) // the last reply is the cut line
	if len(h.Warnings) != 2 || !strings.Contains(h.Warnings[0], "not a JSON object") || !strings.Contains(h.Warnings[1], "cut short") {
		t.Errorf("warnings = %q, want the bad line and the cut-short last line", h.Warnings)
	}
	list, err := List(filepath.Dir(fixture("damaged")))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.ID == "damaged" && s.MessageCount != 3 { // the abandoned branch and the cut line do not count
			t.Errorf("damaged summary counts %d messages, want 3", s.MessageCount)
		}
	}
}

// TestFixturesList summarises the fixture folder and checks each summary against
// what Load reads from the same file.
func TestFixturesList(t *testing.T) {
	list, err := List(filepath.Join("..", "testdata", "sessions"))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for i, s := range list {
		ids[s.ID] = true
		if i > 0 && s.LastActivity.After(list[i-1].LastActivity) {
			t.Errorf("%s is newer than %s before it", s.ID, list[i-1].ID)
		}
		h := mustLoad(t, s.Path)
		if s.Title != h.Title || s.Model != h.Model {
			t.Errorf("%s: summary title/model %q/%q, Load says %q/%q", s.ID, s.Title, s.Model, h.Title, h.Model)
		}
		if s.MessageCount != countMessages(h) {
			t.Errorf("%s: summary counts %d messages, Load shows %d", s.ID, s.MessageCount, countMessages(h))
		}
	}
	for _, id := range []string{"tools", "compact", "branched", "forked", "damaged"} {
		if !ids[id] {
			t.Errorf("List lacks %s", id)
		}
	}
}

// writeDamaged writes testdata/sessions/damaged.jsonl from a branched session file:
// up to its last assistant line, which is cut in half, with foreign matter added.
func writeDamaged(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	lastAssistant := -1
	for i, l := range lines {
		if bytes.Contains(l, []byte(`"type":"assistant"`)) {
			lastAssistant = i
		}
	}
	var out [][]byte
	firstUser, firstAssistant := true, true
	for i, l := range lines[:lastAssistant+1] {
		switch {
		case i == lastAssistant:
			l = l[:len(l)/2]
		case firstUser && bytes.Contains(l, []byte(`"type":"user"`)):
			firstUser = false
			l = bytes.Replace(l, []byte(`{"parentUuid"`), []byte(`{"futureField":{"x":[1,"]}"]},"parentUuid"`), 1)
		case firstAssistant && bytes.Contains(l, []byte(`"type":"assistant"`)):
			firstAssistant = false
			l = bytes.Replace(l, []byte(`"content":[`), []byte(`"content":[{"type":"future_block","data":{"k":1}},`), 1)
		}
		out = append(out, l)
		if i == 0 {
			out = append(out,
				[]byte(`{"type":"brand-new-entry","payload":{"nested":[1,{"a":"}"}]},"sessionId":"x"}`),
				[]byte(`this line is not JSON`))
		}
	}
	dst := fixture("damaged")
	if err := os.WriteFile(dst, bytes.Join(out, []byte("\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}
