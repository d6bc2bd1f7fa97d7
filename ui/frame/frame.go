// Package frame is about whole frames: pacing them (Bubble Tea calls View after every
// Update, and a fast stream brings hundreds of small batches a second, while the
// terminal shows at most 60 frames a second: Cache keeps the last frame and says when
// it must be drawn again), fitting them to the screen, and the screens shown in place
// of a conversation (welcome, too small).
package frame

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// Interval is the shortest time between two draws of the screen for session output:
// 30 a second. Text streaming in at 30 frames a second reads as smooth as at 60, and
// every changed frame costs Bubble Tea's renderer a full compare of the screen (about
// a millisecond at 120×40), so a fast stream draws half as often as the terminal could
// show. Keys, resizes and everything else the user does still draw on the next View.
const Interval = time.Second / 30

// Drawing a frame while an answer streams is dominated by the markdown of its
// unfinished block, which glamour renders in a few milliseconds. Stale output waits
// DrawShare times as long as the last frame took to draw (at least Interval, at most
// MaxStreamInterval), so a fast stream costs at most about 1/DrawShare of a core in
// drawing, whatever the answer or the block looks like.
const (
	DrawShare         = 30
	MaxStreamInterval = 250 * time.Millisecond
)

// Cache is the last frame View drew. Anything but session output (a key, a resize, a
// tick, a command's result) makes the next View draw afresh (Invalidate), so input
// shows on the next frame; session output only marks the frame stale (Output), and a
// stale frame is redrawn once its stream interval has passed since it was drawn. The
// caller sends itself a message that long after the output (Due), so that the last
// batch of a stream is drawn.
type Cache struct {
	view    tea.View
	valid   bool
	stale   bool          // session output arrived since view was drawn
	drawnAt time.Time     // by the wall clock, not the model's (tests fix that one)
	cost    time.Duration // how long drawing it took
	due     bool          // a redraw is scheduled
}

// Output marks the frame stale at now. When no redraw is scheduled yet, it returns
// how long to wait before asking for one, and ok.
func (f *Cache) Output(now time.Time) (wait time.Duration, ok bool) {
	f.stale = true
	if f.due {
		return 0, false
	}
	f.due = true
	return max(f.streamInterval()-now.Sub(f.drawnAt), time.Millisecond), true
}

// Due is the scheduled redraw: the next View draws.
func (f *Cache) Due() {
	f.due = false
	f.valid = false
}

// Invalidate makes the next View draw afresh.
func (f *Cache) Invalidate() { f.valid = false }

// Cached returns the last frame while it is still current enough to show at now.
func (f *Cache) Cached(now time.Time) (tea.View, bool) {
	if f.valid && (!f.stale || now.Sub(f.drawnAt) < f.streamInterval()) {
		return f.view, true
	}
	return tea.View{}, false
}

// streamInterval is how long stale session output may wait to be drawn.
func (f *Cache) streamInterval() time.Duration {
	return min(max(Interval, f.cost*DrawShare), MaxStreamInterval)
}

// Store keeps a frame drawn at now that took cost to draw.
func (f *Cache) Store(v tea.View, now time.Time, cost time.Duration) {
	f.view, f.valid, f.stale, f.drawnAt, f.cost = v, true, false, now, cost
}
