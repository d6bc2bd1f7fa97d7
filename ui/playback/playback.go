// Package playback is what differs when a session plays a recording (`gclaude replay`)
// instead of running a live claude: the Mode (Live or Replay), which sees the session
// only as a Session, the controls a player offers, the speed ladder, the status
// label, how a recorded answer is worded, and the bookkeeping of recorded requests and
// echoed prompts.
package playback

import (
	"fmt"
	"math"
	"strconv"

	"github.com/gclaude/gclaude/protocol"
)

// Controls steer a recording being played; *replay.Player implements them. The
// session finds them through its Backend.
type Controls interface {
	Pause()
	Resume()
	Step()
	Paused() bool
	SetSpeed(f float64)
	Speed() float64
	// Progress is how many of the recording's events were delivered, of how many.
	Progress() (done, total int)
	// Recorded is the client's recorded answer to a CLI request.
	Recorded(requestID string) (protocol.ControlResponseBody, bool)
}

// speeds are the steps Faster and Slower walk through.
var speeds = []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32}

// Faster is the next speed up the ladder (f itself at the top).
func Faster(f float64) float64 {
	for _, s := range speeds {
		if s > f {
			return s
		}
	}
	return f
}

// Slower is the next speed down the ladder (f itself at the bottom).
func Slower(f float64) float64 {
	for i := len(speeds) - 1; i >= 0; i-- {
		if speeds[i] < f {
			return speeds[i]
		}
	}
	return f
}

// FormatSpeed writes a pace factor: "1.0×", "0.25×", "16×", "max".
func FormatSpeed(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "max"
	case f == math.Trunc(f) && f < 10:
		return strconv.FormatFloat(f, 'f', 1, 64) + "×"
	}
	return strconv.FormatFloat(f, 'f', -1, 64) + "×"
}

// Label is the status bar's playback segment: "replay ▶ 1.0× 120/356"; ended
// means the recording has been played to its end.
func Label(p Controls, ended bool) string {
	if p == nil {
		return "replay"
	}
	icon := "▶"
	switch {
	case ended:
		icon = "■"
	case p.Paused():
		icon = "⏸"
	}
	done, total := p.Progress()
	return fmt.Sprintf("replay %s %s %d/%d", icon, FormatSpeed(p.Speed()), done, total)
}
