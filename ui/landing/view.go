package landing

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// listed is how many commits or files the panel names before "and N more".
const listed = 6

// View draws the panel at width × height.
func (p *Panel) View(width, height int) string {
	width, height = max(width, 1), max(height, 1)
	st := p.theme.Get()
	var lines []string
	add := func(ls ...string) { lines = append(lines, ls...) }
	switch p.state {
	case planning:
		add(st.Accent.Render(p.verb()), st.Muted.Render("  working out what it will do…"))
	case refused:
		add(p.refusedLines(width, st)...)
	case working:
		add(st.Accent.Render(p.verb()), st.Muted.Render("  "+p.doing()))
	case done:
		add(p.doneLines(width, st)...)
	default:
		add(p.planLines(width, st)...)
	}
	// The hint line stays at the bottom; the plan gives way above it.
	hint := p.hint(st)
	if len(lines) > height-1 {
		lines = lines[:max(height-1, 0)]
	}
	for len(lines) < height-1 {
		lines = append(lines, "")
	}
	if height > 1 || len(lines) == 0 {
		lines = append(lines, hint)
	}
	for i, l := range lines {
		lines[i] = render.Pad(render.Truncate(l, width), width)
	}
	return strings.Join(lines[:height], "\n")
}

func (p *Panel) verb() string {
	if p.pr {
		return "Open a pull request"
	}
	return "Land"
}

func (p *Panel) doing() string {
	if p.pr {
		return "committing, pushing, opening the pull request…"
	}
	return "committing, merging…"
}

// planLines show the plan: what merges where and how, the commits, the message.
func (p *Panel) planLines(width int, st *themes.Styles) []string {
	var out []string
	name := func(s string) string { return st.Bold.Render(render.Sanitize(s)) }
	var uncommitted, commits []string
	if p.pr {
		pl := p.prPlan
		into := ""
		if pl.BaseBranch != "" {
			into = " into " + name(pl.BaseBranch)
		}
		out = append(out, st.Accent.Render("Open a pull request")+st.Text.Render(" for ")+name(pl.Worktree.Branch)+into,
			st.Muted.Render("  push it to "+render.Sanitize(pl.Remote)+", then gh pr create"))
		uncommitted, commits = pl.Uncommitted, pl.Commits
	} else {
		pl := p.plan
		out = append(out, st.Accent.Render("Land ")+name(pl.Worktree.Branch)+st.Text.Render(" into ")+name(pl.BaseBranch)+
			st.Muted.Render(" in "+render.Sanitize(pl.Worktree.Repo)))
		how := "  " + pl.How.String() + ": " + render.Sanitize(pl.BaseBranch) + " has not moved since the worktree was made"
		if pl.MovedOn > 0 {
			how = fmt.Sprintf("  %s: %s has %d new %s since the worktree was made", pl.How, render.Sanitize(pl.BaseBranch), pl.MovedOn, render.Plural(pl.MovedOn, "commit"))
		}
		out = append(out, st.Muted.Render(how))
		if n := len(pl.Files); n > 0 {
			out = append(out, st.Muted.Render(fmt.Sprintf("  changes %d %s in the main checkout: ", n, render.Plural(n, "file")))+some(pl.Files, st))
		}
		uncommitted, commits = pl.Uncommitted, pl.Commits
	}
	if n := len(commits); n > 0 {
		out = append(out, "", st.Text.Render(fmt.Sprintf("%d %s on the branch", n, render.Plural(n, "commit"))))
		for i, c := range commits {
			if i == listed {
				out = append(out, st.Muted.Render(fmt.Sprintf("  … and %d more", n-i)))
				break
			}
			out = append(out, "  "+st.Muted.Render(render.Sanitize(render.OneLine(c))))
		}
	}
	if n := len(uncommitted); n > 0 {
		out = append(out, "", st.Text.Render(fmt.Sprintf("%d uncommitted %s, committed first: ", n, render.Plural(n, "file")))+some(uncommitted, st))
		out = append(out, p.areaLines(&p.message, width, st)...)
	}
	if p.pr {
		out = append(out, "", st.Text.Render("Title"))
		out = append(out, p.inputLine(width, st))
		out = append(out, "", st.Text.Render("Description"))
		out = append(out, p.areaLines(&p.body, width, st)...)
	}
	if p.failure != "" {
		out = append(out, "", st.Notice.Error.Render(st.Icons.Error+" "+render.Sanitize(render.OneLine(p.failure))))
	}
	return out
}

// refusedLines say why it cannot be done, the files, and what to run.
func (p *Panel) refusedLines(width int, st *themes.Styles) []string {
	r := p.refusal
	out := []string{st.Notice.Warning.Render(st.Icons.Warning + " " + p.verb() + ": not now")}
	for _, l := range strings.Split(ansi.Wrap(render.Sanitize(r.Reason), max(width-2, 8), ""), "\n") {
		out = append(out, "  "+st.Text.Render(l))
	}
	if len(r.Files) > 0 {
		out = append(out, "  "+st.Muted.Render("files: ")+some(r.Files, st))
	}
	if len(r.Run) > 0 {
		out = append(out, "", st.Text.Render("To do it yourself, run:"))
		// Every character of a command is shown (broken across lines, never cut).
		for _, c := range r.Run {
			for _, l := range strings.Split(ansi.Hardwrap(render.Sanitize(c), max(width-2, 8), false), "\n") {
				out = append(out, "  "+st.Accent.Render(l))
			}
		}
	}
	if p.failure != "" {
		out = append(out, "", st.Notice.Error.Render(render.Sanitize(render.OneLine(p.failure))))
	}
	return out
}

// doneLines say what was done, and offer /close after a merge.
func (p *Panel) doneLines(width int, st *themes.Styles) []string {
	if p.pr {
		out := []string{st.Notice.Info.Render(st.Icons.Done + " Pull request opened")}
		if p.opened.URL != "" {
			out = append(out, "  "+st.Link.Render(render.Sanitize(p.opened.URL)))
		} else {
			out = append(out, st.Muted.Render("  gh printed no address: gh pr view --web shows it"))
		}
		return out
	}
	l := p.landed
	s := fmt.Sprintf("  %s is now at %s (%s)", render.Sanitize(p.plan.BaseBranch), short(l.Tip), l.How)
	if l.Committed != "" {
		s += ", the uncommitted work committed as " + short(l.Committed)
	}
	return []string{
		st.Notice.Info.Render(st.Icons.Done + " Landed"),
		st.Text.Render(render.Truncate(s, width)),
		"",
		st.Muted.Render("The worktree and its branch are still there: /close removes them and ends the session."),
	}
}

// hint is the bottom line: the keys of the state the panel is in.
func (p *Panel) hint(st *themes.Styles) string {
	k := p.keys.Land
	hint := func(key, desc string) string { return st.Help.Key.Render(key) + " " + st.Help.Desc.Render(desc) }
	var parts []string
	switch p.state {
	case ready:
		do := "lands it"
		if p.pr {
			do = "opens it"
		}
		parts = append(parts, hint(k.Confirm.Help().Key, do))
		if len(p.fields()) > 0 {
			parts = append(parts, hint(k.Newline.Help().Key, "new line"))
		}
		if len(p.fields()) > 1 {
			parts = append(parts, hint(k.NextField.Help().Key, "next field"))
		}
		parts = append(parts, hint(k.Cancel.Help().Key, "cancel"))
	case refused:
		parts = append(parts, hint(k.Confirm.Help().Key, "look again"))
		if p.refusal != nil && p.refusal.Rebase != "" {
			parts = append(parts, hint(k.Rebase.Help().Key, "ask the session to rebase"))
		}
		parts = append(parts, hint(k.Cancel.Help().Key, "close"))
	case done:
		if !p.pr {
			parts = append(parts, hint(k.Confirm.Help().Key, "/close the worktree"))
		}
		parts = append(parts, hint(k.Cancel.Help().Key, "keep it, close"))
	default:
		parts = append(parts, hint(k.Cancel.Help().Key, "close"))
	}
	return strings.Join(parts, "  ")
}

// areaLines draw a text area at width, in the current theme, its frame marking focus.
func (p *Panel) areaLines(ta *textarea.Model, width int, st *themes.Styles) []string {
	styleArea(ta, st)
	ta.SetWidth(max(width-2, 4))
	lines := strings.Split(ta.View(), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return lines
}

func (p *Panel) inputLine(width int, st *themes.Styles) string {
	styleInput(&p.title, st)
	p.title.SetWidth(max(width-6, 4))
	return "  " + st.Muted.Render("│ ") + p.title.View()
}

func styleArea(ta *textarea.Model, st *themes.Styles) {
	none := lipgloss.NewStyle()
	state := textarea.StyleState{Base: none, Text: st.Text, CursorLine: st.Text, Placeholder: st.Subtle, Prompt: st.Accent, EndOfBuffer: st.Subtle, LineNumber: st.Subtle, CursorLineNumber: st.Muted}
	blurred := state
	blurred.Text, blurred.CursorLine, blurred.Prompt = st.Muted, st.Muted, st.Subtle
	ta.SetStyles(textarea.Styles{Focused: state, Blurred: blurred, Cursor: textarea.CursorStyle{Color: st.Palette.Primary, Blink: false}})
}

func styleInput(in *textinput.Model, st *themes.Styles) {
	s := in.Styles()
	s.Focused.Text, s.Blurred.Text = st.Text, st.Muted
	s.Focused.Placeholder, s.Blurred.Placeholder = st.Subtle, st.Subtle
	s.Cursor.Color, s.Cursor.Blink = st.Palette.Primary, false
	in.SetStyles(s)
}

// some names the first few of a list, then counts the rest.
func some(items []string, st *themes.Styles) string {
	shown := items
	if len(shown) > listed {
		shown = shown[:listed]
	}
	s := render.Sanitize(strings.Join(shown, ", "))
	if n := len(items) - len(shown); n > 0 {
		s += fmt.Sprintf(", and %d more", n)
	}
	return st.Text.Render(s)
}

func short(hash string) string {
	if len(hash) > 7 {
		return hash[:7]
	}
	return hash
}
