package tab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// projectDir makes a small project folder (not a git work tree: files.List walks it).
func projectDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"main.go", "README.md", "internal/files/match.go", "my docs/notes.md"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func newMentionHarness(t *testing.T) *harness {
	dir := projectDir(t)
	h := newHarness(t, func(o *launchOptions) { o.CWD = dir })
	h.tab.sess.CWD = dir
	return h
}

func TestMentionPopupOnScreen(t *testing.T) {
	h := newMentionHarness(t)
	h.typeText("see @mgo")
	screen := h.screen()
	if !strings.Contains(screen, "❯ @main.go") || !strings.Contains(screen, "@internal/files/match.go") {
		t.Fatalf("popup:\n%s", screen)
	}
	h.keys("esc")
	if strings.Contains(h.screen(), "@main.go") {
		t.Fatalf("popup still drawn after esc:\n%s", h.screen())
	}
}
