package transcript

import "time"

// SetClock sets the clock that stamps events (when a tool started, a
// thought began), so they agree with the times Tick is given; nil means
// time.Now. Subagent transcripts share it.
func (c *Conversation) SetClock(now func() time.Time) {
	if now == nil {
		now = time.Now
	}
	main := c.shared.main
	main.clock = now
	for _, s := range main.shared.subs {
		s.clock = now
	}
}
