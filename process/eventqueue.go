package process

import "sync"

// eventQueue sits between the session's producers and the Events channel. Producers
// never block on it, so a UI that stops reading cannot stall the stdout reader (and with
// it every control response); a pump goroutine feeds the channel at the reader's pace.
type eventQueue struct {
	out chan Event

	mu       sync.Mutex
	items    []Event
	inflight bool // the pump holds taken events it has not delivered yet
	stopped  bool // abandon is closed
	finished bool // Exited is queued; later events are dropped

	wake    chan struct{} // cap 1: items were added
	abandon chan struct{} // closed by Close: stop waiting for the reader
	done    chan struct{} // closed when the pump has closed out
}

// eventBuffer is the Events channel's capacity: what Close can leave for a late reader.
const eventBuffer = 1024

func newEventQueue() *eventQueue {
	return &eventQueue{
		out:     make(chan Event, eventBuffer),
		wake:    make(chan struct{}, 1),
		abandon: make(chan struct{}),
		done:    make(chan struct{}),
	}
}

// push queues ev; after finish it is dropped. While nothing waits before it and the
// channel has room, ev goes straight into the channel: a fast stream (thousands of
// lines a second) then does not wake the pump for every line.
func (q *eventQueue) push(ev Event) {
	q.mu.Lock()
	if q.finished {
		q.mu.Unlock()
		return
	}
	if len(q.items) == 0 && !q.inflight && !q.stopped {
		select {
		case q.out <- ev:
			q.mu.Unlock()
			return
		default:
		}
	}
	q.items = append(q.items, ev)
	q.mu.Unlock()
	q.signal()
}

// finish queues the last event.
func (q *eventQueue) finish(ev Exited) {
	q.mu.Lock()
	if !q.finished {
		q.items = append(q.items, ev)
		q.finished = true
	}
	q.mu.Unlock()
	q.signal()
}

func (q *eventQueue) signal() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// take hands the pump what is queued; the pump calls delivered once it has sent it,
// and until then push sends nothing itself (it would overtake).
func (q *eventQueue) take() ([]Event, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	items := q.items
	q.items = nil
	q.inflight = len(items) > 0
	return items, q.finished
}

func (q *eventQueue) delivered() {
	q.mu.Lock()
	q.inflight = false
	q.mu.Unlock()
}

// pump delivers events in order until the last one, then closes out.
func (q *eventQueue) pump() {
	defer close(q.done)
	defer close(q.out)
	for {
		batch, finished := q.take()
		for i, ev := range batch {
			select {
			case q.out <- ev:
			case <-q.abandon:
				rest, _ := q.take()
				q.flush(append(batch[i:], rest...))
				return
			}
		}
		if finished {
			return
		}
		q.delivered()
		select {
		case <-q.wake:
		case <-q.abandon:
			rest, _ := q.take()
			q.flush(rest)
			return
		}
	}
}

// flush stores what fits in the channel's buffer without waiting for a reader. It is
// called only after the last event was queued, and makes room for that one by dropping
// the oldest buffered event if it must: a late reader always sees Exited.
func (q *eventQueue) flush(rest []Event) {
	for i, ev := range rest {
		last := i == len(rest)-1
		select {
		case q.out <- ev:
			continue
		default:
		}
		if !last {
			continue // no reader and no room: dropped
		}
		select {
		case <-q.out: // the pump is the only sender, so this frees a slot
		default:
		}
		q.out <- ev
	}
}

// stop makes the pump deliver what fits and quit; it waits for that.
func (q *eventQueue) stop() {
	q.mu.Lock()
	if !q.stopped {
		q.stopped = true // under mu: push sends nothing itself from now on
		close(q.abandon)
	}
	q.mu.Unlock()
	<-q.done
}
