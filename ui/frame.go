package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// frameInterval is the shortest time between two draws of the screen for session
// output. Bubble Tea calls View after every Update, and a fast stream brings hundreds
// of small batches a second; the terminal shows at most 60 frames a second, so drawing
// more often is work nobody sees.
const frameInterval = time.Second / 60

// Drawing a frame while an answer streams is dominated by the markdown of its
// unfinished block, which glamour renders in a few milliseconds. Stale output waits
// drawShare times as long as the last frame took to draw (at least frameInterval, at
// most maxStreamInterval), so a fast stream costs at most about 1/drawShare of a core
// in drawing, whatever the answer or the block looks like.
const (
	drawShare         = 30
	maxStreamInterval = 250 * time.Millisecond
)

// frameCache is the last frame View drew. Anything but session output (a key, a
// resize, a tick, a command's result) makes the next View draw afresh, so input shows
// on the next frame; session output only marks the frame stale, and a stale frame is
// redrawn once frameInterval has passed since it was drawn. A frameDueMsg sent that
// long after the output makes sure the last batch of a stream is drawn.
type frameCache struct {
	view    tea.View
	valid   bool
	stale   bool          // session output arrived since view was drawn
	drawnAt time.Time     // by the wall clock, not the model's (tests fix that one)
	cost    time.Duration // how long drawing it took
	due     bool          // a frameDueMsg is on its way
}

// frameDueMsg asks for a redraw of a stale frame.
type frameDueMsg struct{}

// noteFrame records what msg did to the frame after Update handled it, and adds the
// timer that will redraw stale output to cmd.
func (m *Model) noteFrame(msg tea.Msg, cmd tea.Cmd) tea.Cmd {
	f := &m.frame
	switch msg.(type) {
	case eventsMsg, printedMsg, scrollbackRenderedMsg: // inline mode's printing is output too
		f.stale = true
		if !f.due {
			f.due = true
			wait := max(f.streamInterval()-time.Since(f.drawnAt), time.Millisecond)
			cmd = tea.Batch(cmd, m.after(wait, func(time.Time) tea.Msg { return frameDueMsg{} }))
		}
	case frameDueMsg:
		f.due = false
		f.valid = false
	default:
		f.valid = false
	}
	return cmd
}

// cachedView returns the last frame while it is still current enough to show.
func (f *frameCache) cachedView(now time.Time) (tea.View, bool) {
	if f.valid && (!f.stale || now.Sub(f.drawnAt) < f.streamInterval()) {
		return f.view, true
	}
	return tea.View{}, false
}

// streamInterval is how long stale session output may wait to be drawn.
func (f *frameCache) streamInterval() time.Duration {
	return min(max(frameInterval, f.cost*drawShare), maxStreamInterval)
}

// store keeps a frame drawn at now that took cost to draw.
func (f *frameCache) store(v tea.View, now time.Time, cost time.Duration) {
	f.view, f.valid, f.stale, f.drawnAt, f.cost = v, true, false, now, cost
}
