package session

import (
	"testing"

	"github.com/gclaude/gclaude/process"
)

// Events that arrive while the batch lingers join it; a closed channel ends it.
func TestCollectEventsTakesWhatArrivesWhileLingering(t *testing.T) {
	ch := make(chan process.Event, 8)
	ch <- process.Cancelled{RequestID: "1"}
	got := collectEvents(ch, 256, func() {
		ch <- process.Cancelled{RequestID: "2"} // arrives during the linger
		ch <- process.Cancelled{RequestID: "3"}
	})
	if len(got) != 3 {
		t.Fatalf("got %d events, want the first and the two that arrived while lingering", len(got))
	}
	ch <- process.Cancelled{RequestID: "4"}
	ch <- process.Cancelled{RequestID: "5"}
	if got := collectEvents(ch, 1, func() {}); len(got) != 1 {
		t.Fatalf("max 1: got %d events", len(got))
	}
	close(ch)
	if got := collectEvents(ch, 256, func() {}); len(got) != 1 {
		t.Fatalf("the last event before the close: got %d", len(got))
	}
	if got := collectEvents(ch, 256, func() { t.Fatal("no linger on a closed channel") }); got != nil {
		t.Fatalf("a closed, empty channel: got %v, want nil", got)
	}
}
