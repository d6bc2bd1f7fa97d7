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

// An event pushed while nothing waits before it goes straight into the channel, without
// the pump: waking the pump for every stdout line was a goroutine switch per line.
func TestEventQueuePushSendsDirectlyWhenNothingWaits(t *testing.T) {
	q := newEventQueue() // no pump
	q.push(Cancelled{RequestID: "a"})
	if len(q.out) != 1 || len(q.items) != 0 {
		t.Fatalf("channel holds %d, queue %d; want the event in the channel", len(q.out), len(q.items))
	}
}

// A direct send never overtakes queued events, nor events the pump has taken and not
// delivered yet, and there is none after stop.
func TestEventQueueDirectSendKeepsOrder(t *testing.T) {
	q := newEventQueue() // no pump: the test plays its part
	for range eventBuffer {
		q.push(Cancelled{RequestID: "fill"})
	}
	q.push(Cancelled{RequestID: "queued"}) // the channel is full
	<-q.out                                // room again, but "queued" waits
	q.push(Cancelled{RequestID: "later"})
	if len(q.items) != 2 {
		t.Fatalf("queue holds %d events, want 2 (queued, later)", len(q.items))
	}
	q.take() // the pump holds them
	q.push(Cancelled{RequestID: "while delivering"})
	if len(q.items) != 1 {
		t.Fatal("an event was sent while the pump held earlier ones")
	}
	q.delivered()
	q.take()
	q.delivered()
	close(q.done) // what the pump would do; stop waits for it
	q.stop()
	q.push(Cancelled{RequestID: "after stop"})
	if len(q.items) != 1 {
		t.Fatal("an event was sent after stop")
	}
}
