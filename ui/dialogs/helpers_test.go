package dialogs

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/internal/filehead"
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

var update = flag.Bool("update", false, "rewrite the golden screens in testdata/dialogs")

// testdataDir is the repository's testdata/dialogs.
var testdataDir = filepath.Join("..", "..", "testdata", "dialogs")

// clock is a hand-moved clock for the arming guard.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func newClock() *clock { return &clock{t: time.Date(2026, 11, 22, 1, 0, 0, 0, time.UTC)} }

func testEnv(c *clock) Env {
	return Env{Theme: themes.NewRef(themes.New(themes.Dark)), Keys: keymap.Default(), Now: c.now}
}

// loadRequest decodes a can_use_tool line copied from a capture.
func loadRequest(t *testing.T, name string) *protocol.CanUseTool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdataDir, "requests", name+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	msg, err := protocol.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	req, ok := msg.(*protocol.CanUseTool)
	if !ok {
		t.Fatalf("%s: decoded %T, want *protocol.CanUseTool", name, msg)
	}
	return req
}

// withProjectFixtures points the captures' /home/dev/project at testdata/dialogs/project
// for the duration of a test.
func withProjectFixtures(t *testing.T) {
	t.Helper()
	old := readLocalHead
	fixtures, err := filepath.Abs(filepath.Join(testdataDir, "project"))
	if err != nil {
		t.Fatal(err)
	}
	readLocalHead = func(path string, limit int) (filehead.Head, error) {
		if rest, ok := strings.CutPrefix(path, "/home/dev/project/"); ok {
			path = filepath.Join(fixtures, rest)
		}
		return old(path, limit)
	}
	t.Cleanup(func() { readLocalHead = old })
}

// keyMsg builds a key press from its name: "enter", "up", "shift+tab", "ctrl+g",
// "space", or a single character.
func keyMsg(s string) tea.KeyPressMsg {
	named := map[string]tea.Key{
		"enter":     {Code: tea.KeyEnter},
		"esc":       {Code: tea.KeyEscape},
		"up":        {Code: tea.KeyUp},
		"down":      {Code: tea.KeyDown},
		"left":      {Code: tea.KeyLeft},
		"right":     {Code: tea.KeyRight},
		"tab":       {Code: tea.KeyTab},
		"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"space":     {Code: tea.KeySpace, Text: " "},
		"backspace": {Code: tea.KeyBackspace},
		"pgup":      {Code: tea.KeyPgUp},
		"pgdown":    {Code: tea.KeyPgDown},
		"ctrl+g":    {Code: 'g', Mod: tea.ModCtrl},
		"ctrl+s":    {Code: 's', Mod: tea.ModCtrl},
		"ctrl+n":    {Code: 'n', Mod: tea.ModCtrl},
		"ctrl+u":    {Code: 'u', Mod: tea.ModCtrl},
	}
	if k, ok := named[s]; ok {
		return tea.KeyPressMsg(k)
	}
	r := []rune(s)
	if len(r) != 1 {
		panic("keyMsg: unknown key " + s)
	}
	return tea.KeyPressMsg(tea.Key{Code: r[0], Text: s})
}

// typeText sends each rune of s as a key press.
func typeText(d Dialog, s string) Action {
	var last Action
	for _, r := range s {
		last, _ = d.Update(keyMsg(string(r)))
	}
	return last
}

// press sends keys in order and returns the first action any of them produced.
func press(t *testing.T, d Dialog, keys ...string) Action {
	t.Helper()
	for i, k := range keys {
		if a, _ := d.Update(keyMsg(k)); a != nil {
			if i != len(keys)-1 {
				t.Fatalf("key %q (#%d of %v) already produced %#v", k, i+1, keys, a)
			}
			return a
		}
	}
	return nil
}

// open initialises a dialog and moves the clock past its grace period.
func open(d Dialog, c *clock) Dialog {
	d.Init()
	c.advance(ArmDelay)
	return d
}

// checkFits fails when a view is wider or taller than it was allowed to be.
func checkFits(t *testing.T, view string, width, height int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > height {
		t.Errorf("view is %d lines high, more than %d", len(lines), height)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("line %d is %d cells wide, more than %d: %q", i+1, w, width, ansi.Strip(l))
		}
	}
}

// requireGolden compares a screen, without its styling, to testdata/dialogs/<name>.golden.
func requireGolden(t *testing.T, name, view string) {
	t.Helper()
	got := ansi.Strip(view) + "\n"
	path := filepath.Join(testdataDir, name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui/dialogs -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("screen %s differs from its golden file:\n--- want\n%s\n--- got\n%s", name, want, got)
	}
}

func stripped(s string) string { return ansi.Strip(s) }

func typeName(v any) string { return fmt.Sprintf("%T", v) }
