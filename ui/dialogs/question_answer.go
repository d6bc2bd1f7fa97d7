package dialogs

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// What the questions dialog sends: the answers as AskUserQuestion's updated input, or
// the denial that skips them.

// answer is the text sent for question i: a label, "A, B" for several, or the
// user's own words; ok is false when it was not answered.
func (d *Questions) answer(i int) (string, bool) {
	q, a := d.qs[i], d.answers[i]
	other := strings.TrimSpace(a.other.Value())
	if !q.MultiSelect {
		switch {
		case a.single == len(q.Options) && other != "":
			return other, true
		case a.single >= 0 && a.single < len(q.Options):
			return q.Options[a.single].Label, true
		}
		return "", false
	}
	var picked []string
	for j, o := range q.Options {
		if a.multi[j] {
			picked = append(picked, o.Label)
		}
	}
	if other != "" {
		picked = append(picked, other)
	}
	return protocol.JoinAnswers(picked), len(picked) > 0
}

// submit allows the tool with the original input plus answers and notes.
func (d *Questions) submit() Action {
	if d.env.ReadOnly {
		return Dismiss{}
	}
	answers, notes := map[string]string{}, map[string]protocol.QuestionAnnotation{}
	var summary []string
	for i, q := range d.qs {
		if text, ok := d.answer(i); ok {
			answers[q.Question] = text
			summary = append(summary, oneLine(render.OrDefault(q.Header, q.Question))+" → "+oneLine(text))
		}
		if n := strings.TrimSpace(d.answers[i].note.Value()); n != "" {
			notes[q.Question] = protocol.QuestionAnnotation{Notes: n}
		}
	}
	in, err := protocol.AnswerQuestions(d.req.Input, answers, notes)
	if err != nil { // the input is not an object: the answers alone
		in, _ = protocol.AnswerQuestions(nil, answers, notes)
	}
	s := "Answered: " + strings.Join(summary, " · ")
	if len(summary) == 0 {
		s = "Submitted without answers"
	}
	return Respond{
		RequestID: d.req.RequestID,
		Decision:  protocol.PermissionAllow{UpdatedInput: in},
		Summary:   s,
	}
}

func (d *Questions) skip() Action {
	if d.env.ReadOnly {
		return Dismiss{}
	}
	return Respond{RequestID: d.req.RequestID, Decision: protocol.PermissionDeny{Message: SkipMessage}, Summary: "Questions skipped"}
}
