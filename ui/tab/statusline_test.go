package tab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/ui/statusline"
)

// statusLineHarness is a session whose user settings set a status line command.
func statusLineHarness(t *testing.T, command string) *harness {
	t.Helper()
	home, project := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o700); err != nil {
		t.Fatal(err)
	}
	settings := `{"statusLine": {"type": "command", "command": ` + strconvQuote(command) + `}}`
	if err := os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	return newHarness(t, func(o *launchOptions) { o.Home, o.CWD = home, project })
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// rowUnderEditor is the screen row between the editor's bottom border and the status bar.
func rowUnderEditor(screen string) string {
	lines := strings.Split(screen, "\n")
	return lines[len(lines)-3]
}

func TestStatusLineUnderThePromptFollowsTheTurn(t *testing.T) {
	h := statusLineHarness(t, `sed -n 's/.*"total_cost_usd":\([0-9.]*\).*/cost \1/p'`)
	before := h.tab.screen.transcriptRows
	h.ready()
	if got := rowUnderEditor(h.screen()); !strings.Contains(got, "cost 0") {
		t.Fatalf("row under the editor %q, want the command's output:\n%s", got, h.screen())
	}
	if h.tab.screen.transcriptRows != before-1 {
		t.Errorf("transcript rows %d, want %d: the line takes one", h.tab.screen.transcriptRows, before-1)
	}
	init := systemInit()
	init.CWD = h.tab.place.Dir
	h.msgs(init, result())
	if got := rowUnderEditor(h.screen()); strings.Contains(got, "0.0123") {
		t.Fatalf("ran before the debounce: %q", got)
	}
	h.advance(statusline.Debounce)
	if got := rowUnderEditor(h.screen()); !strings.Contains(got, "cost 0.0123") {
		t.Errorf("after the turn: %q\n%s", got, h.screen())
	}
}

func TestStatusLineFailureNoticedOnce(t *testing.T) {
	h := statusLineHarness(t, `echo 'no such tool' >&2; exit 2`)
	h.ready()
	init := systemInit()
	init.CWD = h.tab.place.Dir
	h.msgs(init, result())
	h.advance(statusline.Debounce)
	screen := h.screen()
	if n := strings.Count(screen, "status line command exited with status 2: no such tool"); n != 1 {
		t.Errorf("%d notices of the failing command, want 1:\n%s", n, screen)
	}
	if strings.Contains(rowUnderEditor(screen), "no such tool") {
		t.Errorf("the failure took the status line's row")
	}
}

func TestNoStatusLineNoRow(t *testing.T) {
	h := newHarness(t, func(o *launchOptions) { o.Home, o.CWD = t.TempDir(), t.TempDir() })
	before := h.tab.screen.transcriptRows
	h.ready()
	h.msgs(systemInit(), result())
	if h.tab.screen.transcriptRows != before || h.tab.statusline.On() {
		t.Errorf("no statusLine set, yet it is on (%v) or took rows (%d→%d)", h.tab.statusline.On(), before, h.tab.screen.transcriptRows)
	}
}
