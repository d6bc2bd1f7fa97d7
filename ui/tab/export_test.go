package tab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// exportHarness is a session with one prompt in its transcript, working in dir.
func exportHarness(t *testing.T, dir string) *harness {
	t.Helper()
	h := newHarness(t, func(o *launchOptions) { o.CWD, o.Home = dir, filepath.Dir(dir) })
	h.msgs(systemInit())
	h.tab.sess.CWD = dir
	h.typeText("Explain this")
	h.keys("enter")
	return h
}

func TestExportNeverOverwritesUnasked(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "notes.md")
	if err := os.WriteFile(path, []byte("my notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := exportHarness(t, dir)
	h.run("/export notes.md")
	if b, _ := os.ReadFile(path); string(b) != "my notes" {
		t.Fatalf("the existing file was overwritten:\n%s", b)
	}
	h.transcriptHas(t, "notes.md already exists: nothing was written. /export --replace notes.md replaces it.")

	h.run("/export --replace notes.md")
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "Explain this") {
		t.Fatalf("--replace did not replace the file:\n%s", b)
	}
	h.transcriptHas(t, "replacing the file that was there")
}

func TestExportRefusesSymlinks(t *testing.T) {
	dir := t.TempDir()
	bashrc := filepath.Join(dir, "bashrc")
	if err := os.WriteFile(bashrc, []byte("export PATH=/usr/bin\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(bashrc, filepath.Join(dir, "out.md")); err != nil {
		t.Fatal(err)
	}
	h := exportHarness(t, dir)
	for _, c := range []string{"/export out.md", "/export --replace out.md"} {
		h.run(c)
		if b, _ := os.ReadFile(bashrc); string(b) != "export PATH=/usr/bin\n" {
			t.Fatalf("%s wrote through the link:\n%s", c, b)
		}
	}
	h.transcriptHas(t, "out.md is a symbolic link (to "+bashrc+"): nothing was written")
}

// The default name is never a reason to lose an earlier export of the same day.
func TestExportDefaultNameIsNumberedWhenTaken(t *testing.T) {
	dir := t.TempDir()
	h := exportHarness(t, dir)
	h.run("/export")
	h.run("/export")
	first := filepath.Join(dir, "gclaude-2026-11-22-sess-1.md")
	second := filepath.Join(dir, "gclaude-2026-11-22-sess-1-2.md")
	for _, p := range []string{first, second} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%v\n%s", err, h.tab.conversation.Markdown())
		}
	}
	h.transcriptHas(t, "conversation exported to ", "a new file")
}

// The write is atomic: no temporary file is left, and the file appears whole.
func TestExportLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	h := exportHarness(t, dir)
	h.run("/export out.md")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "out.md" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("folder holds %v, want only out.md", names)
	}
}
