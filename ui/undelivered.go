package ui

import (
	"fmt"
	"slices"
)

// Prompts that never reached claude go back into the input, so that nothing typed is
// lost: one whose write failed (claude died before gclaude heard of it), the ones held
// for a claude that then failed to start, and the ones still queued when claude exited.

// giveBack returns ps (in the order they were typed) to the draft, marks them in the
// transcript as not sent, and says why.
func (m *Model) giveBack(why string, ps ...queuedPrompt) {
	if len(ps) == 0 {
		return
	}
	// forget edits the slices ps may come from. Each prompt goes ahead of the draft,
	// so the last goes first and the first ends up on top.
	ps = slices.Clone(ps)
	for i := len(ps) - 1; i >= 0; i-- {
		p := ps[i]
		m.forget(p)
		m.transcript.SetUnsent(p.id)
		m.prompt.Restore(p.text, p.images)
	}
	what := "the prompt was not sent and is back in the input"
	if len(ps) > 1 {
		what = fmt.Sprintf("%d prompts were not sent and are back in the input", len(ps))
	}
	m.notice(noticeWarning, why+": "+what)
}

// forget drops p from the queued and held prompts. A prompt that was neither started
// the turn: with it gone, no turn is running.
func (m *Model) forget(p queuedPrompt) {
	same := func(q queuedPrompt) bool { return q.uuid == p.uuid }
	if i := slices.IndexFunc(m.turn.queued, same); i >= 0 {
		m.turn.queued = slices.Delete(m.turn.queued, i, i+1)
		return
	}
	if i := slices.IndexFunc(m.turn.held, same); i >= 0 {
		m.turn.held = slices.Delete(m.turn.held, i, i+1)
		return
	}
	m.turn.running = false
}
