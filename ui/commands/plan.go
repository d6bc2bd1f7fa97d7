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

func runPlan(h Host, args string) tea.Cmd {
	args = strings.TrimSpace(args)
	inPlan := h.Session().Status.Mode == modePlan
	switch {
	case args == "open":
		return showPlan(h, true)
	case args != "" && inPlan:
		return h.Submit(args)
	case args != "":
		return tea.Sequence(h.ChooseMode(modePlan), h.Submit(args))
	case inPlan:
		return showPlan(h, false)
	}
	return h.ChooseMode(modePlan)
}

// showPlan asks claude for the plan and shows it, or opens its file in the editor.
func showPlan(h Host, open bool) tea.Cmd {
	getenv := h.Session().Getenv
	return h.Ask(modePlan, func(ctx context.Context, ask Ask) Done {
		var p protocol.PlanResponse
		if err := askInto(ctx, ask, raw("get_plan", nil), &p); err != nil {
			return Done{Kind: noticeError, Text: "/plan: " + err.Error()}
		}
		if !p.Exists {
			return Done{Kind: noticeInfo, Text: "/plan: no plan yet. In plan mode Claude writes one before it changes anything; shift+tab leaves plan mode."}
		}
		if open && p.Path != "" {
			return Done{Then: func(h Host) tea.Cmd { return editPlan(h, getenv, p.Path) }}
		}
		return Done{Then: func(h Host) tea.Cmd {
			return h.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewPlanView(p.Content, p.Path, env) })
		}}
	})
}

// editPlan opens the plan file in $VISUAL / $EDITOR; claude reads it again when it
// next presents the plan.
func editPlan(h Host, getenv func(string) string, path string) tea.Cmd {
	return h.Exec(editor.Command(getenv, path), func(err error) Done {
		if err != nil {
			return Done{Kind: noticeError, Text: "the editor failed: " + err.Error()}
		}
		return Done{Kind: noticeInfo, Text: "/plan: plan saved; the plan Claude presents is read from this file."}
	})
}

func answerPlan(h Host, a dialogs.Action) (tea.Cmd, bool) {
	open, ok := a.(dialogs.OpenPlan)
	if !ok {
		return nil, false
	}
	return editPlan(h, h.Session().Getenv, open.Path), true
}
