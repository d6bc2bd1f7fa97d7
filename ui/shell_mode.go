package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/localcmd"
	"github.com/gclaude/gclaude/ui/transcript"
)

// `!` shell mode: a prompt starting with "!" runs in the session's folder here, not in
// the model's tools; its input and output reach the model with the next prompt, in the
// tags Claude Code uses.

// shellRun is the `!` command running.
type shellRun struct {
	id     transcript.ID
	cancel context.CancelFunc
}

// shellDoneMsg reports a finished `!` command.
type shellDoneMsg struct {
	id      transcript.ID
	command string
	result  localcmd.ShellResult
}

func (m *Model) runShell(command string) tea.Cmd {
	if command == "" {
		m.notice(noticeWarning, "usage: !<command> runs it in the session's folder")
		return nil
	}
	if m.shell != nil {
		m.notice(noticeWarning, "a ! command is still running (esc stops it)")
		return nil
	}
	dir := m.sess.CWD
	if dir == "" {
		dir = m.opts.CWD
	}
	ctx, cancel := context.WithCancel(context.Background())
	id := m.transcript.AddShell(command)
	m.shell = &shellRun{id: id, cancel: cancel}
	return func() tea.Msg {
		defer cancel()
		return shellDoneMsg{id: id, command: command, result: localcmd.RunShell(ctx, command, dir, nil)}
	}
}

// stopShell interrupts the running `!` command; false when none runs.
func (m *Model) stopShell() bool {
	if m.shell == nil {
		return false
	}
	m.shell.cancel()
	return true
}

func (msg shellDoneMsg) handle(m *Model) tea.Cmd {
	r := msg.result
	m.transcript.FinishShell(msg.id, transcript.ShellResult{Stdout: r.Stdout, Stderr: r.Stderr, ExitCode: r.ExitCode, Interrupted: r.Interrupted})
	if m.shell != nil && m.shell.id == msg.id {
		m.shell = nil
	}
	m.shellContext = append(m.shellContext, localcmd.ShellContext(msg.command, r))
	return nil
}
