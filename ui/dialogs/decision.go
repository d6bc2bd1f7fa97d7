package dialogs

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
)

// decision is what Permission and PlanReview share so that they behave alike: the
// request they answer, an arming guard, choices of which one opens a feedback field
// for the user's words, an inline editor for what is being approved, and a scrolled body.
type decision struct {
	id  uint64 // addresses the guard's ticks and the external editor's messages
	req *protocol.CanUseTool

	guard    guard
	choices  choices
	feedback textarea.Model
	// feedbackChoice is the choice under which the feedback field shows and takes keys.
	feedbackChoice int

	editing bool
	editor  textarea.Model

	status string // one line under the choices: hints and errors

	scroll     scroll
	queuePlace // place among pending requests, and whose they are
}

func newDecision(req *protocol.CanUseTool, env Env) decision {
	id := newID()
	return decision{id: id, req: req, guard: newGuard(id, env)}
}

// decider is what a dialog does with the keys that answer, once the shared handling
// has let them through.
type decider interface {
	confirm() Action                 // enter
	deny() Action                    // esc: no, with the feedback if there is some
	startEdit() tea.Cmd              // edit inline
	startExternal() tea.Cmd          // edit in $EDITOR
	editKey(tea.KeyPressMsg) tea.Cmd // any key while the inline editor is open

	key(tea.KeyPressMsg) (Action, tea.Cmd) // every key: the dialog's own, then decision.key
	fromExternal(editorDoneMsg) tea.Cmd    // the text back from $EDITOR
}

// Init starts the arming grace period.
func (s *decision) Init() tea.Cmd { return s.guard.start() }

// RequestID is the can_use_tool request this dialog answers.
func (s *decision) RequestID() string { return s.req.RequestID }

// SetQueue shows the dialog's place among pending requests.

// update handles keys, the arming tick and the external editor for d.
func (s *decision) update(msg tea.Msg, d decider) (Action, tea.Cmd) {
	cmd, handled := s.guard.update(msg)
	if handled {
		return nil, cmd
	}
	switch msg := msg.(type) {
	case editorReadyMsg:
		if msg.id == s.id {
			return nil, tea.Batch(cmd, msg.run())
		}
	case editorDoneMsg:
		if msg.id == s.id {
			return nil, tea.Batch(cmd, d.fromExternal(msg))
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			s.scroll.by(-3)
		case tea.MouseWheelDown:
			s.scroll.by(3)
		}
	case tea.PasteMsg:
		return nil, tea.Batch(cmd, s.paste(msg))
	case tea.KeyPressMsg:
		a, c := d.key(msg)
		return a, tea.Batch(cmd, c)
	}
	return nil, cmd
}

// key handles a key after the dialog's scroll keys: nothing acts while arming, the
// open editor takes every key, and text goes to the feedback field while its choice
// is selected; the rest moves among the choices or goes to d.
func (s *decision) key(msg tea.KeyPressMsg, k keymap.Dialog, d decider) (Action, tea.Cmd) {
	if !s.guard.ready() {
		s.guard.swallow()
		return nil, nil
	}
	if s.editing {
		return nil, d.editKey(msg)
	}
	s.status = ""
	if s.feedbackFocused() && isTyping(msg) {
		return nil, s.typeFeedback(msg)
	}
	switch {
	case key.Matches(msg, k.Up):
		s.choices.up()
		return nil, s.focusFeedback()
	case key.Matches(msg, k.Down):
		s.choices.down()
		return nil, s.focusFeedback()
	case key.Matches(msg, k.Number):
		// Armed, a number answers at once, as in Claude Code; the choice that takes
		// the user's words opens its field instead.
		if !s.choices.pick(int(msg.Code - '0')) {
			return nil, nil
		}
		if s.feedbackFocused() {
			return nil, s.focusFeedback()
		}
		return d.confirm(), nil
	case key.Matches(msg, k.Choose):
		return d.confirm(), nil
	case key.Matches(msg, k.Deny):
		return d.deny(), nil
	case key.Matches(msg, k.Edit):
		return nil, d.startEdit()
	case key.Matches(msg, k.OpenEditor):
		return nil, d.startExternal()
	}
	if s.feedbackFocused() {
		return nil, s.typeFeedback(msg)
	}
	return nil, nil
}

// paste goes to whichever text field has focus; never to the choices.
func (s *decision) paste(msg tea.PasteMsg) tea.Cmd {
	var cmd tea.Cmd
	switch {
	case !s.guard.ready():
		s.guard.swallow()
	case s.editing:
		s.editor, cmd = s.editor.Update(msg)
	case s.feedbackFocused():
		s.feedback, cmd = s.feedback.Update(msg)
	}
	return cmd
}

func (s *decision) typeFeedback(msg tea.KeyPressMsg) tea.Cmd {
	var cmd tea.Cmd
	s.feedback, cmd = s.feedback.Update(msg)
	return cmd
}

func (s *decision) feedbackFocused() bool { return s.choices.cursor == s.feedbackChoice }

// focusFeedback gives the feedback field the keys while its choice is selected.
func (s *decision) focusFeedback() tea.Cmd {
	if s.feedbackFocused() {
		return s.feedback.Focus()
	}
	s.feedback.Blur()
	return nil
}
