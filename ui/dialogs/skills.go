package dialogs

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// UseSkill asks the session to start a prompt with the skill's command ("/name ").
type UseSkill struct{ Name string }

func (UseSkill) action() {}

// NewSkillsList is /skills' panel: the skills claude has, as its /skills menu lists
// them (source, share of the system prompt, state); type to filter, enter starts a
// prompt with the skill.
func NewSkillsList(skills []protocol.SkillRow, env Env) *Picker {
	p := &Picker{env: env, title: "Skills", filterable: true, placeholder: "type to filter", follow: true}
	if len(skills) == 0 {
		p.filterable = false
		p.header = noteHeader("No skills of your own or of plugins. A skill is a folder with a SKILL.md in " +
			"~/.claude/skills/ (yours) or .claude/skills/ (the project's); claude's built-in skills are in the / menu.")
		p.items = append(p.items, pickItem{title: "Close", value: mcpClose})
	}
	for _, s := range skills {
		name := render.OrDefault(s.DisplayName, s.Name)
		parts := []string{render.OrDefault(s.Source, "?"), fmt.Sprintf("~%d tokens", s.Tokens)}
		if s.State != "" && s.State != "on" {
			parts = append(parts, s.State)
		}
		if s.LockedBy != "" {
			parts = append(parts, "set by "+s.LockedBy)
		}
		if d := strings.TrimSpace(s.Description); d != "" {
			parts = append(parts, d)
		}
		value := mcpClose
		if s.Advertised {
			value = name
		}
		p.items = append(p.items, pickItem{title: "/" + oneLine(name), desc: oneLine(strings.Join(parts, " · ")), value: value,
			danger: s.State == "off"})
	}
	p.choose = func(v string) Action {
		if v == mcpClose {
			return Dismiss{}
		}
		return UseSkill{Name: v}
	}
	return p
}
