package ui

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/localcmd"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Everyday commands a Claude Code user reaches for. The CLI answers them with "isn't
// available in this environment" when they are sent as prompts, so gclaude runs them
// itself; their logic lives in ui/localcmd, this file only wires them to the session.
const (
	cmdStatus      = "status"
	cmdPermissions = "permissions"
	cmdAddDir      = "add-dir"
	cmdMemory      = "memory"
	cmdRewind      = "rewind"
)

func dailyCommands() []input.Command {
	return []input.Command{
		{Name: cmdStatus, Description: "Show versions, session, folders, model, mode, account, MCP servers and settings"},
		{Name: cmdPermissions, Description: "List, add or remove allow / ask / deny rules", ArgumentHint: "[list | allow|ask|deny <rule> | remove <rule>]", Aliases: []string{"allowed-tools"}},
		{Name: cmdAddDir, Description: "Let tools use another folder", ArgumentHint: "<path>"},
		{Name: cmdMemory, Description: "List the CLAUDE.md files in effect and open one in $EDITOR", ArgumentHint: "[number]"},
		{Name: cmdRewind, Description: "Go back to an earlier prompt: restore code, conversation or both"},
	}
}

// runDailyCommand runs one of dailyCommands by its name; ok is false for any other.
func (m *Model) runDailyCommand(name, args string) (cmd tea.Cmd, ok bool) {
	if !slices.ContainsFunc(dailyCommands(), func(c input.Command) bool { return c.Name == name }) {
		return nil, false
	}
	if m.mode.recording() {
		m.notice(noticeInfo, "This is a recording: /"+name+" needs a live claude.")
		return nil, true
	}
	switch name {
	case cmdStatus:
		return commands.Status(m.commandHost()), true
	case cmdAddDir:
		return commands.AddDir(m.commandHost(), args), true
	case cmdPermissions:
		return commands.Permissions(m.commandHost(), args), true
	case cmdMemory:
		return commands.Memory(m.commandHost(), args), true
	case cmdRewind:
		return m.openRewind(), true
	}
	return nil, true
}

// asking runs work in a Cmd with a way to ask the current session; its text becomes a
// notice of kind. Without a session it says so at once.
func (m *Model) asking(command string, work func(ctx context.Context, ask localcmd.Ask) dailyDoneMsg) tea.Cmd {
	if m.backend == nil || m.sess.phase == phaseExited {
		m.notice(noticeWarning, "claude is not running: /"+command+" needs it (enter restarts it)")
		return nil
	}
	b, gen := m.backend, m.gen
	ask := func(ctx context.Context, req protocol.HostRequest) (json.RawMessage, error) {
		body, err := b.Request(ctx, req)
		if err == nil && body.IsError() {
			err = errors.New(body.Error)
		}
		return body.Response, err
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), controlTimeout)
		defer cancel()
		msg := work(ctx, ask)
		msg.gen = gen
		return msg
	}
}

// dailyDoneMsg is a daily command's report (see commands.Done), stamped with the
// session it belongs to.
type dailyDoneMsg struct {
	gen int
	commands.Done
}

func (msg dailyDoneMsg) handle(m *Model) tea.Cmd {
	if msg.gen != m.gen {
		return nil
	}
	return msg.Done.Apply(m.commandHost())
}

// unknownCommand refuses a slash command that neither gclaude nor the CLI knows, so
// that a typo never reaches the model as a prompt. Until the CLI has said which
// commands it has, nothing can be judged and the text goes to the CLI as before.
func (m *Model) unknownCommand(name string) bool {
	if m.sess.init == nil {
		return false
	}
	var known []string
	for _, c := range m.prompt.Commands() {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return false
		}
		known = append(known, c.Name)
	}
	m.notice(noticeWarning, localcmd.Unknown(name, known))
	return true
}

// unmarshalIfAny decodes a control response's body; an absent one leaves v as it is.
func unmarshalIfAny(body json.RawMessage, v any) error {
	if len(body) == 0 {
		return nil
	}
	return json.Unmarshal(body, v)
}

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
	dir := m.sess.cwd
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
