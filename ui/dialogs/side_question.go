package dialogs

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
)

// sideQuestionMaxWidth keeps /btw's overlay readable on wide screens.
const sideQuestionMaxWidth = 100

// SideQuestion is /btw's overlay: a question asked beside the conversation and, once
// claude has answered (SideAnswered), the answer. It answers no request and decides
// nothing: enter or esc close it, and the turn running beneath goes on untouched.
type SideQuestion struct {
	env      Env
	id       int
	question string
	answer   string // markdown, once answered
	failed   string // why there is no answer
	done     bool
	scroll   scroll
	// rendered caches the answer's lines at a width and theme.
	rendered     []string
	renderedFor  int
	renderedWith any
}

// SideAnswered delivers the answer to the /btw overlay ID; it goes to every dialog and
// is ignored by the others (and when the overlay was closed meanwhile).
type SideAnswered struct {
	ID     int
	Answer string
	Err    error
}

// NewSideQuestion is the overlay of question id, waiting for its answer.
func NewSideQuestion(id int, question string, env Env) *SideQuestion {
	return &SideQuestion{env: env, id: id, question: question}
}

// Init does nothing: the overlay decides nothing.
func (d *SideQuestion) Init() tea.Cmd { return nil }

// RequestID is "": the overlay answers no request.
func (d *SideQuestion) RequestID() string { return "" }

// Update takes the answer, scrolls and closes.
func (d *SideQuestion) Update(msg tea.Msg) (Action, tea.Cmd) {
	switch msg := msg.(type) {
	case SideAnswered:
		if msg.ID == d.id && !d.done {
			d.done, d.answer, d.rendered = true, msg.Answer, nil
			if msg.Err != nil {
				d.failed = msg.Err.Error()
			}
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			d.scroll.by(-3)
		case tea.MouseWheelDown:
			d.scroll.by(3)
		}
	case tea.KeyPressMsg:
		k := d.env.Keys
		switch {
		case key.Matches(msg, k.Picker.Close), key.Matches(msg, k.Picker.Choose):
			return Dismiss{}, nil
		case key.Matches(msg, k.Picker.Up):
			d.scroll.by(-1)
		case key.Matches(msg, k.Picker.Down):
			d.scroll.by(1)
		case key.Matches(msg, k.Dialog.ScrollUp):
			d.scroll.pageUp()
		case key.Matches(msg, k.Dialog.ScrollDown):
			d.scroll.pageDown()
		}
	}
	return nil, nil
}

// View draws the question, then the answer (or that it is coming, or why it failed).
func (d *SideQuestion) View(width, height int) string {
	st := d.env.Styles()
	w := boxWidth(width, sideQuestionMaxWidth)
	inner := w - boxFrame
	f := frame{title: st.Dialog.Title.Render("/btw") + st.Muted.Render(" · a side question: the conversation does not see it")}
	f.body = hanging(st.Accent.Render("❯ "), st.Text.Render(clean(d.question)), inner)
	f.body = append(f.body, "")
	switch {
	case !d.done:
		f.body = append(f.body, st.Muted.Render("Claude is answering…"))
	case d.failed != "":
		f.body = append(f.body, styledWrap("No answer: "+clean(d.failed), inner, st.Tool.Error)...)
	case strings.TrimSpace(d.answer) == "":
		f.body = append(f.body, st.Muted.Render("(an empty answer)"))
	default:
		if d.rendered == nil || d.renderedFor != inner || d.renderedWith != any(st) {
			d.rendered = strings.Split(render.Markdown(d.answer, inner, st), "\n")
			d.renderedFor, d.renderedWith = inner, st
		}
		f.body = append(f.body, d.rendered...)
	}
	k := d.env.Keys.Picker
	f.hint = hintLine(st, [2]string{"↑↓", "scroll"}, [2]string{k.Close.Help().Key + "/" + k.Choose.Help().Key, "close"})
	return f.render(w, height, &d.scroll, st)
}

var _ Dialog = (*SideQuestion)(nil)
