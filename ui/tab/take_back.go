package tab

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/session"
)

// ↑ on an empty prompt takes back the newest prompt still waiting behind the running
// turn, as in Claude Code: a held one (never sent) at once, a queued one once claude
// has withdrawn it (cancel_async_message), so what comes back into the editor is never
// also run.

// takeBack starts taking back the newest waiting prompt; false when none waits (↑ then
// walks the prompt history as usual).
func (t *Tab) takeBack() (tea.Cmd, bool) {
	if t.prompt.Value() != "" || t.mode.Recording() {
		return nil, false
	}
	ps := &t.turn.Prompts
	if n := len(ps.Held); n > 0 {
		t.restoreWaiting(ps.Held[n-1])
		return nil, true
	}
	n := len(ps.Queued)
	if n == 0 {
		return nil, false
	}
	cancel := t.link.CancelQueued(ps.Queued[n-1].UUID)
	return func() tea.Msg { return takenBackMsg(cancel().(session.QueuedCancelled)) }, true
}

// takenBackMsg is claude's answer to taking back a queued prompt.
type takenBackMsg session.QueuedCancelled

func (msg takenBackMsg) handle(t *Tab) tea.Cmd {
	if !t.link.Current(msg.Gen) {
		return nil
	}
	var p queuedPrompt
	found := false
	for _, q := range t.turn.Prompts.Queued {
		if q.UUID == msg.UUID {
			p, found = q, true
		}
	}
	switch {
	case msg.Err != nil:
		t.notice(noticeWarning, "the queued prompt could not be taken back: "+msg.Err.Error())
	case !msg.Cancelled || !found:
		t.notice(noticeInfo, "claude has already taken that prompt in: it runs in this turn")
	default:
		t.restoreWaiting(p)
	}
	return nil
}

// restoreWaiting moves a waiting prompt out of the transcript and the queue back into
// the editor; the `!` output it carried waits for the next prompt again.
func (t *Tab) restoreWaiting(p queuedPrompt) {
	t.conversation.WithdrawPrompt(p.ID)
	t.turn.Withdraw(p)
	t.shell.PutBack(p.Context)
	if lost := t.prompt.Restore(p.Text, p.Images); lost > 0 {
		t.notice(noticeWarning, "the prompt's images could not be attached again")
	}
}
