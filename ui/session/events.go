package session

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
)

// eventLinger is how long the reader keeps a batch open after its first event. A real
// API paces its stream (a delta every few milliseconds), so without it every delta
// reached Update alone, each costing goroutine wakeups, an Update, a layout and a look
// at the frame. A few milliseconds is far under a frame: nothing shows later for it.
const eventLinger = 4 * time.Millisecond

// maxEventBatch caps one frame's worth of coalesced events.
const maxEventBatch = 256

// Events is one frame's worth of session events: one blocking read, then whatever
// else was ready (stream deltas coalesce here). Closed means the channel ended.
type Events struct {
	Gen    int
	Events []process.Event
	Closed bool
}

// ReadEvents is the production event reader: one blocking read, then whatever else
// arrives within eventLinger, as one Events message of generation gen.
func ReadEvents(ch <-chan process.Event, gen int) tea.Cmd {
	return func() tea.Msg {
		evs := collectEvents(ch, maxEventBatch, func() { time.Sleep(eventLinger) })
		return Events{Gen: gen, Events: evs, Closed: evs == nil}
	}
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
