package process

import (
	"testing"
)

func TestDrainEvents(t *testing.T) {
	ch := make(chan Event, 10)
	for i := range 5 {
		ch <- Cancelled{RequestID: string(rune('a' + i))}
	}
	if got := DrainEvents(ch, 3); len(got) != 3 || got[0] != (Cancelled{"a"}) || got[2] != (Cancelled{"c"}) {
		t.Errorf("first batch = %v", got)
	}
	if got := DrainEvents(ch, 0); len(got) != 1 || got[0] != (Cancelled{"d"}) {
		t.Errorf("max 0 batch = %v", got)
	}
	close(ch)
	if got := DrainEvents(ch, 10); len(got) != 1 || got[0] != (Cancelled{"e"}) {
		t.Errorf("batch before close = %v", got)
	}
	if got := DrainEvents(ch, 10); got != nil {
		t.Errorf("after close = %v", got)
	}
}

func TestEventQueueStopKeepsExitedLast(t *testing.T) {
	q := newEventQueue()
	go q.pump()
	for range eventBuffer + 50 {
		q.push(Cancelled{RequestID: "x"})
	}
	q.finish(Exited{Code: 7})
	q.push(Cancelled{RequestID: "after finish"})
	q.stop()
	var last Event
	n := 0
	for ev := range q.out {
		last, n = ev, n+1
	}
	if x, ok := last.(Exited); !ok || x.Code != 7 || n != eventBuffer {
		t.Errorf("got %d events, last %#v", n, last)
	}
}

func TestEventQueueDeliversEverythingToAReader(t *testing.T) {
	q := newEventQueue()
	go q.pump()
	const total = 3 * eventBuffer
	go func() {
		for i := range total {
			q.push(Cancelled{RequestID: string(rune(i))})
		}
		q.finish(Exited{})
	}()
	i := 0
	for ev := range q.out {
		if i < total && ev != (Cancelled{RequestID: string(rune(i))}) {
			t.Fatalf("event %d = %#v", i, ev)
		}
		i++
	}
	if i != total+1 {
		t.Errorf("read %d events, want %d", i, total+1)
	}
	<-q.done
}
