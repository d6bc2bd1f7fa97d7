package session

import (
	"fmt"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Prompts are the user's prompts no turn has taken yet. Queued were sent while a turn
// ran (the CLI queues them and may merge several into one turn); Held were typed while
// no session could take them, and go out once one runs.
type Prompts struct {
	Queued []Prompt
	Held   []Prompt
}

// Pending is how many prompts wait, queued or held.
func (ps *Prompts) Pending() int { return len(ps.Queued) + len(ps.Held) }

// Release removes the queued prompts a turn took: all of them, or only the one with
// uuid when uuid is set. It returns their transcript ids, in order: the root marks
// them as no longer queued.
func (ps *Prompts) Release(uuid string) []transcript.ID {
	var taken []transcript.ID
	kept := ps.Queued[:0]
	for _, p := range ps.Queued {
		if uuid == "" || p.UUID == uuid {
			taken = append(taken, p.ID)
			continue
		}
		kept = append(kept, p)
	}
	ps.Queued = kept
	return taken
}

// TakeHeld empties Held and returns what it held.
func (ps *Prompts) TakeHeld() []Prompt {
	held := ps.Held
	ps.Held = nil
	return held
}

// Drop removes the prompt with uuid from Queued and Held; it reports whether it was
// one of them.
func (ps *Prompts) Drop(uuid string) bool {
	found := false
	for _, list := range []*[]Prompt{&ps.Queued, &ps.Held} {
		kept := (*list)[:0]
		for _, q := range *list {
			if q.UUID == uuid {
				found = true
				continue
			}
			kept = append(kept, q)
		}
		*list = kept
	}
	return found
}

// UndeliveredNotice says that a prompt never reached claude (err) and is back in the
// input; lost images, which the input could not take back, must be pasted again.
func UndeliveredNotice(err error, lost int) Notice {
	text := "the prompt was not sent (" + err.Error() + "); it is back in the input"
	if lost > 0 {
		text += fmt.Sprintf("; its %d %s must be pasted again", lost, render.Plural(lost, "image"))
	}
	return Notice{transcript.NoticeError, text}
}
