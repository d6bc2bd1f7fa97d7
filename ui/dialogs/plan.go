package dialogs

import (
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// PlanDenyMessage is sent when the user keeps planning without saying what to change.
const PlanDenyMessage = "The user did not approve the plan. Keep planning."

// planMaxWidth keeps a plan readable on wide screens.
const planMaxWidth = 120

// planChoice is what a plan review choice does: approve and continue in mode, or
// (keep) stay in plan mode.
type planChoice struct {
	mode string
	keep bool
}

// PlanReview answers an ExitPlanMode request: the plan (from the plan file the CLI
// read) in a large scrollable modal, approve with or without auto-accepting edits,
// or keep planning with feedback. The plan can be edited before approving. It has
// the same guard as Permission: arming delay, nothing selected at first.
type PlanReview struct {
	env Env

	input   protocol.InputFields
	inputOK bool
	typed   protocol.ExitPlanModeInput
	plan    string
	path    string
	edited  bool
	version int
	acts    []planChoice // what each choice does
	cache   struct {
		width, version int
		st             *themes.Styles // a theme switch redraws
		lines          []string
	}

	decision
}

func init() {
	registerRequestDialog(protocol.ToolExitPlanMode, func(req *protocol.CanUseTool, _ RequestInfo, env Env) Dialog {
		return NewPlanReview(req, env)
	})
}

// NewPlanReview builds the plan review for an ExitPlanMode request.
func NewPlanReview(req *protocol.CanUseTool, env Env) *PlanReview {
	d := &PlanReview{env: env, decision: newDecision(req, env)}
	var err error
	d.input, err = protocol.ParseInputFields(req.Input)
	d.inputOK = err == nil
	if in, ok := decodeAs[protocol.ExitPlanModeInput](req); ok {
		d.typed = *in
	}
	d.plan, d.path = d.typed.Plan, d.typed.PlanFilePath
	// Every "Yes" leaves plan mode, so each label names the mode that follows.
	var items []choice
	if env.AutoMode {
		items = append(items, choice{label: "Yes, and use auto mode", detail: "— a classifier decides what runs"})
		d.acts = append(d.acts, planChoice{mode: protocol.ModeAuto})
	}
	items = append(items,
		choice{label: "Yes, and auto-accept edits", detail: "— switches to accept edits mode"},
		choice{label: "Yes, and approve each edit", detail: "— switches to default mode"},
		choice{label: "No, keep planning"})
	d.acts = append(d.acts, planChoice{mode: protocol.ModeAcceptEdits}, planChoice{mode: protocol.ModeDefault}, planChoice{keep: true})
	d.choices = newChoices(items...)
	d.feedbackChoice = len(items) - 1
	d.feedback = newField("what should change in the plan?", env.Styles())
	return d
}

// Update handles keys, the arming tick and the external editor.
func (d *PlanReview) Update(msg tea.Msg) (Action, tea.Cmd) { return d.decision.update(msg, d) }

func (d *PlanReview) key(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	k := d.env.Keys.Dialog
	switch {
	case !d.editing && key.Matches(msg, k.ScrollUp):
		d.scroll.pageUp()
		return nil, nil
	case !d.editing && key.Matches(msg, k.ScrollDown):
		d.scroll.pageDown()
		return nil, nil
	}
	return d.decision.key(msg, k, d)
}

// startEdit opens the plan in the inline editor.
func (d *PlanReview) startEdit() tea.Cmd {
	ed, err := newEditor(d.plan, d.env.Styles())
	if err != nil {
		d.status = err.Error() + "; use " + d.env.Keys.Dialog.OpenEditor.Help().Key + " to edit it in $EDITOR."
		return nil
	}
	d.editor, d.editing = ed, true
	d.feedback.Blur()
	return d.editor.Focus()
}

// startExternal opens the plan in $EDITOR.
func (d *PlanReview) startExternal() tea.Cmd {
	return openInEditor(d.id, d.plan, ".md", d.env)
}

func (d *PlanReview) editKey(msg tea.KeyPressMsg) tea.Cmd {
	k := d.env.Keys.Dialog
	switch {
	case key.Matches(msg, k.EditSave):
		d.setPlan(d.editor.Value())
		d.editing = false
		return nil
	case key.Matches(msg, k.EditCancel):
		d.editing = false
		return nil
	case key.Matches(msg, k.OpenEditor):
		return openInEditor(d.id, d.editor.Value(), ".md", d.env)
	}
	var cmd tea.Cmd
	d.editor, cmd = d.editor.Update(msg)
	return cmd
}

func (d *PlanReview) fromExternal(msg editorDoneMsg) tea.Cmd {
	if msg.err != nil {
		d.status = "The editor failed: " + oneLine(msg.err.Error())
		return nil
	}
	d.setPlan(msg.text) // a plan is a file: its final newline belongs to it
	d.editing = false
	return d.guard.start()
}

// setPlan takes the user's version of the plan; the choice must be made again.
func (d *PlanReview) setPlan(text string) {
	if text == d.plan {
		return
	}
	d.plan, d.edited = text, true
	d.version++
	d.choices.cursor = -1
	d.feedback.Blur()
}

func (d *PlanReview) confirm() Action {
	if d.env.ReadOnly {
		return Dismiss{}
	}
	if d.choices.cursor < 0 {
		d.status = nothingSelected(len(d.choices.items))
		return nil
	}
	act := d.acts[d.choices.cursor]
	if act.keep {
		return d.deny()
	}
	allow := protocol.PermissionAllow{UpdatedInput: d.updatedInput()}
	var summary string
	switch act.mode {
	case protocol.ModeAuto:
		summary = "Plan approved · auto mode"
	case protocol.ModeAcceptEdits:
		summary = "Plan approved · auto-accept edits"
	default:
		summary = "Plan approved · approve each edit"
	}
	// Each mode is asked for explicitly, as Claude Code does, so the label is what
	// happens whatever mode plan mode was entered from.
	allow.UpdatedPermissions = []protocol.PermissionUpdate{{
		Type: protocol.UpdateSetMode, Mode: act.mode, Destination: protocol.DestSession,
	}}
	r := Respond{RequestID: d.req.RequestID, Decision: allow, Summary: summary}
	if d.edited {
		r.PlanEdit = &PlanEdit{Path: d.path, Text: d.plan}
		r.Summary += " · plan edited by you"
	}
	return r
}

// deny is esc and "No, keep planning": it denies with the user's feedback verbatim.
func (d *PlanReview) deny() Action {
	if d.env.ReadOnly {
		return Dismiss{}
	}
	text := d.feedback.Value()
	if strings.TrimSpace(text) == "" {
		return Respond{RequestID: d.req.RequestID, Decision: protocol.PermissionDeny{Message: PlanDenyMessage}, Summary: "Plan not approved · keep planning"}
	}
	return Respond{RequestID: d.req.RequestID, Decision: protocol.PermissionDeny{Message: text}, Summary: "Plan not approved: " + oneLine(text)}
}

// updatedInput is the CLI's input with the user's plan, if they edited it.
func (d *PlanReview) updatedInput() json.RawMessage {
	if !d.inputOK {
		return d.req.Input
	}
	if d.edited {
		in := d.typed
		in.Plan = d.plan
		if raw, err := protocol.UpdateInput(d.input.Raw(), &in); err == nil {
			return raw
		}
		return d.input.Set("plan", d.plan).Raw() // the input does not fit the schema
	}
	return d.input.Raw()
}

// View renders the plan in a modal that takes all the height it is given.
func (d *PlanReview) View(width, height int) string {
	st := d.env.Styles()
	w := boxWidth(width, planMaxWidth)
	inner := w - boxFrame
	edited := ""
	if d.edited {
		edited = "plan edited by you"
	}
	f := frame{
		title: st.Dialog.Title.Render("Plan review") + st.Muted.Render(" · ready to leave plan mode?"),
		badge: badges(d.env, edited, d.queuePlace),
	}
	k := d.env.Keys.Dialog
	switch {
	case d.guard.arming():
		f.hint = armingHint(st)
	case d.editing:
		f.hint = hintLine(st, k.EditSave, k.EditCancel, k.OpenEditor)
	case d.env.ReadOnly:
		f.hint = hintLine(st, "replay: nothing is sent", [2]string{"enter/esc", "close"}, k.ScrollDown)
	default:
		f.hint = hintLine(st, [2]string{fmt.Sprintf("1-%d", len(d.choices.items)), "answer"}, [2]string{"↑↓", "select"}, k.Choose, [2]string{"esc", "keep planning"}, [2]string{k.Edit.Help().Key, "edit plan"}, k.OpenEditor, k.ScrollDown)
	}
	if d.editing {
		f.fill = true
		f.foot = styledWrap("Editing the plan. What you keep is what Claude will follow.", inner, st.Accent)
		d.editor.SetWidth(inner)
		d.editor.SetHeight(max(height-2-1-2-len(f.foot)-1, 1))
		styleTextarea(&d.editor, st)
		f.body = strings.Split(d.editor.View(), "\n")
		return f.render(w, height, &d.scroll, st)
	}
	f.body = d.bodyLines(inner)
	f.foot, f.footFocus = d.footLines(inner)
	f.hasFootFocus = f.footFocus >= 0
	return f.render(w, height, &d.scroll, st)
}

func (d *PlanReview) bodyLines(width int) []string {
	c := &d.cache
	if c.lines != nil && c.width == width && c.version == d.version && c.st == d.env.Styles() {
		return c.lines
	}
	st := d.env.Styles()
	var out []string
	if d.path != "" {
		out = append(out, hanging(st.Tool.Label.Render("plan file:")+" ", st.Muted.Render(oneLine(d.path)), width)...)
	}
	if d.edited {
		out = append(out, styledWrap("✎ You edited this plan; below is what Claude will be told to follow.", width, st.Accent)...)
	}
	if len(out) > 0 {
		out = append(out, "")
	}
	if strings.TrimSpace(d.plan) == "" {
		out = append(out, styledWrap("No plan file was written: Claude asked to leave plan mode without saving a plan. You can still approve, keep planning, or write one with "+d.env.Keys.Dialog.Edit.Help().Key+".", width, st.Notice.Warning)...)
	} else {
		out = append(out, strings.Split(render.Markdown(d.plan, width, st), "\n")...)
	}
	if extra := otherFieldLines(d.input, []string{"plan", "planFilePath"}, width, st); len(extra) > 0 {
		out = append(append(out, ""), extra...)
	}
	c.lines, c.width, c.version, c.st = out, width, d.version, st
	return out
}

// footLines are the choices (the feedback field under its choice) and the status
// line; focus is the line of the selected choice, -1 when none is.
func (d *PlanReview) footLines(width int) (out []string, focus int) {
	st := d.env.Styles()
	out, focus = d.choices.lines(width, d.guard.arming(), st, func(i int) []string {
		if i == d.choices.cursor && i == d.feedbackChoice {
			return fieldBelow(&d.feedback, width, d.env.Styles())
		}
		return nil
	})
	if d.status != "" {
		out = append(out, styledWrap(d.status, width, st.Notice.Warning)...)
	}
	return out, focus
}

var (
	_ Dialog = (*PlanReview)(nil)
	_ Queued = (*PlanReview)(nil)
)
