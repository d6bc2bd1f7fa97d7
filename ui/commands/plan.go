package commands

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/editor"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// /plan [open|<description>], as in Claude Code: plan mode on, and with a description
// that description sent as the prompt; in plan mode it shows the plan claude has
// written (get_plan), and /plan open opens the plan file in the editor.
func init() {
	register(Command{Command: input.Command{Name: "plan", Description: "Turn on plan mode, or show the plan", ArgumentHint: "[open|<description>]"},
		Place: placeScreen + 5, Live: true, Run: runPlan, Answer: answerPlan})
}

const modePlan = "plan"

func runPlan(s Session, args string) tea.Cmd {
	args = strings.TrimSpace(args)
	inPlan := s.Info().Status.Mode == modePlan
	switch {
	case args == "open":
		return showPlan(s, true)
	case args != "" && inPlan:
		return s.Submit(args)
	case args != "":
		return tea.Sequence(s.ChooseMode(modePlan), s.Submit(args))
	case inPlan:
		return showPlan(s, false)
	}
	return s.ChooseMode(modePlan)
}

// showPlan asks claude for the plan and shows it, or opens its file in the editor.
func showPlan(s Session, open bool) tea.Cmd {
	getenv := s.Info().Getenv
	return s.Ask(modePlan, func(ctx context.Context, ask Ask) Done {
		var p protocol.PlanResponse
		if err := askInto(ctx, ask, raw("get_plan", nil), &p); err != nil {
			return Done{Kind: noticeError, Text: "/plan: " + err.Error()}
		}
		if !p.Exists {
			return Done{Kind: noticeInfo, Text: "/plan: no plan yet. In plan mode Claude writes one before it changes anything; shift+tab leaves plan mode."}
		}
		if open && p.Path != "" {
			return Done{Then: func(s Session) tea.Cmd { return editPlan(s, getenv, p.Path) }}
		}
		return Done{Then: func(s Session) tea.Cmd {
			return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewPlanView(p.Content, p.Path, env) })
		}}
	})
}

// editPlan opens the plan file in $VISUAL / $EDITOR; claude reads it again when it
// next presents the plan.
func editPlan(s Session, getenv func(string) string, path string) tea.Cmd {
	return s.Exec(editor.Command(getenv, path), func(err error) Done {
		if err != nil {
			return Done{Kind: noticeError, Text: "the editor failed: " + err.Error()}
		}
		return Done{Kind: noticeInfo, Text: "/plan: plan saved; the plan Claude presents is read from this file."}
	})
}

func answerPlan(s Session, a dialogs.Action) (tea.Cmd, bool) {
	open, ok := a.(dialogs.OpenPlan)
	if !ok {
		return nil, false
	}
	return editPlan(s, s.Info().Getenv, open.Path), true
}
