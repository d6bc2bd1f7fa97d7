package dialogs

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// permissionMaxWidth is wide enough for a diff with line numbers, narrow enough to
// read on a big screen.
const permissionMaxWidth = 120

// View renders the dialog in at most width×height cells.
func (d *Permission) View(width, height int) string {
	st := d.env.Styles()
	w := boxWidth(width, permissionMaxWidth)
	inner := w - boxFrame
	f := frame{title: d.title(), badge: d.badge(), danger: d.dangerous(), hint: d.hint()}
	if d.editing {
		f.foot = d.editFoot(inner)
		f.fill = true
		room := height - 2 - 1 - 2 - len(f.foot) - 1 // border, title, separators, foot, hint
		d.editor.SetWidth(inner)
		d.editor.SetHeight(max(room, 1))
		styleTextarea(&d.editor, st)
		f.body = strings.Split(d.editor.View(), "\n")
		return f.render(w, height, &d.scroll, st)
	}
	if d.large != nil {
		f.lazy = d.largeBody(inner)
	} else {
		f.body = d.bodyLines(inner)
		if d.kind == kindEdit || d.kind == kindMultiEdit || d.kind == kindWrite {
			f.start, f.hasStart = firstChange(f.body)
		}
	}
	f.foot, f.footFocus = d.footLines(inner)
	f.hasFootFocus = f.footFocus >= 0
	return f.render(w, height, &d.scroll, st)
}

func (d *Permission) title() string {
	st := d.env.Styles()
	t := st.Dialog.Title.Render(oneLine(d.req.Name()))
	if d.req.Title != "" {
		t += st.Muted.Render(" · " + oneLine(d.req.Title))
	}
	return t
}

func (d *Permission) badge() string {
	edited := ""
	if d.edited {
		edited = "input edited by you"
	}
	return badges(d.env, edited, d.queuePlace)
}

// badges is the right side of a title line: what the user edited, replay, queue
// position.
func badges(env Env, edited string, q queuePlace) string {
	st := env.Styles()
	var parts []string
	if q.from != "" {
		parts = append(parts, st.Accent.Render("⧉ "+q.from))
	}
	if edited != "" {
		parts = append(parts, st.Accent.Render("✎ "+edited))
	}
	if env.ReadOnly {
		parts = append(parts, readOnlyBadge(st))
	}
	if q.total > 1 {
		parts = append(parts, st.Muted.Render(fmt.Sprintf("%d of %d", q.pos, q.total)))
	}
	return strings.Join(parts, st.Subtle.Render(" · "))
}

// dangerous: the request reaches outside the folders the session may use.
func (d *Permission) dangerous() bool {
	return d.req.DecisionReasonType == "workingDir"
}

func (d *Permission) hint() []string {
	st, k := d.env.Styles(), d.env.Keys.Dialog
	switch {
	case d.guard.arming():
		return armingHint(st)
	case d.editing:
		return hintLine(st, k.EditSave, k.EditCancel, k.OpenEditor)
	case d.env.ReadOnly:
		return hintLine(st, "replay: nothing is sent", [2]string{"enter/esc", "close"}, k.ScrollDown)
	}
	n := len(d.choices.items)
	return hintLine(st, [2]string{fmt.Sprintf("1-%d", n), "answer"}, [2]string{"↑↓", "select"}, k.Choose, [2]string{"esc", "reject & stop"}, k.Edit, k.OpenEditor, k.ScrollDown)
}

// bodyLines is everything the user judges: who asks and why, what would run, and
// then what the model says about it (after the command: the command is the truth).
func (d *Permission) bodyLines(width int) []string {
	out := d.headLines(width)
	out = append(out, d.previewLines(width)...)
	return append(out, d.tailLines(width)...)
}

// largeBody is bodyLines for content too big to render whole: the same head
// and tail around content rows built only when on screen.
func (d *Permission) largeBody(width int) *lazyLines {
	head := append(d.headLines(width), d.large.header(width, d.env.Styles())...)
	tail := d.tailLines(width)
	n := d.large.content.lines
	return &lazyLines{n: len(head) + n + len(tail), line: func(i int) string {
		switch {
		case i < len(head):
			return head[i]
		case i < len(head)+n:
			return d.large.row(i-len(head), width, d.env.Styles())
		}
		return tail[i-len(head)-n]
	}}
}

// headLines say who asks and why, above the preview.
func (d *Permission) headLines(width int) []string {
	st, r := d.env.Styles(), d.req
	var out []string
	if r.AgentID != "" {
		who := "a subagent"
		if d.info.AgentDescription != "" {
			who = "subagent “" + oneLine(d.info.AgentDescription) + "”"
		}
		out = append(out, styledWrap("↳ asked by "+who+" ("+oneLine(r.AgentID)+")", width, st.Notice.Info)...)
	}
	switch {
	case r.DecisionReasonType == "hook":
		src := "a " + render.OrDefault(oneLine(r.DecisionReasonHookEvent), "hook")
		if r.DecisionReasonHookSource != "" {
			src += " hook (" + oneLine(r.DecisionReasonHookSource) + ")"
		} else if r.DecisionReasonHookEvent != "" {
			src += " hook"
		}
		text := "⚑ asked by " + src
		if r.DecisionReason != "" {
			text += ": " + oneLine(r.DecisionReason)
		}
		out = append(out, styledWrap(text, width, st.Notice.Info)...)
	case r.DecisionReason != "":
		out = append(out, hanging(st.Notice.WarningIcon.Render(st.Icons.Warning+" "), st.Notice.Warning.Render(oneLine(r.DecisionReason)), width)...)
	}
	if d.edited {
		out = append(out, styledWrap("✎ You edited this input; below is what will run.", width, st.Accent)...)
	}
	if len(out) > 0 {
		out = append(out, "")
	}
	return out
}

// tailLines follow the preview: the fields it does not show, the model's
// description, the blocked path.
func (d *Permission) tailLines(width int) []string {
	st, r := d.env.Styles(), d.req
	var after []string
	if d.inputOK {
		after = append(after, callFieldLines(d.kind, d.input, width, d.preview)...)
	}
	desc := r.Description
	if in, ok := d.typed.(*protocol.BashInput); ok && desc == "" {
		desc = in.Description
	}
	if desc != "" && !d.kind.touchesFile() {
		if len(after) > 0 {
			after = append(after, "")
		}
		after = append(after, descriptionLine(desc, width, d.preview)...)
	}
	if r.BlockedPath != "" {
		after = append(after, hanging(st.Tool.Label.Render("path:")+" ", st.Text.Render(oneLine(r.BlockedPath)), width)...)
	}
	if len(after) > 0 {
		return append([]string{""}, after...)
	}
	return nil
}

func (d *Permission) previewLines(width int) []string {
	c := &d.rendered
	if c.lines == nil || c.width != width || c.version != d.version || c.st != d.env.Styles() {
		if d.inputOK {
			c.lines = d.preview.lines(d.input, d.typed, width)
		} else {
			c.lines = styledWrap(clean(string(d.req.Input)), width, d.env.Styles().Text)
		}
		c.width, c.version, c.st = width, d.version, d.env.Styles()
	}
	return c.lines
}

// question is the line above the choices: what saying yes does.
func (d *Permission) question() string {
	base := filepath.Base(oneLine(filePath(d.typed)))
	switch d.kind {
	case kindBash:
		return "Run this command?"
	case kindWrite:
		if d.preview.disk.exists {
			return "Overwrite " + base + "?"
		}
		return "Create " + base + "?"
	case kindEdit, kindMultiEdit:
		return "Make this edit to " + base + "?"
	}
	return "Allow " + oneLine(d.req.Name()) + "?"
}

// footLines are the question, the choices (with the feedback field under its
// choice) and the status line, all in full whatever the height: the preview above
// is what scrolls. focus is the line of the selected choice, -1 when none is.
func (d *Permission) footLines(width int) (out []string, focus int) {
	st := d.env.Styles()
	out = styledWrap(d.question(), width, st.Bold)
	choices, focus := d.choices.lines(width, d.guard.arming(), st, func(i int) []string {
		if i == d.choices.cursor && d.acts[i].act == actDenyFeedback {
			return fieldBelow(&d.feedback, width, d.env.Styles())
		}
		return nil
	})
	if focus >= 0 {
		focus += len(out)
	}
	out = append(out, choices...)
	if d.status != "" {
		out = append(out, styledWrap(d.status, width, st.Notice.Warning)...)
	}
	return out, focus
}

func (d *Permission) editFoot(width int) []string {
	st := d.env.Styles()
	what := "the input (JSON)"
	switch d.kind {
	case kindBash:
		what = "the command"
	case kindWrite:
		what = "the new content of " + filepath.Base(oneLine(filePath(d.typed)))
	case kindEdit:
		what = "the replacement text (new_string) for " + filepath.Base(oneLine(filePath(d.typed)))
	}
	out := styledWrap("Editing "+what+". What you keep here is what will run.", width, st.Accent)
	if d.editErr != "" {
		out = append(out, styledWrap(oneLine(d.editErr), width, st.Notice.Error)...)
	}
	return out
}

var (
	_ Dialog = (*Permission)(nil)
	_ Queued = (*Permission)(nil)
)

// diffChange is a diff row that removes or adds a line ("12   - old", "  12 + new").
var diffChange = regexp.MustCompile(`^ *(\d+ +\d* *|\d* +\d+ +)[-+] `)

// firstChange is the body line of the preview's first removed or added line, so a
// dialog too short for the whole preview opens on what changes, not on context.
func firstChange(body []string) (int, bool) {
	for i, l := range body {
		if diffChange.MatchString(ansi.Strip(l)) {
			return i, true
		}
	}
	return 0, false
}
