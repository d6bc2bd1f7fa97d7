package process

import (
	"io"
	"time"
)

// readPace is the least time between two reads of stdout while it is streaming fast.
// The CLI writes each stream delta as its own line, thousands a second, and a reader
// that wakes for every one spends more on the scheduler (a park, an epoll wait, a
// wake-up each) than on the line. Waiting this long after a read that drained the
// pipe lets the lines pile up, and one read takes them all. It adds at most this much
// to a line that comes less than readPace after the previous read, far under a frame
// (1/60 s); a line after a pause (a paced API, a control response) is read at once.
const readPace = 4 * time.Millisecond

// paceBelow: only reads that brought less than this wait for the next. A long line (a
// Write of a large file) arrives a pipe-full at a time and is read at full speed.
const paceBelow = 8 << 10

// pacedReader reads from r at most once per readPace while data keeps coming in small
// pieces. The first read after a quiet spell, and a read after one that brought
// paceBelow or more (a long line, more waiting), go at once.
type pacedReader struct {
	r     io.Reader
	pace  time.Duration        // readPace unless a caller chose another
	paced func() time.Duration // when set, the pace of each wait (the session server's)
	last  time.Time            // when the previous read returned
	short bool                 // the previous read brought little: the pipe was drained

	now   func() time.Time
	sleep func(time.Duration)
}

func newPacedReader(r io.Reader) *pacedReader {
	return &pacedReader{r: r, pace: readPace, now: time.Now, sleep: time.Sleep}
}

func (p *pacedReader) Read(b []byte) (int, error) {
	if p.short {
		pace := p.pace
		if p.paced != nil {
			pace = p.paced()
		}
		if wait := pace - p.now().Sub(p.last); wait > 0 {
			p.sleep(wait)
		}
	}
	n, err := p.r.Read(b)
	p.last, p.short = p.now(), n < min(len(b), paceBelow)
	return n, err
}
