package process

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"sync"

	"github.com/gclaude/gclaude/protocol"
)

// calls correlates client→CLI control requests with their responses by request_id.
type calls struct {
	prefix string // random per session, so ids never match another session's

	mu      sync.Mutex
	seq     uint64
	pending map[string]*call
	err     error // once set (the CLI's output ended), new calls fail with it
}

// call is one request waiting for its response. Whoever removes it from the map
// delivers its outcome, so that happens exactly once.
type call struct {
	subtype string
	reply   chan callResult  // cap 1
	onReply func(callResult) // optional: runs instead of sending on reply
}

type callResult struct {
	body protocol.ControlResponseBody
	err  error
}

func newCalls() *calls {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return &calls{prefix: "gc-" + hex.EncodeToString(b[:]) + "-", pending: map[string]*call{}}
}

// add registers a request and returns its new id.
func (c *calls) add(subtype string, onReply func(callResult)) (string, *call, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return "", nil, c.err
	}
	c.seq++
	id := c.prefix + strconv.FormatUint(c.seq, 10)
	cl := &call{subtype: subtype, reply: make(chan callResult, 1), onReply: onReply}
	c.pending[id] = cl
	return id, cl, nil
}

// take removes and returns the call with id, or nil when it is not pending.
func (c *calls) take(id string) *call {
	c.mu.Lock()
	defer c.mu.Unlock()
	cl := c.pending[id]
	delete(c.pending, id)
	return cl
}

// resolve delivers a response; it reports false for an id that is not pending (an
// echo, or an answer that came after its caller gave up).
func (c *calls) resolve(b protocol.ControlResponseBody) bool {
	cl := c.take(b.RequestID)
	if cl == nil {
		return false
	}
	res := callResult{body: b}
	if b.IsError() {
		res.err = controlError(cl.subtype, b)
	}
	cl.deliver(res)
	return true
}

// failAll fails every pending call and every later one with err.
func (c *calls) failAll(err error) {
	c.mu.Lock()
	if c.err == nil {
		c.err = err
	}
	pending := c.pending
	c.pending = map[string]*call{}
	c.mu.Unlock()
	for _, cl := range pending {
		cl.deliver(callResult{err: err})
	}
}

func (cl *call) deliver(res callResult) {
	if cl.onReply != nil {
		cl.onReply(res)
		return
	}
	cl.reply <- res
}
