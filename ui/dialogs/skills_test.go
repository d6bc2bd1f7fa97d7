package dialogs

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
)

var skillRows = []protocol.SkillRow{
	{Name: "foo-skill", DisplayName: "foo-skill", Description: "Does foo things", Source: "project", Tokens: 8, State: "on", Advertised: true},
	{Name: "quiet", DisplayName: "quiet", Description: "Hidden from the model", Source: "user", Tokens: 3, State: "off"},
}

func init() {
	moreScreens = append(moreScreens,
		screen{name: "skills_list", build: func(_ *testing.T, env Env) Dialog { return NewSkillsList(skillRows, env) }},
		screen{name: "skills_empty", build: func(_ *testing.T, env Env) Dialog { return NewSkillsList(nil, env) }},
	)
}

// Each skill shows its source, token share and state; enter on one offered as a
// command starts a prompt with it, on one that is off only closes; typing filters.
func TestSkillsPanel(t *testing.T) {
	d := NewSkillsList(skillRows, testEnv(newClock()))
	view := ansi.Strip(d.View(100, 24))
	for _, want := range []string{"/foo-skill", "project · ~8 tokens · Does foo things", "/quiet", "user · ~3 tokens · off"} {
		if !strings.Contains(view, want) {
			t.Errorf("panel lacks %q:\n%s", want, view)
		}
	}
	if a, _ := d.Update(keyMsg("enter")); a != (UseSkill{Name: "foo-skill"}) {
		t.Errorf("enter: %#v", a)
	}
	for _, k := range []string{"q", "u"} {
		d.Update(keyMsg(k))
	}
	if a, _ := d.Update(keyMsg("enter")); a != (Dismiss{}) {
		t.Errorf("enter on a skill that is off: %#v", a)
	}
}
