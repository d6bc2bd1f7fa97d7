package ui

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/aymanbagabas/go-udiff"
)

var update = flag.Bool("update", false, "rewrite the golden screens in testdata/ui")

// goldenDir is the repository's testdata/ui.
var goldenDir = filepath.Join("..", "testdata", "ui")

// requireGolden compares a screen with testdata/ui/<name>.golden. The screen is stored
// as the View emits it: lipgloss writes 24-bit colour SGR sequences whatever the
// terminal (Bubble Tea downsamples on output), so the goldens are independent of the
// machine. Differences are shown with escapes made visible.
func requireGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(goldenDir, name+".golden")
	if *update {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui -run Golden -update to create it)", err)
	}
	if string(want) == got {
		return
	}
	diff := udiff.Unified("golden", "got", escapeLines(string(want)), escapeLines(got))
	t.Fatalf("screen %s differs from its golden (go test ./ui -run Golden -update rewrites it):\n%s\nplain screen:\n%s", name, diff, stripANSI(got))
}

func escapeLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		q := strconv.Quote(l)
		lines[i] = q[1 : len(q)-1]
	}
	return strings.Join(lines, "\n")
}

// goldenScreens are the states every size and theme is drawn in.
var goldenScreens = []struct {
	name  string
	setup func(h *harness)
}{
	{"empty", func(h *harness) {}},
	{"help", func(h *harness) {
		h.ready()
		h.keys("?")
	}},
	{"help_end", func(h *harness) { // scrolled to its end
		h.ready()
		h.keys("?", "G")
	}},
	{"running", func(h *harness) {
		h.ready()
		h.typeText("Explain the layout of this project")
		h.keys("enter")
		h.msgs(systemInit(), toolUse("toolu_1"))
		h.typeText("and then the tests")
		h.keys("enter")
		h.typeText("draft in progress")
		h.now = h.now.Add(75 * time.Second)
	}},
	{"completion", func(h *harness) {
		h.ready()
		h.typeText("/c")
	}},
}

func TestGoldenScreens(t *testing.T) {
	for _, sc := range goldenScreens {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			for _, theme := range []string{"dark", "light"} {
				name := fmt.Sprintf("%s_%dx%d_%s", sc.name, size[0], size[1], theme)
				t.Run(name, func(t *testing.T) {
					h := newHarness(t, func(o *Options) { o.Theme = theme })
					h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
					sc.setup(h)
					requireGolden(t, name, h.m.render())
				})
			}
		}
	}
}

func TestGoldenTooSmall(t *testing.T) {
	for _, theme := range []string{"dark", "light"} {
		t.Run(theme, func(t *testing.T) {
			h := newHarness(t, func(o *Options) { o.Theme = theme })
			h.typeText("a draft")
			h.send(tea.WindowSizeMsg{Width: 50, Height: 12})
			requireGolden(t, "too_small_50x12_"+theme, h.m.render())
		})
	}
}
