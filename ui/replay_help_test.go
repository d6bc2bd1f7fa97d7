package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/internal/replay"
)

// The help screen of a recording played back lists the playback keys (the replay's own
// behaviour is tested in ui/tab).

// openCapture opens a recording of the repository's corpus (testdata/captures).
func openCapture(t *testing.T, name string, opts replay.Options) *replay.Player {
	t.Helper()
	p, err := replay.Open(capturefiles.Path(t, name+".jsonl"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

// replayHarness drives the root with a Player as its Backend.
func replayHarness(t *testing.T, p *replay.Player) *harness {
	t.Helper()
	return newHarness(t, func(o *Options) {
		o.Backend = p
		o.Replay = true
	})
}

func mustShow(t *testing.T, screen string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(screen, w) {
			t.Fatalf("screen lacks %q:\n%s", w, screen)
		}
	}
}

func TestReplayHelpScreen(t *testing.T) {
	p := openCapture(t, "exp02a_perm_allow", replay.Options{Paused: true})
	h := replayHarness(t, p)
	h.send(tea.WindowSizeMsg{Width: 120, Height: 50})
	h.typeText("?")
	mustShow(t, h.screen(), "Replay (on an empty prompt)", "pause/resume", "faster", "slower", "Anywhere")
	live := newHarness(t)
	live.send(tea.WindowSizeMsg{Width: 120, Height: 50})
	live.typeText("?")
	if strings.Contains(live.screen(), "Replay") {
		t.Errorf("a live session's help lists the replay keys:\n%s", live.screen())
	}
}
