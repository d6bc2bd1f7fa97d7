package commands

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/transcript"
)

// Shell is `!` shell mode: a prompt starting with "!" runs in the session's folder
// here, not in the model's tools; its input and output reach the model with the next
// prompt, in the tags Claude Code uses.
type Shell struct {
	running *shellRun
	// context are finished commands the model has not seen yet: they go with the next
	// prompt.
	context []string
}

// shellRun is the `!` command running.
type shellRun struct {
	id     transcript.ID
	cancel context.CancelFunc
}

// ShellDone reports a finished `!` command.
type ShellDone struct {
	id      transcript.ID
	command string
	result  ShellResult
}

// Run starts command in the session's folder, shown in the transcript while it runs.
func (s *Shell) Run(sess Session, command string) tea.Cmd {
	if command == "" {
		sess.Notice(noticeWarning, "usage: !<command> runs it in the session's folder")
		return nil
	}
	if s.running != nil {
		sess.Notice(noticeWarning, "a ! command is still running (esc stops it)")
		return nil
	}
	dir := sess.Info().Folder
	ctx, cancel := context.WithCancel(context.Background())
	id := sess.AddShell(command)
	s.running = &shellRun{id: id, cancel: cancel}
	return func() tea.Msg {
		defer cancel()
		return ShellDone{id: id, command: command, result: runShell(ctx, command, dir, nil)}
	}
}

// Stop interrupts the running `!` command; false when none runs.
func (s *Shell) Stop() bool {
	if s.running == nil {
		return false
	}
	s.running.cancel()
	return true
}

// TakeContext is what the next prompt carries of the finished commands ("" for
// none); they are then seen.
func (s *Shell) TakeContext() string {
	c := strings.Join(s.context, "\n")
	s.context = nil
	return c
}

// PutBack keeps the context a prompt took back from claude carried, for the next one.
func (s *Shell) PutBack(context string) {
	if context != "" {
		s.context = append([]string{context}, s.context...)
	}
}

// Forget drops the output of the old conversation's commands (a new one started).
func (s *Shell) Forget() { s.context = nil }

// Apply shows the result and keeps it for the next prompt.
func (msg ShellDone) Apply(sess Session) tea.Cmd {
	r, s := msg.result, sess.Shell()
	sess.FinishShell(msg.id, transcript.ShellResult{Stdout: r.Stdout, Stderr: r.Stderr, ExitCode: r.ExitCode, Interrupted: r.Interrupted})
	if s.running != nil && s.running.id == msg.id {
		s.running = nil
	}
	s.context = append(s.context, shellContext(msg.command, r))
	return nil
}
