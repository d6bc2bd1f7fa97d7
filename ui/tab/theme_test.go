package tab

import (
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/themes"
)

// A theme switch reaches the dialog on screen and the one queued behind it: both
// render exactly as dialogs built under the new theme do.
func TestThemeSwitchReachesOpenAndQueuedDialogs(t *testing.T) {
	open := func(kind themes.Kind) *harness {
		h := newHarness(t, func(o *launchOptions) { o.Theme = kind })
		h.events(process.PermissionRequest{Req: bashRequest("req-1", "")})
		h.events(process.PermissionRequest{Req: bashRequest("req-2", "")})
		if h.tab.dialogs.Len() != 2 {
			t.Fatalf("dialogs = %d, want 2", h.tab.dialogs.Len())
		}
		return h
	}
	h := open(themes.Dark)
	before := h.tab.dialogs.At(1).Dialog.View(80, 20)
	h.theme.Set(themes.New(themes.Light)) // what the workspace does on a switch
	h.tab.SetStyles()
	want := open(themes.Light)
	for i := range h.tab.dialogs.Len() {
		got, exp := h.tab.dialogs.At(i).Dialog.View(80, 20), want.tab.dialogs.At(i).Dialog.View(80, 20)
		if got != exp {
			t.Errorf("dialog %d keeps the old theme:\n%q\nwant\n%q", i, got, exp)
		}
	}
	if before == h.tab.dialogs.At(1).Dialog.View(80, 20) {
		t.Error("the queued dialog renders the same under both themes: the test shows nothing")
	}
}
