package dialogs

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// questionsMaxWidth keeps options and their descriptions readable.
const questionsMaxWidth = 100

// optionIndent lines descriptions and fields up under an option's label.
const optionIndent = "         "

// View renders the current question, or the review.
func (d *Questions) View(width, height int) string {
	st := d.env.Styles()
	w := boxWidth(width, questionsMaxWidth)
	inner := w - boxFrame
	title := "Claude has a question"
	if len(d.qs) > 1 {
		title = fmt.Sprintf("Claude has %d questions", len(d.qs))
	}
	f := frame{
		title: st.Dialog.Title.Render(title),
		badge: badges(d.env, "", d.queuePlace),
		hint:  d.hint(),
	}
	if d.status != "" {
		f.foot = styledWrap(d.status, inner, st.Notice.Warning)
	}
	if d.reviewing() {
		f.body = append([]string{d.tabs(inner), ""}, d.reviewLines(inner)...)
		return f.render(w, height, &d.scroll, st)
	}
	question, options, focus := d.pageLines(inner)
	f.body = append([]string{d.tabs(inner), ""}, question...)
	f.body = append(append(f.body, ""), options...)
	if len(f.body) > height-2-1-len(f.foot)-1 { // border, title, foot, hint
		// Short of room: the tabs and blank lines go, and the question stays above
		// its options while they scroll.
		f.body = append(question[:len(question):len(question)], options...)
		f.sticky = len(question)
	}
	if d.follow && focus >= 0 {
		f.focus, f.hasFocus = len(f.body)-len(options)+focus, true
	}
	return f.render(w, height, &d.scroll, st)
}

func (d *Questions) hint() []string {
	st, k := d.env.Styles(), d.env.Keys.Question
	switch {
	case d.guard.arming():
		return armingHint(st)
	case d.env.ReadOnly:
		return hintLine(st, "replay: nothing is sent", [2]string{"esc", "close"}, k.NextQ)
	case d.noting:
		return hintLine(st, [2]string{"enter", "keep note"}, [2]string{"esc", "discard note"})
	case d.reviewing():
		return hintLine(st, [2]string{"enter", "submit answers"}, [2]string{"esc", "skip all"}, [2]string{fmt.Sprintf("1-%d", len(d.qs)), "change an answer"}, k.PrevQ)
	}
	toggle := [2]string{k.Toggle.Help().Key, "tick"}
	if !d.qs[d.page].MultiSelect {
		toggle[1] = "choose"
	}
	return hintLine(st, [2]string{"↑↓", "move"}, toggle, [2]string{"enter", "next"}, [2]string{"esc", "skip all"}, k.NextQ, k.Note)
}

// tabs is the row of question headers: where the user is and what is answered.
func (d *Questions) tabs(width int) string {
	st := d.env.Styles()
	parts := make([]string, 0, len(d.qs)+1)
	for i, q := range d.qs {
		mark := "○ "
		if _, ok := d.answer(i); ok {
			mark = st.Icons.Done + " "
		}
		label := mark + oneLine(render.OrDefault(q.Header, fmt.Sprintf("Question %d", i+1)))
		parts = append(parts, tabStyle(i == d.page, st).Render(label))
	}
	parts = append(parts, tabStyle(d.reviewing(), st).Render("Review"))
	return render.Truncate(strings.Join(parts, st.Subtle.Render("  ")), width)
}

func tabStyle(current bool, st *themes.Styles) interface{ Render(...string) string } {
	if current {
		return st.Dialog.ChoiceSelected
	}
	return st.Muted
}

// pageLines renders one question: the question with how to answer it, and its
// options; focus is the options' line of the one under the cursor.
func (d *Questions) pageLines(width int) (question, options []string, focus int) {
	st := d.env.Styles()
	q, a := d.qs[d.page], &d.answers[d.page]
	dim := d.guard.arming()
	question = styledWrap(clean(q.Question), width, st.Bold)
	how := "choose one · a number or space chooses"
	if q.MultiSelect {
		how = "choose any · space ticks · a number moves the cursor"
	}
	question = append(question, st.Muted.Render(render.Truncate(how, width)))

	var out []string
	focus = -1
	rows := len(q.Options) + 1
	for i := 0; i < rows; i++ {
		label, desc := "Other…", ""
		if i < len(q.Options) {
			label, desc = oneLine(q.Options[i].Label), clean(q.Options[i].Description)
		}
		out = append(out, d.optionLine(i, label, width, dim)...)
		if desc != "" {
			out = append(out, d.indented(styledWrap(desc, width-len(optionIndent), st.Dialog.Description))...)
		}
		if i == len(q.Options) && (d.onOther() || a.other.Value() != "") {
			out = append(out, d.indented(fieldLines(&a.other, width-len(optionIndent), d.env.Styles()))...)
		}
		if i == a.cursor {
			focus = len(out) - 1 // the end of the row: its description and field too
		}
	}
	if d.noting {
		out = append(out, "", st.Tool.Label.Render("note:"))
		out = append(out, d.indented(fieldLines(&a.note, width-len(optionIndent), d.env.Styles()))...)
		focus = len(out) - 1
	} else if n := strings.TrimSpace(a.note.Value()); n != "" {
		out = append(out, "")
		out = append(out, hanging(st.Tool.Label.Render("note:")+" ", st.Muted.Render(clean(n)), width)...)
	}
	return question, out, focus
}

// optionLine is "❯ 2. (•) Blue", wrapped under its label.
func (d *Questions) optionLine(i int, label string, width int, dim bool) []string {
	st := d.env.Styles()
	q, a := d.qs[d.page], d.answers[d.page]
	cursor := "  "
	if i == a.cursor {
		cursor = st.Icons.SelectCursor + " "
	}
	var mark string
	if q.MultiSelect {
		on := a.multi[i] || (i == len(q.Options) && strings.TrimSpace(a.other.Value()) != "")
		mark = st.Icons.CheckboxOff
		if on {
			mark = st.Icons.CheckboxOn
		}
	} else {
		mark = "( )"
		if a.single == i {
			mark = "(•)"
		}
	}
	style := st.Dialog.Choice
	switch {
	case dim:
		style = st.Subtle
	case i == a.cursor:
		style = st.Dialog.ChoiceSelected
	}
	prefix := st.Dialog.ChoiceCursor.Render(cursor) + style.Render(fmt.Sprintf("%d. %s ", i+1, mark))
	return hanging(prefix, style.Render(label), width)
}

func (d *Questions) indented(lines []string) []string {
	for i := range lines {
		lines[i] = optionIndent + lines[i]
	}
	return lines
}

// reviewLines lists every question with its answer and note.
func (d *Questions) reviewLines(width int) []string {
	st := d.env.Styles()
	out := styledWrap("Review your answers, then press enter to send them.", width, st.Bold)
	out = append(out, "")
	unanswered := 0
	for i, q := range d.qs {
		head := oneLine(render.OrDefault(q.Header, fmt.Sprintf("Question %d", i+1)))
		out = append(out, hanging(st.Muted.Render(fmt.Sprintf("%d. ", i+1)), st.Tool.Label.Render(head)+st.Muted.Render(" — "+oneLine(q.Question)), width)...)
		if text, ok := d.answer(i); ok {
			out = append(out, hanging("   → ", st.Tool.Answer.Render(oneLine(text)), width)...)
		} else {
			unanswered++
			out = append(out, "   "+st.Notice.Warning.Render(render.Truncate("not answered", width-3)))
		}
		if n := strings.TrimSpace(d.answers[i].note.Value()); n != "" {
			out = append(out, hanging("   note: ", st.Muted.Render(oneLine(n)), width)...)
		}
	}
	if unanswered > 0 {
		out = append(out, "")
		out = append(out, styledWrap(fmt.Sprintf("%d %s will be sent as not answered.", unanswered, render.Plural(unanswered, "question")), width, st.Notice.Warning)...)
	}
	return out
}
