package transcript

import "time"

// SetClock sets the clock that stamps events (when a tool started, a
// thought began), so they agree with the times Tick is given; nil means
// time.Now. Subagent transcripts share it.
func (m *Model) SetClock(now func() time.Time) {
	if now == nil {
		now = time.Now
	}
	main := m.shared.main
	main.clock = now
	for _, s := range main.shared.subs {
		s.clock = now
	}
}
