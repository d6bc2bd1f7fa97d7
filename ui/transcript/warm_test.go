package transcript

import (
	"slices"
	"testing"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// Warming renders what the view would, and only settled replies never drawn.
func TestWarmRendersWhatTheViewWould(t *testing.T) {
	st := themes.New(themes.Mono)
	warm, cold := NewConversation(), NewConversation()
	converse(warm, "a1", 3000, true)
	converse(cold, "a1", 3000, true)
	wv, cv := NewView(st, keymap.Default(), warm), NewView(st, keymap.Default(), cold)
	wv.SetSize(80, 20)
	cv.SetSize(80, 20)
	work := wv.Warm()
	if work == nil {
		t.Fatal("a settled reply never drawn is not warmed")
	}
	wv.ApplyWarm(work())
	if wv.Warm() != nil {
		t.Fatal("warmed twice")
	}
	if got, want := wv.View(), cv.View(); got != want {
		t.Fatalf("the warmed view differs:\n%s\n---\n%s", got, want)
	}
	var lines []string
	for _, it := range warm.items {
		if ti, ok := it.(*textItem); ok {
			lines = ti.kept.lines
		}
	}
	if len(lines) == 0 || slices.Equal(lines, []string{""}) {
		t.Fatal("no lines kept")
	}
}
