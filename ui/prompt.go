package ui

import (
	"strings"

	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript"
)

// The prompt (ui/input.Prompt) edits the draft; the root only routes keys to it and
// does what its actions ask: send a prompt, run a command, move the focus.

func (m *Model) newPrompt() *input.Prompt {
	p := input.NewPrompt(input.PromptEnv{
		Styles:      m.styles(),
		Keys:        m.keys,
		Getenv:      m.getenv,
		Now:         m.now,
		HistoryPath: m.opts.PromptHistoryPath,
		HistoryCWD:  m.place.dir,
		ReadOnly:    m.mode.Recording(),
		Project:     m.project,
	})
	p.SetCommands(commands.Builtin())
	return p
}

// project is where the prompt's @-mentions and pasted paths look.
func (m *Model) project() input.Project {
	dir := m.sess.CWD
	if dir == "" {
		dir = m.place.dir
	}
	return input.Project{Dir: dir, Home: m.opts.Home, Gen: m.link.Gen(), List: m.remoteLister(dir)}
}

// inputKey hands a key to the prompt, which has focus.
func (m *Model) inputKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.holdTyped(msg) { // an /open prepares its session: the key goes there
		return nil
	}
	if key.Matches(msg, m.keys.Input.HistoryPrev) {
		if cmd, ok := m.takeBack(); ok {
			return cmd
		}
	}
	a, cmd := m.prompt.HandleKey(msg)
	return tea.Batch(cmd, m.promptAction(a))
}

// updatePrompt hands the prompt one of its own messages.
func (m *Model) updatePrompt(msg input.Msg) tea.Cmd {
	a, cmd := m.prompt.Update(msg)
	return tea.Batch(cmd, m.promptAction(a))
}

// promptAction does what the prompt asked for.
func (m *Model) promptAction(a input.Action) tea.Cmd {
	if a == nil {
		return nil
	}
	m.layout() // the draft may have shrunk: the transcript gets its rows first
	switch a := a.(type) {
	case input.Submit:
		if command, ok := commands.ShellCommand(a.Text); ok && !m.mode.Recording() {
			return m.shell.Run(m.commandHost(), command)
		}
		return tea.Batch(m.submitShown(a.Text, a.Shown, a.Images), m.readMentions(a.Text))
	case input.RunCommand:
		return m.runCommand(a.Name, a.Args, a.Text, a.Images)
	case input.SendEmpty:
		if m.sess.Phase == session.PhaseExited {
			return m.restart()
		}
	case input.Enter: // read-only prompt: the mode decides
		cmd, _ := m.mode.Enter(m.host(), a.Text)
		return cmd
	case input.Interrupt:
		return m.interrupt()
	case input.FocusTranscript:
		m.setFocus(focusTranscript)
	case input.Quit:
		return m.quit()
	case input.OpenHelp:
		m.openHelp()
	case input.Notice:
		kind := noticeWarning
		if a.Error {
			kind = noticeError
		}
		m.notice(kind, a.Text)
	}
	return nil
}

// submit shows a prompt in the transcript and sends it. While a turn runs the prompt is
// queued: it is sent at once (the CLI queues it and may merge several into one turn)
// and marked as queued until its turn starts.
func (m *Model) submit(text string, images []protocol.ImageSource) tea.Cmd {
	return m.submitShown(text, "", images)
}

// submitShown is submit of a prompt typed with paste chips: the transcript shows it as
// typed (shown), expandable to the text sent. The output of finished `!` commands goes
// with it.
func (m *Model) submitShown(text, shown string, images []protocol.ImageSource) tea.Cmd {
	return m.sendPrompt(queuedPrompt{UUID: session.NewUUID(), Text: text, Images: images, Context: m.shell.TakeContext()}, shown)
}

// submitCommand sends a slash command that claude runs itself (/compact, a custom
// command): `!` output waits for the next real prompt, or the command would reach the
// model as text.
func (m *Model) submitCommand(text string, images []protocol.ImageSource) tea.Cmd {
	return m.sendPrompt(queuedPrompt{UUID: session.NewUUID(), Text: text, Images: images}, "")
}

// sendPrompt shows p in the transcript (as shown, when typed with paste chips) and
// sends, queues or holds it.
func (m *Model) sendPrompt(p queuedPrompt, shown string) tea.Cmd {
	p.ID = m.conversation.AddPastedPrompt(p.Text, shown)
	m.rewind.Prompt(p.UUID, p.Text, p.ID, m.sess.SessionID != "") // an id before any answer: a resumed conversation
	exited := m.sess.Phase == session.PhaseExited
	queued, send := m.turn.Submit(p, m.link.Running() && !exited, m.now())
	if queued {
		m.conversation.SetQueued(p.ID, true)
	}
	switch {
	case exited:
		return m.restart() // it is held until claude runs again
	case !send:
		return nil // held until the session starting now runs
	}
	m.noteUnanswered(p)
	return tea.Batch(m.link.Send(p), m.startTicking())
}

// unqueue marks prompts a turn took as no longer queued.
func (m *Model) unqueue(taken []transcript.ID) {
	for _, id := range taken {
		m.conversation.SetQueued(id, false)
	}
}

// sendHeld sends the prompts typed while no session was running.
func (m *Model) sendHeld() tea.Cmd {
	send, started := m.turn.SendHeld(m.now())
	m.unqueue(started)
	var cmds []tea.Cmd
	for _, p := range send {
		m.noteUnanswered(p)
		cmds = append(cmds, m.link.Send(p))
	}
	return tea.Batch(append(cmds, m.startTicking())...)
}

// noteUnanswered keeps p while claude has not answered initialize: a claude that exits
// before then never gave it to the model.
func (m *Model) noteUnanswered(p queuedPrompt) {
	if m.sess.Phase == session.PhaseStarting {
		m.turn.Unanswered = append(m.turn.Unanswered, p)
	}
}

// A prompt that could not be written to claude (it died, or was being replaced) is not
// part of the conversation: it leaves the transcript and goes back into the input, so
// nothing the user typed is lost, and a notice says why.

// undelivered takes back prompt p, whose send failed with err.
func (m *Model) undelivered(p queuedPrompt, err error) {
	m.conversation.WithdrawPrompt(p.ID)
	m.turn.Withdraw(p)
	m.say(session.UndeliveredNotice(err, m.prompt.Restore(p.Text, p.Images)))
}

// undeliveredAll takes back ps, in the order they were typed: each goes above the
// draft, so the last is restored first. ps may be one of the lists undelivered edits.
func (m *Model) undeliveredAll(ps []queuedPrompt, err error) {
	ps = slices.Clone(ps)
	for i := len(ps) - 1; i >= 0; i-- {
		m.undelivered(ps[i], err)
	}
}

// mentionReadsMsg is what reading a prompt's @files gives ("Read notes.md (3 lines)").
type mentionReadsMsg struct{ reads []string }

// readMentions says, as Claude Code does, which files the prompt's @mentions made claude
// read: the CLI reads them without a word on stdout.
func (m *Model) readMentions(text string) tea.Cmd {
	if m.mode.Recording() || !strings.Contains(text, "@") {
		return nil
	}
	cwd := m.opts.CWD
	return func() tea.Msg { return mentionReadsMsg{reads: input.MentionReads(cwd, text)} }
}

func (msg mentionReadsMsg) handle(m *Model) tea.Cmd {
	for _, r := range msg.reads {
		m.notice(noticeInfo, r)
	}
	return nil
}
