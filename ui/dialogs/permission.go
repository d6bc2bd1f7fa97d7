package dialogs

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/filehead"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// What the model is told when the user rejects a call. Both say that the call was
// rejected and did not run, the way Claude Code's own dialog does, so the model does
// not take the user's words for the tool's output.
const (
	// StopMessage goes with interrupt:true (esc, or no words): the turn ends and the
	// user says what to do next at the prompt.
	StopMessage = "The user rejected this tool use, so it did not run (a file edit was not written). Stop here and wait for the user to say how to go on."
	// FeedbackPreamble comes before the user's words, which follow it verbatim.
	FeedbackPreamble = "The user rejected this tool use, so it did not run (a file edit was not written). Instead, the user said how to go on:\n"
)

// rejectedSummary is the transcript's line for a call rejected with the turn stopped.
const rejectedSummary = "Rejected · Claude stopped: tell it what to do instead"

// RequestInfo is what the session knows about a request that the request does not say.
type RequestInfo struct {
	// AgentDescription describes the subagent whose agent_id the request carries (the
	// task's description, e.g. "Write a file"); "" when unknown.
	AgentDescription string
	// CWD is the session's working directory; relative file paths are read against it.
	CWD string
	// ReadHead tells what a path is on the session's machine when that is not this one
	// (over ssh), with the content of a regular file of at most limit bytes, and reads
	// no more (internal/filehead). Nil reads this machine's disk.
	ReadHead func(path string, limit int) (filehead.Head, error)
	// Host names the session's machine in what the preview says ("" for this one).
	Host string
}

// permAct is what a permission choice does.
type permAct int

const (
	actAllow        permAct = iota // allow once
	actSuggestion                  // allow and grant permission_suggestions[sug]
	actEverywhere                  // the same, in every session of the workspace
	actDenyFeedback                // deny with the user's words
	actDenyStop                    // deny and interrupt the turn
)

type permChoice struct {
	act permAct
	sug int
}

// Permission answers a can_use_tool request for an ordinary tool.
//
// Safety: keys are ignored until none has come for ArmDelay (each one swallowed starts
// the wait again), and nothing is selected until the user moves, so enter alone never
// approves. Once armed, a number key answers at once, as in Claude Code. esc rejects
// the call and stops the turn.
type Permission struct {
	env  Env
	info RequestInfo
	kind toolKind

	input   protocol.InputFields // what allow sends as updatedInput: the CLI's, or the user's edit
	inputOK bool                 // input is a JSON object (else it is shown raw and not editable)
	// typed is input decoded through the tool's one schema (protocol.DecodeToolInput),
	// redone whenever input changes; nil when the tool has none or input does not fit it.
	typed    any
	edited   bool
	version  int // bumps when input changes; keys the preview cache
	preview  preview
	rendered struct {
		width, version int
		st             *themes.Styles // a theme switch redraws
		lines          []string
	}
	large *largeWrite // a Write too big to diff, previewed line by line

	decision              // request, choices, feedback, guard, editor and scroll; as in PlanReview
	acts     []permChoice // what each choice does
	editErr  string
}

// NewPermission builds the dialog for req. It reads the file a Write or Edit would
// change, to diff against it, so call it inside a tea.Cmd.
func NewPermission(req *protocol.CanUseTool, info RequestInfo, env Env) *Permission {
	d := &Permission{
		env:      env,
		info:     info,
		decision: newDecision(req, env),
	}
	d.preview = preview{theme: env.Theme}
	fields, err := protocol.ParseInputFields(req.Input)
	if d.inputOK = err == nil; d.inputOK {
		d.setInput(fields)
	}
	if d.kind.touchesFile() {
		d.preview.disk = readSessionFile(filePath(d.typed), info)
	}
	d.indexLarge()

	items := []choice{{label: "Yes"}}
	d.acts = []permChoice{{act: actAllow}}
	for i, s := range req.PermissionSuggestions {
		words, where, danger := describeUpdate(s)
		items = append(items, choice{label: "Yes, and " + words, detail: where, danger: danger})
		d.acts = append(d.acts, permChoice{act: actSuggestion, sug: i})
	}
	for i, s := range req.PermissionSuggestions {
		if env.Workspace && WorkspaceRule(s) {
			items = append(items, choice{label: "Yes, and allow " + ruleList(s.Rules) + " in every session of this workspace", detail: "— each for itself, until it ends", danger: anyWholeBash(s.Rules)})
			d.acts = append(d.acts, permChoice{act: actEverywhere, sug: i})
		}
	}
	items = append(items,
		choice{label: "No, and tell Claude what to do differently"},
		choice{label: "No, and stop (esc)"})
	d.acts = append(d.acts, permChoice{act: actDenyFeedback}, permChoice{act: actDenyStop})
	d.choices = newChoices(items...)
	d.feedbackChoice = len(d.acts) - 2 // actDenyFeedback
	d.feedback = newField("tell Claude what to do instead", env.Styles())
	return d
}

// setInput makes fields the input to send and decodes it through the tool's schema,
// which decides how it is previewed and edited.
func (d *Permission) setInput(fields protocol.InputFields) {
	d.input = fields
	d.typed, _ = protocol.DecodeToolInput(d.req.ToolName, fields.Raw())
	d.kind = kindOf(d.typed)
	d.preview.kind = d.kind
}

// Update handles keys, the arming tick and the external editor.
func (d *Permission) Update(msg tea.Msg) (Action, tea.Cmd) { return d.decision.update(msg, d) }

func (d *Permission) key(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	k := d.env.Keys.Dialog
	// Scrolling decides nothing, so it works while the dialog is arming.
	switch {
	case key.Matches(msg, k.ScrollUp):
		d.scroll.pageUp()
		return nil, nil
	case key.Matches(msg, k.ScrollDown):
		d.scroll.pageDown()
		return nil, nil
	}
	return d.decision.key(msg, k, d)
}

func (d *Permission) confirm() Action {
	c := d.choices.cursor
	if d.env.ReadOnly {
		return Dismiss{}
	}
	if c < 0 {
		d.status = nothingSelected(len(d.choices.items))
		return nil
	}
	switch pc := d.acts[c]; pc.act {
	case actAllow:
		summary := "Allowed once"
		if d.edited {
			summary += " · with your edits"
		}
		return d.respond(protocol.PermissionAllow{UpdatedInput: d.updatedInput()}, summary)
	case actEverywhere:
		s := d.req.PermissionSuggestions[pc.sug]
		a := d.respond(protocol.PermissionAllow{UpdatedInput: d.updatedInput(), UpdatedPermissions: []protocol.PermissionUpdate{ForSession(s)}},
			"Allowed · allow "+ruleList(s.Rules)+" in every session of this workspace").(Respond)
		a.Everywhere = true
		return a
	case actSuggestion:
		s := d.req.PermissionSuggestions[pc.sug]
		words, _, _ := describeUpdate(s)
		if s.Type == protocol.UpdateSetMode {
			words = "switched" + strings.TrimPrefix(words, "switch") // the mode has changed
		}
		summary := "Allowed · " + words
		if d.edited {
			summary += " · with your edits"
		}
		return d.respond(protocol.PermissionAllow{
			UpdatedInput:       d.updatedInput(),
			UpdatedPermissions: []protocol.PermissionUpdate{s},
		}, summary)
	case actDenyFeedback:
		return d.deny()
	default:
		return d.stop()
	}
}

// deny is esc and "No, and tell Claude what to do differently": the user's words, if
// they wrote some, go to the model framed as a rejection and the turn goes on;
// without words the call is rejected and the turn stops, as in Claude Code.
func (d *Permission) deny() Action {
	if d.env.ReadOnly {
		return Dismiss{}
	}
	if text := d.feedback.Value(); oneLine(text) != "" {
		return d.respond(protocol.PermissionDeny{Message: FeedbackPreamble + text}, "Rejected: "+oneLine(text))
	}
	return d.stop()
}

// stop rejects the call and ends the turn; the user answers at the prompt.
func (d *Permission) stop() Action {
	return d.respond(protocol.PermissionDeny{Message: StopMessage, Interrupt: true}, rejectedSummary)
}

func (d *Permission) respond(decision protocol.PermissionDecision, summary string) Action {
	_, allow := decision.(protocol.PermissionAllow)
	return Respond{RequestID: d.req.RequestID, Decision: decision, Summary: summary, InputEdited: allow && d.edited}
}

// updatedInput is the input to run: the CLI's own, or the user's edit.
func (d *Permission) updatedInput() json.RawMessage {
	if !d.inputOK {
		return d.req.Input
	}
	return d.input.Raw()
}

// editable is the text the user edits: one member, or the whole input as JSON.
func (d *Permission) editable() (text, ext string) {
	if text, _, ok := editedText(d.typed); ok {
		if d.kind == kindBash {
			return text, ".sh"
		}
		return text, filepath.Ext(filePath(d.typed))
	}
	b, err := json.MarshalIndent(json.RawMessage(d.input.Raw()), "", "  ")
	if err != nil {
		return string(d.input.Raw()), ".json"
	}
	return string(b), ".json"
}

// apply makes text the input to run; it reports a problem instead when the text is
// not a JSON object where one is needed.
func (d *Permission) apply(text string) error {
	var next protocol.InputFields
	if current, set, ok := editedText(d.typed); ok {
		if text == current {
			return nil
		}
		// Through the tool's typed input, so the member the preview shows is the one
		// changed; every other member is sent as the CLI sent it.
		raw, err := protocol.UpdateInput(d.input.Raw(), set(text))
		if err == nil {
			next, err = protocol.ParseInputFields(raw)
		}
		if err != nil {
			return err
		}
	} else {
		o, err := protocol.ParseInputFields(json.RawMessage(text))
		if err != nil {
			return fmt.Errorf("not a JSON object: %v", err)
		}
		if string(o.Raw()) == string(d.input.Raw()) {
			return nil
		}
		next = o
	}
	d.setInput(next)
	d.edited = true
	d.version++
	d.indexLarge()
	// The user must look at what changed before approving it.
	d.choices.cursor = -1
	d.feedback.Blur()
	return nil
}

// indexLarge prepares the line-by-line preview of a Write too big to diff
// (NewPermission runs in a tea.Cmd, off the UI goroutine).
func (d *Permission) indexLarge() {
	d.large = nil
	in, ok := d.typed.(*protocol.WriteInput)
	if !ok {
		return
	}
	if len(in.Content) > largePreviewBytes || len(in.Content)+len(d.preview.disk.text) > largeDiffBytes {
		d.large = &largeWrite{path: in.FilePath, content: newLargeText(in.Content), exists: d.preview.disk.exists, replaced: d.preview.disk.size}
	}
}

func (d *Permission) startEdit() tea.Cmd {
	if !d.inputOK {
		d.status = "This input is not a JSON object and cannot be edited."
		return nil
	}
	text, _ := d.editable()
	if len(text) > largePreviewBytes {
		d.status = "Too large to edit here (" + humanBytes(len(text)) + "); use " + d.env.Keys.Dialog.OpenEditor.Help().Key + " to edit it in $EDITOR."
		return nil
	}
	ed, err := newEditor(text, d.env.Styles())
	if err != nil {
		d.status = "Not edited inline: " + err.Error() + "; use " + d.env.Keys.Dialog.OpenEditor.Help().Key + " to edit it in $EDITOR."
		return nil
	}
	d.editor = ed
	d.editing, d.editErr = true, ""
	d.feedback.Blur()
	return d.editor.Focus()
}

func (d *Permission) editKey(msg tea.KeyPressMsg) tea.Cmd {
	k := d.env.Keys.Dialog
	switch {
	case key.Matches(msg, k.EditSave):
		if err := d.apply(d.editor.Value()); err != nil {
			d.editErr = err.Error()
			return nil
		}
		d.editing = false
		return nil
	case key.Matches(msg, k.EditCancel):
		d.editing = false
		return nil
	case key.Matches(msg, k.OpenEditor):
		return d.startExternal()
	}
	var cmd tea.Cmd
	d.editor, cmd = d.editor.Update(msg)
	return cmd
}

func (d *Permission) startExternal() tea.Cmd {
	if !d.inputOK {
		d.status = "This input is not a JSON object and cannot be edited."
		return nil
	}
	text, ext := d.editable()
	if d.editing {
		text = d.editor.Value()
	}
	return openInEditor(d.id, text, ext, d.env)
}

// fromExternal takes the text back from $EDITOR and re-arms: the user has been away.
func (d *Permission) fromExternal(msg editorDoneMsg) tea.Cmd {
	if msg.err != nil {
		d.status = "The editor failed: " + oneLine(msg.err.Error())
		return nil
	}
	orig, _ := d.editable()
	text := fromEditor(orig, msg.text)
	if err := d.apply(text); err != nil {
		// Keep the user's work: reopen it inline with the problem shown, if the
		// inline editor can hold it unchanged.
		if ed, lossy := newEditor(text, d.env.Styles()); lossy == nil && len(text) <= largePreviewBytes {
			d.editor = ed
			d.editing, d.editErr = true, err.Error()
			return tea.Batch(d.editor.Focus(), d.guard.start())
		}
		d.editing = false
		d.status = "Your edit was not used: " + oneLine(err.Error())
		return d.guard.start()
	}
	d.editing = false
	return d.guard.start()
}
