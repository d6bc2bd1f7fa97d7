package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
)

// submit shows a prompt in the transcript and sends it. While a turn runs the prompt is
// queued: it is sent at once (the CLI queues it and may merge several into one turn)
// and marked as queued until its turn starts.
func (m *Model) submit(text string, images []protocol.ImageSource) tea.Cmd {
	return m.submitShown(text, "", images)
}

// submitShown is submit of a prompt typed with paste chips: the transcript shows it as
// typed (shown), expandable to the text sent.
func (m *Model) submitShown(text, shown string, images []protocol.ImageSource) tea.Cmd {
	p := queuedPrompt{UUID: newUUID(), Text: text, Images: images, Context: m.shell.TakeContext()}
	p.ID = m.transcript.AddPastedPrompt(text, shown)
	m.rewind.Prompt(p.UUID, p.Text, p.ID, m.sess.sessionID != "") // an id before any answer: a resumed conversation
	if m.backend == nil || m.sess.phase == phaseExited {
		// No session can take it now: hold it until one runs.
		m.transcript.SetQueued(p.ID, true)
		m.turn.prompts.Held = append(m.turn.prompts.Held, p)
		if m.sess.phase == phaseExited {
			return m.restart()
		}
		return nil
	}
	if m.turn.running {
		m.transcript.SetQueued(p.ID, true)
		m.turn.prompts.Queued = append(m.turn.prompts.Queued, p)
	} else {
		m.startTurn()
	}
	return tea.Batch(m.sendPrompt(p), m.startTicking())
}

// startTurn marks a turn as running from now.
func (m *Model) startTurn() {
	if !m.turn.running {
		m.turn.running = true
		m.turn.started = m.now()
	}
}

// releaseQueued marks queued prompts as taken by a turn: all of them, or only the one
// with uuid when uuid is set.
func (m *Model) releaseQueued(uuid string) {
	for _, id := range m.turn.prompts.Release(uuid) {
		m.transcript.SetQueued(id, false)
	}
}

// sendHeld sends the prompts typed while no session was running.
func (m *Model) sendHeld() tea.Cmd {
	held := m.turn.prompts.TakeHeld()
	var cmds []tea.Cmd
	for i, p := range held {
		if i == 0 && !m.turn.running {
			m.transcript.SetQueued(p.ID, false)
			m.startTurn()
		} else {
			m.turn.prompts.Queued = append(m.turn.prompts.Queued, p)
		}
		cmds = append(cmds, m.sendPrompt(p))
	}
	return tea.Batch(append(cmds, m.startTicking())...)
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }
