package commands

import (
	"encoding/json"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// /skills asks claude for its skills menu and opens it; choosing a skill starts a
// prompt with its command.
func TestSkillsListsWhatClaudeReports(t *testing.T) {
	var asked []string
	h := &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
		asked = append(asked, req.Subtype())
		return json.RawMessage(`{"skills":[{"advertised":true,"description":"Does foo things","display_name":"foo-skill",
			"handles":{},"name":"foo-skill","source":"project","state":"on","tokens":8}]}`), nil
	}}
	c, _ := Lookup("skills")
	h.run(t, c.Run(h, ""))
	if len(asked) != 1 || asked[0] != "get_skills_dialog" || len(h.pickers) != 1 {
		t.Fatalf("asked %q, pickers %d", asked, len(h.pickers))
	}
	if v := ansi.Strip(h.pickers[0].View(100, 20)); !contains(v, "/foo-skill", "project · ~8 tokens · Does foo things") {
		t.Errorf("panel:\n%s", v)
	}
	if _, ok := Answer(h, dialogs.UseSkill{Name: "foo-skill"}); !ok || h.draft != "/foo-skill " {
		t.Errorf("choosing: draft %q", h.draft)
	}
}
