package commands

import (
	"os"
	"path/filepath"
	"testing"
)

// The default export name is dated, carries the first 8 characters of the
// conversation's id and lands in the session's folder.
func TestExportDefaultNameInSessionFolder(t *testing.T) {
	dir := t.TempDir()
	h := &fakeSession{info: Info{Folder: dir, ID: "0c4f7d1e-2b8a"}, conversation: "# hi\n"}
	h.run(t, runExport(h, ""))
	if _, err := os.Stat(filepath.Join(dir, "gclaude-2026-03-04-0c4f7d1e.md")); err != nil {
		t.Fatalf("not written where expected: %v (notices %q)", err, h.notices)
	}
}
