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
func (m *Model) markLive(it item) {
	if _, countdown := it.(*noticeItem); !countdown && !m.now.IsZero() {
		if !tickItem(it, m.now, spinnerFrame(m.now)) {
			return
		}
	}
	m.live[it] = struct{}{}
}

// Tick advances spinners, elapsed times and retry countdowns to now. Only
// live items are touched, so it costs nothing on a quiet transcript; call
// it on a timer (about every 100 ms) while Live reports true.
func (m *Model) Tick(now time.Time) {
	m.now = now
	frame := spinnerFrame(now)
	for it := range m.live {
		if !tickItem(it, now, frame) {
			delete(m.live, it)
		}
	}
	if m.parent == "" {
		for _, s := range m.shared.subs {
			s.Tick(now)
		}
		m.RefreshTaskStatus()
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
func (m *Model) Live() bool {
	if len(m.live) > 0 {
		return true
	}
	if m.parent == "" {
		for _, s := range m.shared.subs {
			if len(s.live) > 0 {
				return true
			}
		}
	}
	return false
}
