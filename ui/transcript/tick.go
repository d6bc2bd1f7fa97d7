package transcript

import "time"

// spinnerFrames animate tool calls that are streaming or running.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// spinnerInterval is how long one spinner frame shows.
const spinnerInterval = 100 * time.Millisecond

func spinnerFrame(now time.Time) string {
	return spinnerFrames[int(now.UnixMilli()/spinnerInterval.Milliseconds())%len(spinnerFrames)]
}

// markLive registers an item that animates until it settles. Spinners
// show at once rather than from the next Tick (a countdown waits for the
// Tick: the last one may be older than the retry).
func (c *Conversation) markLive(it item) {
	if _, countdown := it.(*noticeItem); !countdown && !c.now.IsZero() {
		if !tickItem(it, c.now, spinnerFrame(c.now)) {
			return
		}
	}
	c.live[it] = struct{}{}
}

// Tick advances spinners, elapsed times and retry countdowns to now. Only
// live items are touched, so it costs nothing on a quiet transcript; call
// it on a timer (about every 100 ms) while Live reports true.
func (c *Conversation) Tick(now time.Time) {
	c.now = now
	frame := spinnerFrame(now)
	for it := range c.live {
		if !tickItem(it, now, frame) {
			delete(c.live, it)
		}
	}
	if c.parent == "" {
		for _, s := range c.shared.subs {
			s.Tick(now)
		}
		c.RefreshTaskStatus()
	}
}

// tickItem advances one item; false means it no longer animates.
func tickItem(it item, now time.Time, frame string) bool {
	switch it := it.(type) {
	case *toolItem:
		return it.tick(now, frame)
	case *thinkingItem:
		if !it.streaming {
			return false
		}
		if it.spinner != frame {
			it.spinner = frame
			it.touch()
		}
		return true
	case *noticeItem:
		return it.tick(now)
	case *textItem:
		return !it.done
	}
	return false
}

// Live reports whether anything animates (a spinner, an elapsed time, a
// countdown), i.e. whether the root should keep calling Tick.
func (c *Conversation) Live() bool {
	if len(c.live) > 0 {
		return true
	}
	if c.parent == "" {
		for _, s := range c.shared.subs {
			if len(s.live) > 0 {
				return true
			}
		}
	}
	return false
}
