package tasks

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/internal/goldentest"
	"github.com/gclaude/gclaude/themes"
)

var update = flag.Bool("update", false, "rewrite the golden screens in testdata/tasks")

// requireGolden compares a screen with testdata/tasks/<name>.golden (raw,
// escape sequences included); -update rewrites it.
func requireGolden(t *testing.T, name, got string) {
	t.Helper()
	goldentest.Require(t, filepath.Join(moduleRoot(t), "testdata", "tasks", name+".golden"), got, *update)
}

// checkShape asserts a screen is exactly h lines of at most w cells.
func checkShape(t *testing.T, s string, w, h int) string {
	t.Helper()
	lines := strings.Split(s, "\n")
	if len(lines) != h {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), h, ansi.Strip(s))
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw > w {
			t.Fatalf("line %d is %d cells, more than %d: %q", i, lw, w, ansi.Strip(l))
		}
	}
	return s
}

// goldenScenes build the states drawn in the goldens.
var goldenScenes = map[string]func(w *world){
	"empty":    func(*world) {},
	"running":  sceneRunning,
	"finished": sceneAllFinished,
	"open": func(w *world) {
		sceneRunning(w)
		w.pane.OpenToolUse(toolSurvey)
	},
	"open_two": func(w *world) {
		sceneRunning(w)
		w.pane.Open(idSurvey)
		w.pane.Open(idAudit)
	},
	"open_finished": func(w *world) {
		sceneAllFinished(w)
		w.pane.Open(idAudit)
	},
	"open_shell": func(w *world) {
		sceneRunning(w)
		w.pane.Open(idBuild)
	},
	"confirm": func(w *world) {
		sceneRunning(w)
		w.pane.selected = idSurvey
		press(w.pane, "s")
	},
}

// TestGoldenScreens draws each scene as the overlay of a narrow terminal
// (80×24) and as the side pane beside the transcript of a wide one
// (160×40), focused.
func TestGoldenScreens(t *testing.T) {
	for name, scene := range goldenScenes {
		t.Run(name+"_overlay_80x24", func(t *testing.T) {
			w := newWorld(themes.Dark)
			scene(w)
			requireGolden(t, name+"_overlay_80x24", checkShape(t, w.pane.Overlay(80, 24), 80, 24))
		})
		t.Run(name+"_wide_160x40", func(t *testing.T) {
			w := newWorld(themes.Dark)
			scene(w)
			w.pane.SetFocused(true)
			requireGolden(t, name+"_wide_160x40", checkShape(t, wideScreen(w, 160, 40), 160, 40))
		})
	}
}

// wideScreen is the main transcript with the side pane at its right, as
// the root draws them on a wide terminal.
func wideScreen(w *world, width, height int) string {
	pw := w.pane.PreferredWidth(width)
	w.view.SetSize(width-pw, height)
	return Beside(w.view.View(), width-pw, w.pane.View(pw, height))
}

// TestShapes: every size, down to tiny, gives exactly the lines asked for,
// none too wide.
func TestShapes(t *testing.T) {
	for _, scene := range goldenScenes {
		w := newWorld(themes.Mono)
		scene(w)
		for _, size := range [][2]int{{1, 1}, {4, 2}, {5, 3}, {20, 6}, {40, 10}, {61, 15}, {100, 30}, {220, 60}} {
			checkShape(t, w.pane.Overlay(size[0], size[1]), size[0], size[1])
			w.pane.SetFocused(true)
			checkShape(t, w.pane.View(size[0], size[1]), size[0], size[1])
			w.pane.SetFocused(false)
			checkShape(t, w.pane.View(size[0], size[1]), size[0], size[1])
		}
	}
}
