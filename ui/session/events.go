package session

import (
	"time"

	"github.com/gclaude/gclaude/process"
)

// eventLinger is how long the reader keeps a batch open after its first event. A real
// API paces its stream (a delta every few milliseconds), so without it every delta
// reached Update alone, each costing goroutine wakeups, an Update, a layout and a look
// at the frame. A few milliseconds is far under a frame: nothing shows later for it.
const eventLinger = 4 * time.Millisecond

// maxEventBatch caps one frame's worth of coalesced events.
const maxEventBatch = 256

// ReadEvents is the production event reader: it blocks for one event, then takes
// whatever else arrives within eventLinger (stream deltas coalesce here), as one
// frame's worth. It returns nil only when ch is closed and empty.
func ReadEvents(ch <-chan process.Event) []process.Event {
	return collectEvents(ch, maxEventBatch, func() { time.Sleep(eventLinger) })
}

// collectEvents waits for one event, lets linger pass, and takes what is ready then,
// up to max events. It returns nil only when ch is closed and empty. The events
// channel is buffered (process.eventBuffer), so nothing waits on the sleep.
func collectEvents(ch <-chan process.Event, max int, linger func()) []process.Event {
	ev, ok := <-ch
	if !ok {
		return nil
	}
	linger()
	batch := []process.Event{ev}
	for len(batch) < max {
		select {
		case ev, ok := <-ch:
			if !ok {
				return batch
			}
			batch = append(batch, ev)
		default:
			return batch
		}
	}
	return batch
}
