package process

import (
	"testing"
)

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
