package frame

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

func TestOutputIsDrawnOncePerInterval(t *testing.T) {
	var f Cache
	t1 := time.Unix(1000, 0)
	f.Store(tea.NewView("old"), t1, 0)
	if wait, ok := f.Output(t1); !ok || wait != Interval {
		t.Fatalf("session output must schedule a redraw after one interval: %v %v", wait, ok)
	}
	if v, ok := f.Cached(t1.Add(time.Millisecond)); !ok || v.Content != "old" {
		t.Fatal("output within the interval must reuse the last frame")
	}
	if _, ok := f.Cached(t1.Add(Interval)); ok {
		t.Fatal("output must be drawn once the interval has passed")
	}
	if _, ok := f.Output(t1); ok {
		t.Fatal("one pending redraw is enough")
	}
	f.Due()
	if _, ok := f.Cached(t1.Add(time.Millisecond)); ok {
		t.Fatal("the due redraw must draw")
	}
	if _, ok := f.Output(t1); !ok {
		t.Fatal("after the due redraw, new output schedules another")
	}
}

func TestSlowDrawingWaitsLonger(t *testing.T) {
	var f Cache
	t1 := time.Unix(1000, 0)
	f.Store(tea.NewView("old"), t1, 3*time.Millisecond)
	f.Output(t1)
	if _, ok := f.Cached(t1.Add(Interval)); !ok {
		t.Error("a frame that took 3 ms must not be redrawn for output after one interval")
	}
	if _, ok := f.Cached(t1.Add(DrawShare * 3 * time.Millisecond)); ok {
		t.Error("after DrawShare times the drawing cost, output must be drawn")
	}
	f.Store(tea.NewView("old"), t1, time.Second)
	f.Output(t1)
	if _, ok := f.Cached(t1.Add(MaxStreamInterval)); ok {
		t.Error("output must never wait longer than MaxStreamInterval")
	}
}

func TestInvalidateDrawsAfresh(t *testing.T) {
	var f Cache
	t1 := time.Unix(1000, 0)
	f.Store(tea.NewView("old"), t1, 0)
	if v, ok := f.Cached(t1.Add(time.Hour)); !ok || v.Content != "old" {
		t.Error("with nothing new, the last frame stays valid")
	}
	f.Invalidate()
	if _, ok := f.Cached(t1); ok {
		t.Error("an invalidated frame must be drawn afresh")
	}
}
