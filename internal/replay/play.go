package replay

import (
	"time"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// play is the player's goroutine: it waits out each gap of the recording and delivers
// the event, then Exited, then closes Events.
func (p *Player) play() {
	defer close(p.finished)
	var prev time.Duration
	inStep := false // a step is running through a run of stream events
	for _, it := range p.c.items {
		if !(inStep && it.stream) {
			byStep, ok := p.wait(it.at - prev)
			if !ok {
				p.finish()
				return
			}
			inStep = byStep && it.stream
		}
		prev = it.at
		if !p.deliver(it.ev) {
			p.finish()
			return
		}
	}
	if _, ok := p.wait(p.c.exitAt - prev); !ok {
		p.finish()
		return
	}
	select {
	case p.out <- p.exited():
		close(p.out)
	case <-p.done:
		p.finish()
	}
}

// wait waits out gap of recorded time at the current speed, holding while paused.
// byStep reports that a single step let the next event through; ok is false when the
// player was closed.
func (p *Player) wait(gap time.Duration) (byStep, ok bool) {
	if p.maxGap >= 0 && gap > p.maxGap {
		gap = p.maxGap
	}
	for {
		p.mu.Lock()
		paused, speed := p.paused, p.speed
		if paused && p.steps > 0 {
			p.steps--
			p.mu.Unlock()
			return true, true
		}
		p.mu.Unlock()

		if paused {
			p.signalParked()
			select {
			case <-p.wake:
				continue
			case <-p.done:
				return false, false
			}
		}
		if gap <= 0 {
			return false, true
		}
		real := time.Duration(float64(gap) / speed)
		start := p.clock.Now()
		fired, release := p.clock.After(real)
		select {
		case <-fired:
			release()
			return false, true
		case <-p.wake:
			// Speed or pause changed: what is left of the gap is rescaled.
			release()
			gap -= time.Duration(float64(p.clock.Now().Sub(start)) * speed)
		case <-p.done:
			release()
			return false, false
		}
	}
}

// deliver hands ev to the reader, or gives up when the player is closed.
func (p *Player) deliver(ev process.Event) bool {
	// Count the event before the send, so Progress already includes it when the
	// reader handles it; a send that never happens takes the count back.
	p.mu.Lock()
	p.note(ev)
	p.delivered++
	p.mu.Unlock()
	select {
	case p.out <- ev:
		return true
	case <-p.done:
		p.mu.Lock()
		p.delivered--
		p.mu.Unlock()
		return false
	}
}

// note keeps what a session would know at this point: which requests wait for an
// answer and whether the last turn got its result. Call with p.mu held.
func (p *Player) note(ev process.Event) {
	switch e := ev.(type) {
	case process.PermissionRequest:
		p.pending[e.Req.RequestID] = true
	case process.ElicitationRequest:
		p.pending[e.Req.RequestID] = true
	case process.Cancelled:
		delete(p.pending, e.RequestID)
	case process.Message:
		switch m := e.Msg.(type) {
		case *protocol.SystemInit:
			p.running, p.gotResult = true, false
		case *protocol.User:
			if m.IsReplay {
				p.running, p.gotResult = true, false
			}
		case *protocol.Result:
			p.running = m.QueuedTurnCount > 0
			p.gotResult = !p.running
		}
	}
}

// exited is the recorded end, or after Close a plain end where the player stopped.
func (p *Player) exited() process.Exited {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.delivered < len(p.c.items) {
		return process.Exited{GotResult: p.gotResult}
	}
	ex := p.c.exited
	ex.GotResult = p.gotResult
	return ex
}

// finish ends a closed player: Exited replaces whatever the reader left in the buffer,
// so a late reader still sees the session end, then Events is closed.
func (p *Player) finish() {
	select {
	case <-p.out:
	default:
	}
	p.out <- p.exited()
	close(p.out)
}

// signalParked tells a test that the player is holding while paused.
func (p *Player) signalParked() {
	if p.parked == nil {
		return
	}
	select {
	case p.parked <- struct{}{}:
	case <-p.done:
	}
}
