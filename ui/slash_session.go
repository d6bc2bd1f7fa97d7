package ui

import (
	"context"
	"encoding/json"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/input"
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
		return commands.Rename(m.commandHost(), args), true
	case cmdContext:
		return commands.Context(m.commandHost()), true
	case cmdCost:
		return commands.Cost(m.commandHost()), true
	case cmdExport:
		return commands.Export(m.commandHost(), args), true
	case cmdLogin:
		return m.login(), true
	}
	return nil, false
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
		return contextRefreshedMsg{gen: gen, body: body.Response}
	}
}

// contextRefreshedMsg is the summary form's answer (see refreshContext).
type contextRefreshedMsg struct {
	gen  int
	body json.RawMessage
}

func (msg contextRefreshedMsg) handle(m *Model) tea.Cmd {
	if msg.gen != m.gen {
		return nil
	}
	// The bar's quiet refresh: it gives way to anything a turn reported.
	var u protocol.ContextUsage
	if err := json.Unmarshal(msg.body, &u); err == nil && m.sess.contextTokens == 0 {
		m.takeContextUsage(&u)
	}
	return nil
}

// takeContextUsage shows the CLI's own count in the bar.
func (m *Model) takeContextUsage(u *protocol.ContextUsage) {
	if u.MaxTokens > 0 && u.TotalTokens > 0 {
		m.sess.contextTokens, m.sess.contextWindow = u.TotalTokens, u.MaxTokens
	}
}
