package replay

import "time"

// Defaults of Options.
const (
	DefaultGap    = 40 * time.Millisecond
	DefaultMaxGap = 5 * time.Second
)

// Options configure a Player. The zero value plays at the recorded pace.
type Options struct {
	// Speed multiplies the pace: 2 plays twice as fast. 0 means 1.
	Speed float64
	// Gap separates events when the capture has no usable timeline (0: DefaultGap).
	Gap time.Duration
	// MaxGap shortens longer pauses of the recording to this (0: DefaultMaxGap; < 0:
	// keep every pause). Idle minutes carry nothing worth watching.
	MaxGap time.Duration
	// Paused starts the player paused; Resume or Step moves it on.
	Paused bool
	// NoPrompts leaves out the prompts the client wrote. By default they are read from
	// the .stdin.jsonl sibling and played as user messages with IsReplay set, the way
	// the CLI echoes them with --replay-user-messages (captures made with that flag
	// already hold them and are left as they are).
	NoPrompts bool

	clock  clock         // nil: real time
	parked chan struct{} // tests: told when the player holds while paused
}

func (o Options) gap() time.Duration {
	if o.Gap > 0 {
		return o.Gap
	}
	return DefaultGap
}

func (o Options) maxGap() time.Duration {
	switch {
	case o.MaxGap < 0:
		return -1
	case o.MaxGap == 0:
		return DefaultMaxGap
	}
	return o.MaxGap
}
