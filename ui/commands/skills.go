package commands

import (
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// /skills lists the skills claude has, as Claude Code's /skills menu does
// (get_skills_dialog): each with its source, its share of the system prompt and its
// state. Choosing one starts a prompt with it.
func init() {
	register(Command{Command: input.Command{Name: "skills", Description: "List the skills claude has; choose one to use it"},
		Place: placeEveryday + 9, Live: true, Run: runSkills, Answer: answerSkills})
}

func runSkills(s Session, _ string) tea.Cmd {
	return control(s, "skills", raw("get_skills_dialog", nil), func(body json.RawMessage) Done {
		var d protocol.SkillsDialog
		if err := json.Unmarshal(body, &d); err != nil {
			return Done{Kind: noticeError, Text: "/skills: claude's answer could not be read: " + err.Error()}
		}
		return Done{Then: func(s Session) tea.Cmd {
			return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewSkillsList(d.Skills, env) })
		}}
	})
}

func answerSkills(s Session, a dialogs.Action) (tea.Cmd, bool) {
	use, ok := a.(dialogs.UseSkill)
	if !ok {
		return nil, false
	}
	s.EditDraft("/" + use.Name + " ")
	return nil, true
}
