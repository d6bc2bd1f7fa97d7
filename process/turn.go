package process

import (
	"sync"

	"github.com/gclaude/gclaude/protocol"
)

// turnState follows whether a turn is running: Send and system/init start one (the CLI
// can start a turn by itself for a background task), a result ends it unless more turns
// are queued.
type turnState struct {
	mu        sync.Mutex
	running   bool
	gotResult bool // a result was seen and no turn started after it
}

func (t *turnState) started() {
	t.mu.Lock()
	t.running, t.gotResult = true, false
	t.mu.Unlock()
}

func (t *turnState) ended(r *protocol.Result) {
	t.mu.Lock()
	t.running = r.QueuedTurnCount > 0
	t.gotResult = !t.running
	t.mu.Unlock()
}

func (t *turnState) isRunning() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.running
}

func (t *turnState) resultSeen() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.gotResult
}
