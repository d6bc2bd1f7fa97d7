package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/status"
)

// Slash commands about the conversation itself.
const (
	cmdResume  = "resume"
	cmdRename  = "rename"
	cmdContext = "context"
	cmdCost    = "cost"
	cmdExport  = "export"
)

// controlTimeout bounds a control request the user is waiting on. The full
// get_context_usage counts tokens with the API and takes a second or more.
const controlTimeout = time.Minute

func sessionCommands() []input.Command {
	return []input.Command{
		{Name: cmdResume, Description: "Resume an earlier conversation of this folder", ArgumentHint: "[session id or title]", Aliases: []string{"continue"}},
		{Name: cmdRename, Description: "Give this conversation a title", ArgumentHint: "<title>"},
		{Name: cmdContext, Description: "Show what fills the context window"},
		{Name: cmdCost, Description: "Show the cost and duration of this session"},
		{Name: cmdExport, Description: "Write the conversation to a markdown file", ArgumentHint: "[--replace] [file]"},
		{Name: cmdLogin, Description: "Sign in to your Anthropic account (claude auth login), then restart claude"},
	}
}

// runSessionCommand runs one of sessionCommands, by its name (runCommand resolved any
// alias); ok is false for any other name.
func (m *Model) runSessionCommand(name, args string) (cmd tea.Cmd, ok bool) {
	if m.mode.command(m, name) {
		return nil, true
	}
	switch name {
	case cmdResume:
		return m.listSessions(args), true
	case cmdRename:
		return m.rename(args), true
	case cmdContext:
		return m.contextUsage(), true
	case cmdCost:
		return m.sessionCost(), true
	case cmdExport:
		return m.export(args), true
	case cmdLogin:
		return m.login(), true
	}
	return nil, false
}

// control sends a control request in a Cmd; done turns the reply into a message.
func (m *Model) control(req protocol.HostRequest, done func(gen int, body json.RawMessage, err error) tea.Msg) tea.Cmd {
	if m.backend == nil || m.sess.phase == phaseExited {
		m.notice(noticeWarning, "claude is not running: /"+commandOf(req)+" needs it (enter restarts it)")
		return nil
	}
	b, gen := m.backend, m.gen
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), controlTimeout)
		defer cancel()
		body, err := b.Request(ctx, req)
		if err == nil && body.IsError() {
			err = errors.New(body.Error)
		}
		return done(gen, body.Response, err)
	}
}

// commandOf names the slash command that sends a request, for notices.
func commandOf(req protocol.HostRequest) string {
	switch req.(type) {
	case protocol.RenameSession:
		return cmdRename
	case protocol.GetContextUsage:
		return cmdContext
	case protocol.GetSessionCost:
		return cmdCost
	}
	return req.Subtype()
}

// controlDoneMsg is the reply to a session command's control request.
type controlDoneMsg struct {
	gen  int
	req  protocol.HostRequest
	body json.RawMessage
	err  error
}

func (m *Model) controlCmd(req protocol.HostRequest) tea.Cmd {
	return m.control(req, func(gen int, body json.RawMessage, err error) tea.Msg {
		return controlDoneMsg{gen: gen, req: req, body: body, err: err}
	})
}

func (msg controlDoneMsg) handle(m *Model) tea.Cmd {
	if msg.gen != m.gen {
		return nil
	}
	if msg.err != nil {
		m.notice(noticeError, fmt.Sprintf("/%s failed: %v", commandOf(msg.req), msg.err))
		return nil
	}
	switch req := msg.req.(type) {
	case protocol.RenameSession:
		// The bar changes with system/session_title_changed, which follows.
		m.notice(noticeInfo, "conversation renamed to "+req.Title)
	case protocol.GetContextUsage:
		var u protocol.ContextUsage
		err := json.Unmarshal(msg.body, &u)
		switch {
		case req.Detail != "":
			// The bar's quiet refresh: it gives way to anything a turn reported.
			if err == nil && m.sess.contextTokens == 0 {
				m.takeContextUsage(&u)
			}
		case err != nil:
			m.notice(noticeError, "/context: claude's answer could not be read: "+err.Error())
		default:
			m.notice(noticeInfo, render.ContextReport(&u))
			m.takeContextUsage(&u)
		}
	case protocol.GetSessionCost:
		var c protocol.SessionCost
		if err := json.Unmarshal(msg.body, &c); err != nil {
			m.notice(noticeError, "/cost: claude's answer could not be read: "+err.Error())
			return nil
		}
		text := "Cost of this claude session\n" + strings.TrimRight(c.Text, "\n")
		if m.sess.costBase > 0 {
			text += fmt.Sprintf("\nWith the earlier runs of claude in this conversation: %s in all", status.FormatCost(m.sess.costUSD))
		}
		m.notice(noticeInfo, text)
	}
	return nil
}

// rename sets the conversation's title.
func (m *Model) rename(title string) tea.Cmd {
	title = strings.Join(strings.Fields(title), " ")
	if title == "" {
		m.notice(noticeWarning, "usage: /rename <title>")
		return nil
	}
	return m.controlCmd(protocol.RenameSession{Title: title})
}

// contextUsage asks for the full breakdown of the context window. The full form
// counts tokens with the API (a second or so); the summary form (used to refresh
// the bar) does not.
func (m *Model) contextUsage() tea.Cmd {
	return m.controlCmd(protocol.GetContextUsage{})
}

// refreshContext updates the bar's context share from the summary form, which
// makes no API calls: after a resume, before the first turn reports its usage.
func (m *Model) refreshContext() tea.Cmd {
	if m.backend == nil {
		return nil
	}
	b, gen := m.backend, m.gen
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), controlTimeout)
		defer cancel()
		body, err := b.Request(ctx, protocol.GetContextUsage{Detail: "summary"})
		if err != nil || body.IsError() {
			return nil // the bar simply waits for the first turn
		}
		return controlDoneMsg{gen: gen, req: protocol.GetContextUsage{Detail: "summary"}, body: body.Response}
	}
}

// takeContextUsage shows the CLI's own count in the bar.
func (m *Model) takeContextUsage(u *protocol.ContextUsage) {
	if u.MaxTokens > 0 && u.TotalTokens > 0 {
		m.sess.contextTokens, m.sess.contextWindow = u.TotalTokens, u.MaxTokens
	}
}

func (m *Model) sessionCost() tea.Cmd {
	return m.controlCmd(protocol.GetSessionCost{})
}
