package sessionserver

import (
	"encoding/json"
	"sync"

	"github.com/gclaude/gclaude/internal/sessionwire"
)

// subscriber is one screen attached to a session: frames for it are queued without
// waiting (the session's reader never blocks on a screen) and written by its own
// goroutine, first the replay of what it missed, then what is live.
type subscriber struct {
	conn *sessionwire.Conn

	mu      sync.Mutex
	queue   []byte // live frames not written yet
	spare   []byte // the last written batch's buffer, reused for the next
	closing bool   // write what is queued, then hang up
	dead    bool   // too slow, or its connection failed: queue nothing more
	wake    chan struct{}
	exit    bool // the Exit frame is queued
	sawExit bool // the Exit frame was written to it (writer only)

	done chan struct{} // closed when the writer returns
}

// batchCap is a new queue's capacity: what a read of claude's stdout brings while it
// streams, and more.
const batchCap = 64 << 10

// maxQueue is how far a screen may fall behind before the server lets it go (it can
// attach again and replay): a frozen screen must not hold the server's memory.
const maxQueue = 128 << 20

func newSubscriber(conn *sessionwire.Conn) *subscriber {
	return &subscriber{conn: conn, wake: make(chan struct{}, 1), done: make(chan struct{})}
}

// send queues one frame. The caller holds the session's lock, which keeps frames in
// the session's order.
func (b *subscriber) send(typ byte, payload []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.dead || b.closing {
		return
	}
	if len(b.queue)+sessionwire.HeaderSize+len(payload) > maxQueue {
		b.dead = true
		b.queue = nil
		_ = b.conn.Close() // the writer and the reader both end
		return
	}
	if b.queue == nil {
		b.queue, b.spare = b.spare, nil
		if b.queue == nil {
			b.queue = make([]byte, 0, batchCap) // a read's lines fit without growing
		}
	}
	b.queue = sessionwire.AppendFrame(b.queue, typ, payload)
	if typ == sessionwire.FrameExit {
		b.exit = true
	}
}

// sendJSON queues v as one frame.
func (b *subscriber) sendJSON(typ byte, v any) {
	p, err := json.Marshal(v)
	if err == nil {
		b.send(typ, p)
	}
}

// notice queues a Notice.
func (b *subscriber) notice(kind, requestID, text string) {
	b.sendJSON(sessionwire.FrameNotice, sessionwire.Notice{Kind: kind, RequestID: requestID, Text: text})
}

// kick tells the writer there is something to write.
func (b *subscriber) kick() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// finish makes the writer write what is queued, then return.
func (b *subscriber) finish() {
	b.mu.Lock()
	b.closing = true
	b.mu.Unlock()
	b.kick()
}

// write is the writer goroutine: first (the replay), then every queued frame.
// exitSeen runs once the Exit frame has been written.
func (b *subscriber) write(first func() error, exitSeen func()) {
	defer close(b.done)
	if first != nil {
		if err := first(); err != nil {
			b.fail()
			return
		}
	}
	for {
		b.mu.Lock()
		out, closing, exit := b.queue, b.closing, b.exit
		b.queue = nil
		b.mu.Unlock()
		if len(out) > 0 {
			if err := b.conn.WriteRaw(out); err != nil {
				b.fail()
				return
			}
			if exit && !b.sawExit {
				b.sawExit = true
				exitSeen()
			}
			if cap(out) <= 4*batchCap { // a buffer grown by a huge line is not kept
				b.mu.Lock()
				b.spare = out[:0]
				b.mu.Unlock()
			}
			continue
		}
		if closing {
			return
		}
		<-b.wake
	}
}

func (b *subscriber) fail() {
	b.mu.Lock()
	b.dead, b.queue = true, nil
	b.mu.Unlock()
	_ = b.conn.Close()
}
