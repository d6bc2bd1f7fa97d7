package review

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/internal/goldentest"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

var update = flag.Bool("update", false, "rewrite the golden screens in testdata/review")

// scenes are the states the goldens draw.
var scenes = map[string]func(s *Screen){
	// The first screen: the Go file's hunks with their origins, a line changed within.
	"top": func(*Screen) {},
	// Further down: a note waiting on the rename's hunk, the cursor in it, the revert
	// question asked.
	"note_and_revert": func(s *Screen) {
		press(s, "n", "n", "n", "c")
		typeText(s, "which guide? name it")
		press(s, "enter", "j", "j", "x")
	},
	// A search for "password", its second match current.
	"search": func(s *Screen) {
		press(s, "/")
		typeText(s, "password")
		press(s, "ctrl+n")
	},
}

// TestGoldenScreens draws each scene at 80 and 140 columns in the dark and light themes.
func TestGoldenScreens(t *testing.T) {
	for name, scene := range scenes {
		for _, kind := range []themes.Kind{themes.Dark, themes.Light} {
			for _, w := range []int{80, 140} {
				id := name + "_" + kind.String() + "_" + itoa(w)
				t.Run(id, func(t *testing.T) {
					s := newScreen(kind, w, 30)
					s.SetDiff(sampleDiff(), sampleOrigins())
					scene(s)
					settle(s)
					got := checkShape(t, s.View(w, 30), w, 30)
					goldentest.Require(t, filepath.Join(moduleRoot(t), "testdata", "review", id+".golden"), got, *update)
				})
			}
		}
	}
}

// Every size, down to tiny, gives exactly the lines asked for, none too wide, and
// nothing a file holds reaches the terminal raw (the new file's line has an escape
// sequence in it).
func TestShapesAndSafety(t *testing.T) {
	for name, scene := range scenes {
		for _, kind := range []themes.Kind{themes.Dark, themes.Mono} {
			for _, size := range [][2]int{{1, 1}, {4, 2}, {10, 3}, {30, 8}, {61, 15}, {80, 24}, {100, 40}, {220, 60}} {
				s := newScreen(kind, size[0], size[1])
				s.SetDiff(sampleDiff(), sampleOrigins())
				scene(s)
				press(s, "esc") // a field or question left open is fine too; this checks both
				for _, v := range []string{s.View(size[0], size[1]), viewAll(s, size[0], size[1])} {
					checkShape(t, v, size[0], size[1])
					if p := render.DisplayProblem(v); p != "" {
						t.Fatalf("%s %v %v: %s", name, kind, size, p)
					}
				}
			}
		}
	}
}

// viewAll scrolls to the end (where the hostile new file is) and draws.
func viewAll(s *Screen, w, h int) string {
	press(s, "G")
	return s.View(w, h)
}

// checkShape asserts a screen is exactly h lines of exactly w cells.
func checkShape(t *testing.T, v string, w, h int) string {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), h, ansi.Strip(v))
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw != w {
			t.Fatalf("line %d is %d cells, want %d: %q", i, lw, w, ansi.Strip(l))
		}
	}
	return v
}

// moduleRoot is the repository's top folder, where testdata lives.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found")
		}
		dir = parent
	}
}
