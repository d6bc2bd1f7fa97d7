package replay

import "time"

// clock is the time source of the pacing; tests replace it so that no test depends
// on how fast the machine is.
type clock interface {
	Now() time.Time
	// After returns a channel that receives after d, and a func that releases it.
	After(d time.Duration) (<-chan time.Time, func())
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) After(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTimer(d)
	return t.C, func() { t.Stop() }
}
