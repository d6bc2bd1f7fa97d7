package dialogs

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/trust"
)

// ServerAnswer is the answer about a new MCP server: Use starts it (All: and every
// future server of the project); neither means continue without it.
type ServerAnswer struct {
	Server   string
	Use, All bool
}

func (ServerAnswer) action() {}

// ServerQuestion is Claude Code's "New MCP server found in this project", asked for
// each server of .mcp.json nobody approved or declined yet, before claude starts it.
// Continuing without it is first and selected, and is what esc answers.
type ServerQuestion struct {
	env  Env
	s    trust.Server
	home string
	gate
	queuePlace
}

// NewServerQuestion asks about s (home shows paths as ~/…).
func NewServerQuestion(s trust.Server, home string, env Env) *ServerQuestion {
	return &ServerQuestion{env: env, s: s, home: home, gate: newGate(env,
		choice{label: "No, continue without using this MCP server"},
		choice{label: "Use this MCP server", danger: true},
		choice{label: "Use this and all future MCP servers in this project", danger: true})}
}

// Update answers ServerAnswer once the user chose.
func (d *ServerQuestion) Update(msg tea.Msg) (Action, tea.Cmd) {
	i, cmd := d.update(msg, d.env.Keys.Dialog)
	if i < 0 {
		return nil, cmd
	}
	return ServerAnswer{Server: d.s.Name, Use: i >= 1, All: i == 2}, cmd
}

// View draws the question in at most width×height cells.
func (d *ServerQuestion) View(width, height int) string {
	st := d.env.Styles()
	inner := boxWidth(width, gateMaxWidth) - boxFrame
	f := frame{title: st.Notice.Warning.Render("New MCP server found in this project: " + oneLine(d.s.Name)), danger: true,
		badge: badges(d.env, "", d.queuePlace)}
	f.body = append(f.body, hanging("  ", st.Text.Render(clean(d.s.Run)), inner)...)
	f.body = append(f.body, styledWrap("from "+clean(ShowPath(d.s.Source, d.home)), inner, st.Muted)...)
	f.body = append(f.body, "")
	f.body = append(f.body, styledWrap("MCP servers may execute code or access system resources. All tool calls require approval. Learn more: https://code.claude.com/docs/en/mcp", inner, st.Text)...)
	return d.render(f, width, height, d.env.Keys.Dialog, st)
}
