package dialogs

import (
	"encoding/json"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
)

// SkipMessage is the denial sent when the user skips the questions.
const SkipMessage = "User skipped the questions"

// answerState is what the user has said about one question.
type answerState struct {
	cursor   int          // row under the cursor: an option, len(options) for Other…, -1 none
	single   int          // single-select: the chosen row (len(options) is Other…), -1 none
	multi    map[int]bool // multi-select: the ticked options
	other    textarea.Model
	note     textarea.Model
	noteSave string // the note before it was opened, for esc
}

// Questions answers an AskUserQuestion request: one page per question (single- or
// multi-select, an "Other…" answer in the user's words, an optional note), then a
// review page from which the answers are submitted.
type Questions struct {
	id  uint64
	env Env
	req *protocol.CanUseTool

	qs      []protocol.Question
	answers []answerState
	page    int // a question, or len(qs) for the review
	noting  bool
	follow  bool // keep the cursor in view (off after the user scrolls)

	status string
	guard  guard
	scroll scroll
	queuePlace
}

func init() {
	registerRequestDialog(protocol.ToolAskUserQuestion, func(req *protocol.CanUseTool, _ RequestInfo, env Env) Dialog {
		return NewQuestions(req, env)
	})
}

// NewQuestions builds the dialog for an AskUserQuestion request.
func NewQuestions(req *protocol.CanUseTool, env Env) *Questions {
	d := &Questions{id: newID(), env: env, req: req, follow: true}
	d.guard = newGuard(d.id, env)
	// Leniently, as before the one schema: a question that does not fit it still shows
	// what does.
	var in protocol.AskUserQuestionInput
	_ = json.Unmarshal(req.Input, &in)
	d.qs = in.Questions
	d.answers = make([]answerState, len(d.qs))
	for i := range d.answers {
		d.answers[i] = answerState{
			cursor: -1,
			single: -1,
			multi:  map[int]bool{},
			other:  newField("type your own answer", env.Styles()),
			note:   newField("a note for Claude about this answer", env.Styles()),
		}
	}
	return d
}

// Init starts the arming grace period.
func (d *Questions) Init() tea.Cmd { return d.guard.start() }

// RequestID is the AskUserQuestion request this dialog answers.
func (d *Questions) RequestID() string { return d.req.RequestID }

// SetQueue shows the dialog's place among pending requests.

func (d *Questions) reviewing() bool { return d.page >= len(d.qs) }

func (d *Questions) current() *answerState {
	if d.reviewing() {
		return nil
	}
	return &d.answers[d.page]
}

func (d *Questions) onOther() bool {
	a := d.current()
	return a != nil && a.cursor == len(d.qs[d.page].Options)
}

// Update handles keys and the arming tick.
func (d *Questions) Update(msg tea.Msg) (Action, tea.Cmd) {
	cmd, handled := d.guard.update(msg)
	if handled {
		return nil, cmd
	}
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		d.follow = false
		switch msg.Button {
		case tea.MouseWheelUp:
			d.scroll.by(-3)
		case tea.MouseWheelDown:
			d.scroll.by(3)
		}
	case tea.PasteMsg:
		if !d.guard.ready() {
			d.guard.swallow()
			return nil, cmd
		}
		if f := d.focusedField(); f != nil {
			var c tea.Cmd
			*f, c = f.Update(msg)
			d.syncOther()
			return nil, tea.Batch(cmd, c)
		}
	case tea.KeyPressMsg:
		a, c := d.key(msg)
		return a, tea.Batch(cmd, c)
	}
	return nil, cmd
}

// focusedField is the text field that takes typing now, if any.
func (d *Questions) focusedField() *textarea.Model {
	a := d.current()
	switch {
	case a == nil:
		return nil
	case d.noting:
		return &a.note
	case d.onOther():
		return &a.other
	}
	return nil
}

func (d *Questions) key(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	k, dk := d.env.Keys.Question, d.env.Keys.Dialog
	switch {
	case key.Matches(msg, dk.ScrollUp):
		d.follow = false
		d.scroll.pageUp()
		return nil, nil
	case key.Matches(msg, dk.ScrollDown):
		d.follow = false
		d.scroll.pageDown()
		return nil, nil
	}
	if !d.guard.ready() {
		d.guard.swallow()
		return nil, nil
	}
	d.status = ""
	d.follow = true
	if d.noting {
		return nil, d.noteKey(msg)
	}
	if f := d.focusedField(); f != nil && isTyping(msg) {
		var cmd tea.Cmd
		*f, cmd = f.Update(msg)
		d.syncOther()
		return nil, cmd
	}
	switch {
	case key.Matches(msg, k.Skip):
		return d.skip(), nil
	case key.Matches(msg, k.NextQ):
		return nil, d.turn(d.page + 1)
	case key.Matches(msg, k.PrevQ):
		return nil, d.turn(d.page - 1)
	}
	if d.reviewing() {
		return d.reviewKey(msg)
	}
	a, q := d.current(), d.qs[d.page]
	rows := len(q.Options) + 1 // the options and Other…
	switch {
	case key.Matches(msg, k.Up):
		if a.cursor <= 0 {
			a.cursor = rows - 1
		} else {
			a.cursor--
		}
		return nil, d.focusOther()
	case key.Matches(msg, k.Down):
		a.cursor = (a.cursor + 1) % rows
		return nil, d.focusOther()
	case key.Matches(msg, k.Number):
		// A number moves to its row. In a single-select question that is the
		// answer; in a multi-select one only space ticks, so "1" then space
		// does not tick and untick the same option.
		n := int(msg.Code-'0') - 1
		if n >= rows {
			return nil, nil
		}
		a.cursor = n
		if !q.MultiSelect {
			d.choose(n)
		}
		return nil, d.focusOther()
	case key.Matches(msg, k.Toggle):
		if a.cursor >= 0 {
			d.choose(a.cursor)
		}
		return nil, nil
	case key.Matches(msg, k.Choose):
		if !q.MultiSelect && a.cursor >= 0 {
			d.choose(a.cursor)
		}
		return nil, d.turn(d.page + 1)
	case key.Matches(msg, k.Note):
		d.noting = true
		a.noteSave = a.note.Value()
		a.other.Blur()
		return nil, a.note.Focus()
	}
	if f := d.focusedField(); f != nil {
		var cmd tea.Cmd
		*f, cmd = f.Update(msg)
		d.syncOther()
		return nil, cmd
	}
	return nil, nil
}

// choose picks row n: a single-select answer, or a tick toggled in a multi-select.
// Other… is chosen by typing into it.
func (d *Questions) choose(n int) {
	a, q := d.current(), d.qs[d.page]
	if n == len(q.Options) {
		if !q.MultiSelect && strings.TrimSpace(a.other.Value()) != "" {
			a.single = n
		}
		return
	}
	if q.MultiSelect {
		a.multi[n] = !a.multi[n]
		return
	}
	a.single = n
}

// syncOther makes typed text in Other… the single-select answer.
func (d *Questions) syncOther() {
	a := d.current()
	if a == nil || d.noting || d.qs[d.page].MultiSelect {
		return
	}
	other := len(d.qs[d.page].Options)
	if strings.TrimSpace(a.other.Value()) != "" {
		a.single = other
	} else if a.single == other {
		a.single = -1
	}
}

func (d *Questions) focusOther() tea.Cmd {
	a := d.current()
	if a == nil {
		return nil
	}
	if d.onOther() {
		return a.other.Focus()
	}
	a.other.Blur()
	return nil
}

func (d *Questions) noteKey(msg tea.KeyPressMsg) tea.Cmd {
	a, k := d.current(), d.env.Keys.Question
	switch {
	case key.Matches(msg, k.Choose):
		d.noting = false
		a.note.Blur()
		return d.focusOther()
	case key.Matches(msg, k.Skip):
		a.note.SetValue(a.noteSave)
		d.noting = false
		a.note.Blur()
		return d.focusOther()
	}
	var cmd tea.Cmd
	a.note, cmd = a.note.Update(msg)
	return cmd
}

// turn goes to page p (a question or the review), closing any field.
func (d *Questions) turn(p int) tea.Cmd {
	if p < 0 || p > len(d.qs) {
		return nil
	}
	if a := d.current(); a != nil {
		a.other.Blur()
		a.note.Blur()
	}
	d.noting = false
	d.page = p
	d.scroll.offset = 0
	return d.focusOther()
}

func (d *Questions) reviewKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	k := d.env.Keys.Question
	switch {
	case key.Matches(msg, k.Choose):
		return d.submit(), nil
	case key.Matches(msg, k.Up):
		return nil, d.turn(d.page - 1)
	case key.Matches(msg, k.Number):
		return nil, d.turn(int(msg.Code-'0') - 1)
	}
	return nil, nil
}

var (
	_ Dialog = (*Questions)(nil)
	_ Queued = (*Questions)(nil)
)
