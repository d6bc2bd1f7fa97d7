package dialogs

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// TrustPurpose is what a No does, which its choice says.
type TrustPurpose int

const (
	TrustLaunch  TrustPurpose = iota // the folder gclaude was started in: No leaves gclaude
	TrustOpen                        // a folder /open names: No opens nothing
	TrustSession                     // a session of the workspace (restored): No closes it
)

// TrustAnswer is the answer to the folder question.
type TrustAnswer struct{ Yes bool }

func (TrustAnswer) action() {}

// TrustQuestion is Claude Code's "Accessing workspace" question, asked before claude
// (or anything of the folder, gclaude's worktree setup included) runs in a folder its
// record does not trust: the folder, what trusting it would run (every hook, MCP
// server and command of its settings, with its command line), No first and selected.
type TrustQuestion struct {
	env     Env
	v       trust.Verdict
	purpose TrustPurpose
	gate
}

// NewTrustQuestion asks about the folder of v.
func NewTrustQuestion(v trust.Verdict, purpose TrustPurpose, env Env) *TrustQuestion {
	no := map[TrustPurpose]string{TrustLaunch: "No, exit", TrustOpen: "No, open nothing", TrustSession: "No, close this session"}[purpose]
	return &TrustQuestion{env: env, v: v, purpose: purpose,
		gate: newGate(env, choice{label: no}, choice{label: "Yes, I trust this folder", danger: true})}
}

// Update answers TrustAnswer once the user chose.
func (d *TrustQuestion) Update(msg tea.Msg) (Action, tea.Cmd) {
	i, cmd := d.update(msg, d.env.Keys.Dialog)
	if i < 0 {
		return nil, cmd
	}
	return TrustAnswer{Yes: i == 1}, cmd
}

// View draws the question in at most width×height cells.
func (d *TrustQuestion) View(width, height int) string {
	st := d.env.Styles()
	inner := boxWidth(width, gateMaxWidth) - boxFrame
	f := frame{title: st.Notice.Warning.Render("Accessing workspace:"), danger: len(d.v.Facts.Items) > 0}
	if d.v.Where != "" {
		f.badge = st.Muted.Render("on " + oneLine(d.v.Where))
	}
	f.body = d.body(inner, st)
	return d.render(f, width, height, d.env.Keys.Dialog, st)
}

func (d *TrustQuestion) body(width int, st *themes.Styles) []string {
	v := d.v
	var out []string
	para := func(s string, style lipgloss.Style) {
		out = append(out, styledWrap(clean(s), width, style)...)
	}
	para(ShowPath(v.Dir, v.Home), st.Bold)
	out = append(out, "")
	para("Quick safety check: Is this a project you created or one you trust? (Like your own code, a well-known open source project, or work from your team). If not, take a moment to review what's in this folder first.", st.Text)
	yes := "Claude Code'll be able to read, edit, and execute files here."
	if v.SessionOnly != "" {
		yes += " " + v.SessionOnly + ", so Yes lasts for this session only."
	}
	para(yes, st.Text)
	if v.RecordErr != nil {
		para("⚠ "+v.RecordErr.Error()+": your answer cannot be recorded, so it lasts for this session only.", st.Notice.Warning)
	}
	if facts := FactLines(v, width, st); len(facts) > 0 {
		out = append(out, "")
		out = append(out, facts...)
	}
	if len(v.Facts.Loads) > 0 {
		out = append(out, "")
		para("Trusting this folder loads "+listAnd(v.Facts.Loads)+".", st.Text)
	}
	out = append(out, "")
	para("Security guide: https://code.claude.com/docs/en/security", st.Muted)
	return out
}

// FactLines lists what trusting the folder of v runs, grouped as Claude Code's dialog
// words them, each hook and server with what it runs.
func FactLines(v trust.Verdict, width int, st *themes.Styles) []string {
	f := v.Facts
	var out []string
	head := func(s string) { out = append(out, styledWrap(clean("⚠ "+s), width, st.Notice.Warning)...) }
	item := func(s string) { out = append(out, hanging("  ", st.Text.Render(clean(s)), width)...) }
	for _, it := range f.Of(trust.FactUnreadable) {
		head(it.Source + " could not be read (" + it.Value + "): what it configures is not listed here, and it loads once the folder is trusted.")
	}
	if hooks := f.Of(trust.FactHook); len(hooks) > 0 {
		head("This folder configures hooks that can run commands without asking, declared in " + sources(hooks) + ":")
		for _, h := range hooks {
			item(h.Name + ": " + h.Value)
		}
	}
	if servers := f.Of(trust.FactMCPServer); len(servers) > 0 {
		head("This folder's .mcp.json starts MCP servers, which may execute code or access system resources:")
		for _, s := range servers {
			line := s.Name + ": " + s.Value
			if s.Source != ".mcp.json" {
				line += " (" + ShowPath(s.Source, v.Home) + ")"
			}
			item(line + " — " + s.Note)
		}
	}
	if cmds := f.Of(trust.FactCommand); len(cmds) > 0 {
		head("This folder's settings run commands:")
		for _, c := range cmds {
			item(c.Name + " (" + c.Source + "): " + c.Value)
		}
	}
	if env := f.Of(trust.FactEnv); len(env) > 0 {
		head("This folder sets environment variables for claude and everything it runs, in " + sources(env) + ":")
		for _, e := range env {
			item(e.Name + "=" + e.Value)
		}
	}
	if perms := f.Of(trust.FactPermission); len(perms) > 0 {
		head(fmt.Sprintf("This folder pre-approves %d tool %s in %s:", len(perms), render.Plural(len(perms), "permission"), sources(perms)))
		for _, p := range perms {
			if p.Name == "defaultMode" {
				item("permission mode " + p.Value)
				continue
			}
			item(p.Value)
		}
	}
	if dirs := f.Of(trust.FactDirectory); len(dirs) > 0 {
		head(fmt.Sprintf("This folder adds %d %s to the workspace in %s:", len(dirs), directories(len(dirs)), sources(dirs)))
		for _, d := range dirs {
			item(d.Value)
		}
	}
	if plugins := f.Of(trust.FactPlugin); len(plugins) > 0 {
		head("This folder turns on plugins and marketplaces, whose hooks, servers and commands come with them, in " + sources(plugins) + ":")
		for _, p := range plugins {
			item(p.Name + ": " + p.Value)
		}
	}
	if applies := len(f.Of(trust.FactHook)) + len(f.Of(trust.FactCommand)) + len(f.Of(trust.FactEnv)) + len(f.Of(trust.FactPermission)) + len(f.Of(trust.FactDirectory)) + len(f.Of(trust.FactPlugin)); applies > 0 {
		out = append(out, styledWrap(clean("These will apply without asking. Only proceed if you trust this configuration."), width, st.Muted)...)
	}
	if dirs := f.Of(trust.FactClaudeDir); len(dirs) > 0 {
		out = append(out, styledWrap(clean("Its skills, commands and agents load and can run commands: "+sources(dirs)+"."), width, st.Text)...)
	}
	for _, s := range f.Of(trust.FactWorktreeSetup) {
		head("gclaude runs this repository's worktree setup in the new worktree before claude starts (" + s.Source + "):")
		item(s.Value)
	}
	return out
}

// sources joins the distinct sources of facts.
func sources(facts []trust.Fact) string {
	var seen []string
	for _, f := range facts {
		if !contains(seen, f.Source) {
			seen = append(seen, f.Source)
		}
	}
	return listAnd(seen)
}

// listAnd is "a", "a and b", "a, b, and c", as Claude Code lists things.
func listAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return items[0] + " and " + items[1]
	}
	return strings.Join(items[:len(items)-1], ", ") + ", and " + items[len(items)-1]
}

// ShowPath is p with the home folder shown as ~.
func ShowPath(p, home string) string {
	if home != "" && home != "/" {
		if p == home {
			return "~"
		}
		if rest, ok := strings.CutPrefix(p, strings.TrimSuffix(home, "/")+"/"); ok {
			return "~/" + rest
		}
	}
	return p
}

func directories(n int) string {
	if n == 1 {
		return "directory"
	}
	return "directories"
}
