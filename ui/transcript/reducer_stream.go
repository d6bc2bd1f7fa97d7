package transcript

import (
	"github.com/gclaude/gclaude/protocol"
)

// blockKey names a content block of a streamed API message.
type blockKey struct {
	msg   string
	index int
}

// streamState tracks the blocks of API messages being streamed. A block's
// item is created by content_block_start and fed by deltas; the assistant
// line that carries the finished block arrives before content_block_stop
// and replaces the preview.
type streamState struct {
	blocks map[blockKey]item
	// unclaimed are streamed blocks still waiting for their assistant
	// line, per message id, in block order.
	unclaimed map[string][]item
	// abandoned are blocks the CLI gave up (message_stop with abandoned_blocks)
	// in this turn, by message id. An interrupt leaves them as they are; an
	// answer that follows in the same turn is the retry of a failed stream,
	// and they go (discardStale).
	abandoned map[string][]item
}

func newStreamState() streamState {
	return streamState{blocks: map[blockKey]item{}, unclaimed: map[string][]item{}, abandoned: map[string][]item{}}
}

func (c *Conversation) applyStream(e *protocol.StreamEvent) {
	ev := e.Event
	msg := e.APIMessageID
	if msg == "" && ev.Message != nil {
		msg = ev.Message.ID
	}
	switch ev.Type {
	case protocol.EventMessageStart:
		c.endRetry()
		c.discardStale(msg)
	case protocol.EventContentBlockStart:
		if ev.ContentBlock != nil {
			c.startBlock(msg, ev.Index, *ev.ContentBlock)
		}
	case protocol.EventContentBlockDelta:
		if ev.Delta != nil {
			c.blockDelta(blockKey{msg, ev.Index}, ev.Delta)
		}
	case protocol.EventContentBlockStop:
		c.stopBlock(blockKey{msg, ev.Index})
	case protocol.EventMessageStop:
		if a := e.AbandonedBlocks; a != nil {
			c.abandon(a.APIMessageID, a.FromBlockIndex)
		}
		c.endMessage(msg)
	}
}

func (c *Conversation) startBlock(msg string, index int, cb protocol.ContentBlock) {
	var it item
	switch cb.Type {
	case protocol.BlockText:
		t := newStreamingText()
		t.append(cb.Text)
		it = t
	case protocol.BlockThinking, protocol.BlockRedactedThinking:
		th := &thinkingItem{streaming: true, started: c.clock(), redacted: cb.Type == protocol.BlockRedactedThinking}
		th.append(cb.Thinking)
		it = th
	case protocol.BlockToolUse:
		t := newTool(cb.ID, cb.Name)
		c.registerTool(t)
		it = t
	default:
		return // server tool blocks and the like: nothing to show yet
	}
	c.add(it)
	c.markLive(it)
	k := blockKey{msg, index}
	c.stream.blocks[k] = it
	c.stream.unclaimed[msg] = append(c.stream.unclaimed[msg], it)
}

func (c *Conversation) blockDelta(k blockKey, d *protocol.Delta) {
	switch it := c.stream.blocks[k].(type) {
	case *textItem:
		if d.Type == protocol.DeltaText {
			it.append(d.Text)
		}
	case *thinkingItem:
		if d.Type == protocol.DeltaThinking {
			it.append(d.Thinking)
		}
	case *toolItem:
		if d.Type == protocol.DeltaInputJSON {
			it.appendInput(d.PartialJSON)
		}
	}
}

// stopBlock ends a block whose assistant line never came (it normally
// arrives first): the preview becomes the final content.
func (c *Conversation) stopBlock(k blockKey) {
	it, ok := c.stream.blocks[k]
	if !ok {
		return
	}
	delete(c.stream.blocks, k)
	c.settle(it, false)
}

// settle ends a streamed block with what it has; interrupted marks output
// that was cut short.
func (c *Conversation) settle(it item, interrupted bool) {
	switch it := it.(type) {
	case *textItem:
		if !it.done {
			it.finish(it.text())
		}
		if interrupted && !it.interrupted {
			it.interrupted = true
			it.touch()
		}
	case *thinkingItem:
		if it.streaming {
			it.finish("", 0, c.clock())
		}
	case *toolItem:
		if interrupted {
			it.interrupt(c.clock())
		}
	}
}

// abandon settles the blocks of an interrupted message that will never
// complete.
func (c *Conversation) abandon(msg string, from int) {
	for k, it := range c.stream.blocks {
		if k.msg == msg && k.index >= from {
			delete(c.stream.blocks, k)
			c.settle(it, true)
		}
	}
	// What never got its assistant line is not in the conversation.
	c.stream.abandoned[msg] = append(c.stream.abandoned[msg], c.stream.unclaimed[msg]...)
}

// endMessage forgets a message once it stopped; blocks still open are
// settled as they are.
func (c *Conversation) endMessage(msg string) {
	for k, it := range c.stream.blocks {
		if k.msg == msg {
			delete(c.stream.blocks, k)
			c.settle(it, false)
		}
	}
	delete(c.stream.unclaimed, msg)
}

// claim finds the streamed item an assistant line's block completes: the
// first unclaimed block of the same kind (the same tool call for tool_use)
// in that message.
func (c *Conversation) claim(msg string, b protocol.ContentBlock) item {
	list := c.stream.unclaimed[msg]
	for i, it := range list {
		ok := false
		switch it := it.(type) {
		case *textItem:
			ok = b.Type == protocol.BlockText
		case *thinkingItem:
			ok = b.Type == protocol.BlockThinking || b.Type == protocol.BlockRedactedThinking
		case *toolItem:
			ok = b.Type == protocol.BlockToolUse && b.ID == it.call.ID
		}
		if ok {
			c.stream.unclaimed[msg] = append(list[:i:i], list[i+1:]...)
			return it
		}
	}
	return nil
}

// discardUnclaimed hides streamed previews that never got their assistant
// line: the CLI drops a partial stream when it retries the request.
func (c *Conversation) discardUnclaimed() {
	for msg, list := range c.stream.unclaimed {
		for _, it := range list {
			c.hide(it)
		}
		delete(c.stream.unclaimed, msg)
	}
	for k := range c.stream.blocks {
		delete(c.stream.blocks, k)
	}
}

// discardStale hides what was streamed of other API messages that never got their
// assistant line, or that the CLI abandoned: one message streams at a time in a
// transcript, so when another one starts or answers in the same turn, the earlier
// stream was a failed attempt (a mid-stream error the CLI retries without an
// api_retry line) and its text is not in the conversation.
func (c *Conversation) discardStale(msg string) {
	c.hideAllBut(c.stream.abandoned, msg, nil)
	c.hideAllBut(c.stream.unclaimed, msg, func(id string) {
		for k := range c.stream.blocks {
			if k.msg == id {
				delete(c.stream.blocks, k)
			}
		}
	})
}

// hideAllBut hides and forgets the streamed items of every message in byMsg but keep,
// calling also (if any) with each message it forgets.
func (c *Conversation) hideAllBut(byMsg map[string][]item, keep string, also func(id string)) {
	for id, list := range byMsg {
		if id == keep {
			continue
		}
		for _, it := range list {
			c.hide(it)
		}
		delete(byMsg, id)
		if also != nil {
			also(id)
		}
	}
}

// hide takes a streamed preview off the transcript.
func (c *Conversation) hide(it item) {
	it.base().hidden = true
	delete(c.live, it)
	if t, ok := it.(*toolItem); ok {
		delete(c.shared.tools, t.call.ID)
	}
}

func (c *Conversation) registerTool(t *toolItem) {
	c.shared.tools[t.call.ID] = toolRef{tool: t, owner: c}
	c.turn.tools = append(c.turn.tools, t)
}
