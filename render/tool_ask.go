package render

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

func init() { registerTool(askView, protocol.ToolAskUserQuestion) }

// askView lists each question with the user's answer from the result, or
// with its options while unanswered.
func askView(c ToolCall, st *themes.Styles) toolView {
	var in protocol.AskUserQuestionInput
	decodeInput(c.Input, &in)
	r, answered := toolResult[protocol.AskUserQuestionResult](c)
	if !answered {
		r = &protocol.AskUserQuestionResult{}
	}
	qs := in.Questions
	if len(qs) == 0 {
		qs = r.Questions
	}
	v := toolView{name: protocol.ToolAskUserQuestion}
	if n := len(qs); n > 0 {
		v.detail = fmt.Sprintf("%d %s", n, Plural(n, "question"))
	}
	if len(qs) == 0 {
		return v
	}
	v.body = func(width int) string {
		var rows []string
		for _, q := range qs {
			label := q.Header
			if label == "" {
				label = "Q"
			}
			rows = append(rows, hang(st.Tool.Label.Render(Sanitize(OneLine(label))+": "), "  ",
				st.Text.Render(Sanitize(OneLine(q.Question))), width))
			switch a, ok := r.Answers[q.Question]; {
			case ok && a != "":
				rows = append(rows, hang("  "+st.Icons.ArrowRight+" ", "    ", st.Tool.Answer.Render(Sanitize(OneLine(a))), width))
			case answered:
				rows = append(rows, "  "+line("(no answer)", width-2, st.Tool.Detail))
			default:
				var opts []string
				for _, o := range q.Options {
					opts = append(opts, o.Label)
				}
				if len(opts) > 0 {
					rows = append(rows, "  "+line(strings.Join(opts, " / "), width-2, st.Tool.Detail))
				}
			}
		}
		return strings.Join(rows, "\n")
	}
	return v
}
