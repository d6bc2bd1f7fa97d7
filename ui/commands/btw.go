package commands

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// /btw asks claude a side question, as Claude Code does: the running claude answers it
// with side_question, from the conversation so far but outside it (the next turn's
// request does not hold the question or the answer), and while a turn runs, without
// interrupting it. The answer shows in an overlay; the transcript keeps nothing.
func init() {
	register(Command{Command: input.Command{Name: "btw", Description: "Ask a side question without interrupting Claude", ArgumentHint: "<question>"},
		Place: placeConversation + 3, Live: true, Run: runBtw})
}

// sideQuestions numbers the overlays, so an answer finds its own.
var sideQuestions atomic.Int64

func runBtw(s Session, args string) tea.Cmd {
	q := strings.TrimSpace(args)
	if q == "" {
		s.Notice(noticeInfo, "usage: /btw <question>: Claude answers beside the conversation, without interrupting it, and the conversation does not see it")
		return nil
	}
	id := int(sideQuestions.Add(1))
	ask := s.Ask("btw", func(ctx context.Context, ask Ask) Done {
		var r protocol.SideQuestionResponse
		err := askInto(ctx, ask, raw("side_question", map[string]string{"question": q}), &r)
		if err == nil && r.Synthetic && strings.TrimSpace(r.Response) == "" {
			err = errors.New("claude gave no answer")
		}
		answered := dialogs.SideAnswered{ID: id, Answer: r.Response, Err: err}
		return Done{Then: func(Session) tea.Cmd { return func() tea.Msg { return answered } }}
	})
	if ask == nil {
		return nil // claude is not running: Ask said so
	}
	return tea.Batch(s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewSideQuestion(id, q, env) }), ask)
}
