package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editorcmd"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/localcmd"
	"github.com/gclaude/gclaude/ui/status"
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
		return m.status(), true
	case cmdAddDir:
		return m.addDir(args), true
	case cmdPermissions:
		return m.permissions(args), true
	case cmdMemory:
		return m.memory(args), true
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

// dailyDoneMsg is a daily command's report: a notice, and what to change in the model
// once it is back on the update loop.
type dailyDoneMsg struct {
	gen        int
	kind, text string
	then       func(m *Model) tea.Cmd
}

func (msg dailyDoneMsg) handle(m *Model) tea.Cmd {
	if msg.gen != m.gen {
		return nil
	}
	if msg.text != "" {
		m.notice(msg.kind, msg.text)
	}
	if msg.then != nil {
		return msg.then(m)
	}
	return nil
}

// status reports versions, session, folders, model, mode, account, MCP servers and the
// settings in effect.
func (m *Model) status() tea.Cmd {
	base := localcmd.StatusBase{
		GclaudeVersion: m.opts.Version, SessionID: m.sess.sessionID, CWD: m.sess.cwd,
		AddedDirs: m.addedDirs, Model: m.sess.model, Mode: m.sess.mode, APIKeySource: m.sess.apiKeySource,
	}
	if init := m.sess.init; init != nil {
		base.ClaudeVersion, base.Account = init.ClaudeCodeVersion, init.Account
	}
	return m.asking(cmdStatus, func(ctx context.Context, ask localcmd.Ask) dailyDoneMsg {
		return dailyDoneMsg{kind: noticeInfo, text: localcmd.Status(ctx, ask, base)}
	})
}

// addDir lets tools use another folder from the next call on: the running CLI gets the
// whole list in its flag settings, and every later start gets it as --add-dir.
func (m *Model) addDir(arg string) tea.Cmd {
	cwd, home := m.sess.cwd, m.opts.Home
	if cwd == "" {
		cwd = m.opts.CWD
	}
	dirs := m.addedDirs
	return m.asking(cmdAddDir, func(ctx context.Context, ask localcmd.Ask) dailyDoneMsg {
		dir, err := localcmd.ResolveDir(arg, cwd, home)
		if err != nil {
			return dailyDoneMsg{kind: noticeWarning, text: err.Error()}
		}
		if slices.Contains(dirs, dir) {
			return dailyDoneMsg{kind: noticeInfo, text: dir + " is already added"}
		}
		all := append(slices.Clone(dirs), dir)
		if err := localcmd.ApplyDirs(ctx, ask, all); err != nil {
			return dailyDoneMsg{kind: noticeError, text: "/add-dir failed: " + err.Error()}
		}
		return dailyDoneMsg{kind: noticeInfo, text: "Added " + dir + ": tools may use it from the next call on",
			then: func(m *Model) tea.Cmd {
				if !slices.Contains(m.addedDirs, dir) {
					m.addedDirs = append(m.addedDirs, dir)
				}
				return nil
			}}
	})
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

// permissions opens the rules in effect in a picker (or, with "list", writes them to
// the transcript), or adds or removes one in a settings file and waits until the
// running CLI (which watches those files) applies the change.
func (m *Model) permissions(args string) tea.Cmd {
	list := strings.TrimSpace(args) == "list"
	if list {
		args = ""
	}
	edit, err := localcmd.ParsePermissions(args)
	if err != nil {
		m.notice(noticeWarning, err.Error())
		return nil
	}
	cwd := m.sess.cwd
	if cwd == "" {
		cwd = m.opts.CWD
	}
	files := localcmd.Files(m.opts.Home, cwd)
	return m.asking(cmdPermissions, func(ctx context.Context, ask localcmd.Ask) dailyDoneMsg {
		if edit == nil {
			rules, err := localcmd.ListRules(ctx, ask)
			if err != nil {
				return dailyDoneMsg{kind: noticeError, text: "/permissions failed: " + err.Error()}
			}
			if list {
				return dailyDoneMsg{kind: noticeInfo, text: localcmd.FormatRules(rules, files)}
			}
			rows := make([]dialogs.RuleRow, len(rules))
			for i, r := range rules {
				rows[i] = dialogs.RuleRow{Behavior: r.Behavior, Rule: r.Rule, Where: files.Where(r.Source), Desc: r.Text(),
					Removable: localcmd.InSettingsFile(r.Source)}
			}
			return dailyDoneMsg{then: func(m *Model) tea.Cmd { return m.openPicker(dialogs.NewRulesPicker(rows, m.dialogEnv())) }}
		}
		text, failed := localcmd.EditPermissions(ctx, ask, files, *edit)
		if failed {
			return dailyDoneMsg{kind: noticeWarning, text: text}
		}
		return dailyDoneMsg{kind: noticeInfo, text: text}
	})
}

// memory lists the CLAUDE.md files in effect, or opens the nth in $VISUAL / $EDITOR
// (creating its folder: a memory file may not exist yet).
func (m *Model) memory(args string) tea.Cmd {
	home, cwd := m.opts.Home, m.sess.cwd
	if cwd == "" {
		cwd = m.opts.CWD
	}
	args = strings.TrimSpace(args)
	n, err := strconv.Atoi(args)
	if args != "" && (err != nil || n < 1) {
		m.notice(noticeWarning, "usage: /memory [number]")
		return nil
	}
	gen, getenv := m.gen, m.getenv
	return func() tea.Msg {
		files := localcmd.MemoryFiles(home, cwd)
		if args == "" {
			return dailyDoneMsg{gen: gen, kind: noticeInfo, text: localcmd.FormatMemory(files, home)}
		}
		if n > len(files) {
			return dailyDoneMsg{gen: gen, kind: noticeWarning, text: fmt.Sprintf("/memory: there are %d memory files; /memory lists them", len(files))}
		}
		path := files[n-1].Path
		if err := localcmd.PrepareMemory(path); err != nil {
			return dailyDoneMsg{gen: gen, kind: noticeError, text: "/memory: " + err.Error()}
		}
		return dailyDoneMsg{gen: gen, then: func(m *Model) tea.Cmd {
			return tea.ExecProcess(editorcmd.Command(getenv, path), func(err error) tea.Msg {
				if err != nil {
					return dailyDoneMsg{gen: gen, kind: noticeError, text: "the editor failed: " + err.Error()}
				}
				return dailyDoneMsg{gen: gen, then: func(m *Model) tea.Cmd {
					// claude reads memory files when it starts: restart it on this conversation.
					why := "Memory saved: " + status.ShortenPath(path, home) + ". Restarting claude so that it reads it…"
					if m.turn.running {
						m.notice(noticeInfo, "Memory saved: "+status.ShortenPath(path, home)+". claude reads it when it next starts (a turn is running now).")
						return nil
					}
					return m.reload(why, "", true)
				}}
			})
		}}
	}
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
