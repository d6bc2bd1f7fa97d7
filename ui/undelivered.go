package ui

import (
	"fmt"
	"slices"

	"github.com/gclaude/gclaude/render"
)

// A prompt that could not be written to claude (it died, or was being replaced) is not
// part of the conversation: it leaves the transcript and goes back into the input, so
// nothing the user typed is lost, and a notice says why.

// undelivered takes back prompt p, whose send failed with err.
func (m *Model) undelivered(p queuedPrompt, err error) {
	m.transcript.WithdrawPrompt(p.ID)
	wasQueued := m.turn.prompts.Drop(p.UUID)
	if !wasQueued && m.turn.running && len(m.turn.prompts.Queued) == 0 {
		m.turn.running = false // the turn it would have started never began
	}
	lost := m.prompt.Restore(p.Text, p.Images)
	text := "the prompt was not sent (" + err.Error() + "); it is back in the input"
	if lost > 0 {
		text += fmt.Sprintf("; its %d %s must be pasted again", lost, render.Plural(lost, "image"))
	}
	m.notice(noticeError, text)
}

// undeliveredAll takes back ps, in the order they were typed: each goes above the
// draft, so the last is restored first. ps may be one of the lists undelivered edits.
func (m *Model) undeliveredAll(ps []queuedPrompt, err error) {
	ps = slices.Clone(ps)
	for i := len(ps) - 1; i >= 0; i-- {
		m.undelivered(ps[i], err)
	}
}
