package tab

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

// The prompt (ui/input.Prompt) edits the draft; the tab only routes keys to it and
// does what its actions ask: send a prompt, run a command, move the focus.

// queuedPrompt is a prompt queued, held or sent (ui/session).
type queuedPrompt = session.Prompt

func (t *Tab) newPrompt() *input.Prompt {
	p := input.NewPrompt(input.PromptEnv{
		Styles:      t.styles(),
		Keys:        t.env.Keys,
		Getenv:      t.env.Getenv,
		Now:         t.now,
		HistoryPath: t.env.Opts.PromptHistoryPath,
		HistoryCWD:  t.place.Dir,
		ReadOnly:    t.mode.Recording(),
		Project:     t.project,
	})
	p.SetCommands(commands.Builtin())
	return p
}

// project is where the prompt's @-mentions and pasted paths look.
func (t *Tab) project() input.Project {
	dir := t.sess.CWD
	if dir == "" {
		dir = t.place.Dir
	}
	return input.Project{Dir: dir, Home: t.env.Opts.Home, Gen: t.link.Gen(), List: t.remoteLister(dir)}
}

// inputKey hands a key to the prompt, which has focus.
func (t *Tab) inputKey(msg tea.KeyPressMsg) tea.Cmd {
	if t.ws.HoldTyped(msg) { // an /open prepares its session: the key goes there
		return nil
	}
	if key.Matches(msg, t.env.Keys.Input.HistoryPrev) {
		if cmd, ok := t.takeBack(); ok {
			return cmd
		}
	}
	a, cmd := t.prompt.HandleKey(msg)
	return tea.Batch(cmd, t.promptAction(a))
}

// updatePrompt hands the prompt one of its own messages.
func (t *Tab) updatePrompt(msg input.Msg) tea.Cmd {
	a, cmd := t.prompt.Update(msg)
	return tea.Batch(cmd, t.promptAction(a))
}

// promptAction does what the prompt asked for.
func (t *Tab) promptAction(a input.Action) tea.Cmd {
	if a == nil {
		return nil
	}
	switch a := a.(type) {
	case input.Submit:
		if command, ok := commands.ShellCommand(a.Text); ok && !t.mode.Recording() {
			return t.shell.Run(t, command)
		}
		return tea.Batch(t.submitShown(a.Text, a.Shown, a.Images), t.readMentions(a.Text))
	case input.RunCommand:
		return t.runCommand(a.Name, a.Args, a.Text, a.Images)
	case input.SendEmpty:
		if t.sess.Phase == session.PhaseExited {
			return t.restart()
		}
	case input.Enter: // read-only prompt: the mode decides
		cmd, _ := t.mode.Enter(t.playback(), a.Text)
		return cmd
	case input.Interrupt:
		return t.interrupt()
	case input.FocusTranscript:
		t.setFocus(focusTranscript)
	case input.Quit:
		return t.ws.Do(commands.Quit{})
	case input.OpenHelp:
		return t.ws.Do(commands.OpenHelp{})
	case input.Notice:
		kind := noticeWarning
		if a.Error {
			kind = noticeError
		}
		t.notice(kind, a.Text)
	}
	return nil
}

// submit shows a prompt in the transcript and sends it. While a turn runs the prompt is
// queued: it is sent at once (the CLI queues it and may merge several into one turn)
// and marked as queued until its turn starts.
func (t *Tab) submit(text string, images []protocol.ImageSource) tea.Cmd {
	return t.submitShown(text, "", images)
}

// submitShown is submit of a prompt typed with paste chips: the transcript shows it as
// typed (shown), expandable to the text sent. The output of finished `!` commands goes
// with it.
func (t *Tab) submitShown(text, shown string, images []protocol.ImageSource) tea.Cmd {
	return t.sendPrompt(queuedPrompt{UUID: session.NewUUID(), Text: text, Images: images, Context: t.shell.TakeContext()}, shown)
}

// submitCommand sends a slash command that claude runs itself (/compact, a custom
// command): `!` output waits for the next real prompt, or the command would reach the
// model as text.
func (t *Tab) submitCommand(text string, images []protocol.ImageSource) tea.Cmd {
	return t.sendPrompt(queuedPrompt{UUID: session.NewUUID(), Text: text, Images: images}, "")
}

// sendPrompt shows p in the transcript (as shown, when typed with paste chips) and
// sends, queues or holds it.
func (t *Tab) sendPrompt(p queuedPrompt, shown string) tea.Cmd {
	p.ID = t.conversation.AddPastedPrompt(p.Text, shown)
	t.rewind.Prompt(p.UUID, p.Text, p.ID, t.sess.SessionID != "") // an id before any answer: a resumed conversation
	exited := t.sess.Phase == session.PhaseExited
	queued, send := t.turn.Submit(p, t.link.Running() && !exited, t.now())
	if queued {
		t.conversation.SetQueued(p.ID, true)
	}
	switch {
	case exited:
		return t.restart() // it is held until claude runs again
	case !send:
		return nil // held until the session starting now runs
	}
	t.noteUnanswered(p)
	return t.link.Send(p)
}

// unqueue marks prompts a turn took as no longer queued.
func (t *Tab) unqueue(taken []transcript.ID) {
	for _, id := range taken {
		t.conversation.SetQueued(id, false)
	}
}

// sendHeld sends the prompts typed while no session was running.
func (t *Tab) sendHeld() tea.Cmd {
	send, started := t.turn.SendHeld(t.now())
	t.unqueue(started)
	var cmds []tea.Cmd
	for _, p := range send {
		t.noteUnanswered(p)
		cmds = append(cmds, t.link.Send(p))
	}
	return tea.Batch(cmds...)
}

// noteUnanswered keeps p while claude has not answered initialize: a claude that exits
// before then never gave it to the model.
func (t *Tab) noteUnanswered(p queuedPrompt) {
	if t.sess.Phase == session.PhaseStarting {
		t.turn.Unanswered = append(t.turn.Unanswered, p)
	}
}

// A prompt that could not be written to claude (it died, or was being replaced) is not
// part of the conversation: it leaves the transcript and goes back into the input, so
// nothing the user typed is lost, and a notice says why.

// undelivered takes back prompt p, whose send failed with err.
func (t *Tab) undelivered(p queuedPrompt, err error) {
	t.conversation.WithdrawPrompt(p.ID)
	t.turn.Withdraw(p)
	t.say(session.UndeliveredNotice(err, t.prompt.Restore(p.Text, p.Images)))
}

// undeliveredAll takes back ps, in the order they were typed: each goes above the
// draft, so the last is restored first. ps may be one of the lists undelivered edits.
func (t *Tab) undeliveredAll(ps []queuedPrompt, err error) {
	ps = slices.Clone(ps)
	for i := len(ps) - 1; i >= 0; i-- {
		t.undelivered(ps[i], err)
	}
}

// mentionReadsMsg is what reading a prompt's @files gives ("Read notes.md (3 lines)").
type mentionReadsMsg struct{ reads []string }

// readMentions says, as Claude Code does, which files the prompt's @mentions made claude
// read: the CLI reads them without a word on stdout. They are the session's files: on
// another machine they are not read here.
func (t *Tab) readMentions(text string) tea.Cmd {
	if t.mode.Recording() || t.place.Host != "" || !strings.Contains(text, "@") {
		return nil
	}
	cwd := t.project().Dir
	return func() tea.Msg { return mentionReadsMsg{reads: input.MentionReads(cwd, text)} }
}

func (msg mentionReadsMsg) handle(t *Tab) tea.Cmd {
	for _, r := range msg.reads {
		t.notice(noticeInfo, r)
	}
	return nil
}
