package dialogs

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

const (
	askID        = "5bb2f4f2-f960-4210-b0c2-ea8a8265202f"
	askQuestions = `"questions":[{"question":"Which color do you prefer?","header":"Color","options":[{"label":"Red","description":"Warm color"},{"label":"Blue","description":"Cool color"}],"multiSelect":false},{"question":"Which sizes?","header":"Sizes","options":[{"label":"S","description":"small"},{"label":"M","description":"medium"},{"label":"L","description":"large"}],"multiSelect":true}]`
)

func askResponse(body string) string {
	return `{"type":"control_response","response":{"subtype":"success","request_id":"` + askID + `","response":` + body + `}}`
}

func TestQuestionResponses(t *testing.T) {
	tests := []struct {
		name    string
		steps   []string // keys, or "type:<text>"
		want    string
		summary string
	}{
		{
			// The capture's own answer (exp04a), note included.
			name:  "single, multi and a note",
			steps: []string{"2", "ctrl+n", "type:blue is calm", "enter", "enter", "1", "space", "3", "space", "enter", "enter"},
			want: askResponse(`{"behavior":"allow","updatedInput":{` + askQuestions +
				`,"answers":{"Which color do you prefer?":"Blue","Which sizes?":"S, L"},"annotations":{"Which color do you prefer?":{"notes":"blue is calm"}}}}`),
			summary: "Answered: Color → Blue · Sizes → S, L",
		},
		{
			name:    "arrows and space",
			steps:   []string{"down", "down", "enter", "down", "space", "down", "down", "space", "space", "tab", "enter"},
			want:    askResponse(`{"behavior":"allow","updatedInput":{` + askQuestions + `,"answers":{"Which color do you prefer?":"Blue","Which sizes?":"S"}}}`),
			summary: "Answered: Color → Blue · Sizes → S",
		},
		{
			name:    "other in the user's words",
			steps:   []string{"3", "type:green, 2 shades", "enter", "2", "space", "down", "down", "type:XL", "enter", "enter"},
			want:    askResponse(`{"behavior":"allow","updatedInput":{` + askQuestions + `,"answers":{"Which color do you prefer?":"green, 2 shades","Which sizes?":"M, XL"}}}`),
			summary: "Answered: Color → green, 2 shades · Sizes → M, XL",
		},
		{
			name:    "a changed mind: the last single choice wins",
			steps:   []string{"1", "2", "1", "tab", "tab", "enter"},
			want:    askResponse(`{"behavior":"allow","updatedInput":{` + askQuestions + `,"answers":{"Which color do you prefer?":"Red"}}}`),
			summary: "Answered: Color → Red",
		},
		{
			name:    "nothing answered",
			steps:   []string{"tab", "tab", "enter"},
			want:    askResponse(`{"behavior":"allow","updatedInput":{` + askQuestions + `,"answers":{}}}`),
			summary: "Submitted without answers",
		},
		{
			name:    "skip",
			steps:   []string{"2", "enter", "esc"},
			want:    askResponse(`{"behavior":"deny","message":"` + SkipMessage + `"}`),
			summary: "Questions skipped",
		},
		{
			name:    "change an answer from the review",
			steps:   []string{"1", "enter", "2", "space", "enter", "1", "2", "tab", "tab", "enter"},
			want:    askResponse(`{"behavior":"allow","updatedInput":{` + askQuestions + `,"answers":{"Which color do you prefer?":"Blue","Which sizes?":"M"}}}`),
			summary: "Answered: Color → Blue · Sizes → M",
		},
		{
			name:    "a note discarded with esc",
			steps:   []string{"2", "ctrl+n", "type:oops", "esc", "tab", "tab", "enter"},
			want:    askResponse(`{"behavior":"allow","updatedInput":{` + askQuestions + `,"answers":{"Which color do you prefer?":"Blue"}}}`),
			summary: "Answered: Color → Blue",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock()
			d := open(NewQuestions(loadRequest(t, "exp04a_questions"), testEnv(c)), c)
			var a Action
			for i, s := range tt.steps {
				if a != nil {
					t.Fatalf("answered before step %d (%q): %#v", i, s, a)
				}
				if text, ok := strings.CutPrefix(s, "type:"); ok {
					a = typeText(d, text)
					continue
				}
				a, _ = d.Update(keyMsg(s))
			}
			if got := encode(t, a); got != tt.want {
				t.Errorf("response\n got %s\nwant %s", got, tt.want)
			}
			if s := a.(Respond).Summary; s != tt.summary {
				t.Errorf("summary = %q, want %q", s, tt.summary)
			}
		})
	}
}

// A number key only moves the cursor in a multi-select question; space ticks. In a
// single-select one it chooses the option (enter then goes on).
func TestQuestionNumberKeys(t *testing.T) {
	tests := []struct {
		name   string
		page   int // 0: single-select Color, 1: multi-select Sizes
		keys   []string
		cursor int
		ticked []int // multi-select: the ticked options
		single int   // single-select: the chosen option
	}{
		{"single: a number chooses", 0, []string{"2"}, 1, nil, 1},
		{"single: the last number wins", 0, []string{"2", "1"}, 0, nil, 0},
		{"multi: a number only moves", 1, []string{"1"}, 0, nil, -1},
		{"multi: a number then space ticks once", 1, []string{"1", "space"}, 0, []int{0}, -1},
		{"multi: numbers move, space ticks each", 1, []string{"1", "space", "3", "space", "2"}, 1, []int{0, 2}, -1},
		{"multi: space again unticks", 1, []string{"2", "space", "space"}, 1, nil, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock()
			d := open(NewQuestions(loadRequest(t, "exp04a_questions"), testEnv(c)), c).(*Questions)
			for range tt.page {
				press(t, d, "tab")
			}
			press(t, d, tt.keys...)
			a := d.answers[tt.page]
			if a.cursor != tt.cursor {
				t.Errorf("cursor = %d, want %d", a.cursor, tt.cursor)
			}
			var ticked []int
			for i := range d.qs[tt.page].Options {
				if a.multi[i] {
					ticked = append(ticked, i)
				}
			}
			if fmt.Sprint(ticked) != fmt.Sprint(tt.ticked) {
				t.Errorf("ticked %v, want %v", ticked, tt.ticked)
			}
			if a.single != tt.single {
				t.Errorf("chosen = %d, want %d", a.single, tt.single)
			}
		})
	}
}

// The hint and the line under the question say what space and the numbers do.
func TestQuestionHowToAnswer(t *testing.T) {
	c := newClock()
	d := open(NewQuestions(loadRequest(t, "exp04a_questions"), testEnv(c)), c)
	single := stripped(d.View(120, 40))
	press(t, d, "tab")
	multi := stripped(d.View(120, 40))
	for _, tt := range []struct{ view, want string }{
		{single, "choose one · a number or space chooses"},
		{single, "↑↓ move · space choose · enter next"},
		{multi, "choose any · space ticks · a number moves the cursor"},
		{multi, "↑↓ move · space tick · enter next"},
	} {
		if !strings.Contains(tt.view, tt.want) {
			t.Errorf("lacks %q:\n%s", tt.want, tt.view)
		}
	}
}

// The model's input may carry keys this version does not know; all are sent back.
func TestQuestionsKeepUnknownInputKeys(t *testing.T) {
	c := newClock()
	req := &protocol.CanUseTool{ToolName: "AskUserQuestion", Input: []byte(`{"metadata":{"source":"x"},"questions":[{"question":"Q?","header":"H","options":[{"label":"A","description":"a"},{"label":"B","description":"b"}],"multiSelect":false}],"extra":1}`)}
	req.RequestID = "q1"
	d := open(NewQuestions(req, testEnv(c)), c)
	a := press(t, d, "2", "enter", "enter")
	want := `{"type":"control_response","response":{"subtype":"success","request_id":"q1","response":{"behavior":"allow","updatedInput":{"metadata":{"source":"x"},"questions":[{"question":"Q?","header":"H","options":[{"label":"A","description":"a"},{"label":"B","description":"b"}],"multiSelect":false}],"extra":1,"answers":{"Q?":"B"}}}}}`
	if got := encode(t, a); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestQuestionsReviewShowsUnanswered(t *testing.T) {
	c := newClock()
	d := open(NewQuestions(loadRequest(t, "exp04a_questions"), testEnv(c)), c)
	press(t, d, "1", "enter", "tab")
	view := stripped(d.View(80, 24))
	for _, want := range []string{"→ Red", "not answered", "1 question will be sent as not answered"} {
		if !strings.Contains(view, want) {
			t.Errorf("review lacks %q:\n%s", want, view)
		}
	}
}
