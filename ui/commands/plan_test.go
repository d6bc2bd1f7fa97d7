package commands

import (
	"encoding/json"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
)

// /plan turns plan mode on, and with a description sends it as the prompt; in plan mode
// it shows the plan claude wrote, or says there is none yet.
func TestPlan(t *testing.T) {
	c, _ := Lookup("plan")
	h := &fakeSession{}
	h.info.Status.Mode = "default"
	c.Run(h, "")
	if len(h.root) != 1 || h.root[0] != "mode plan" || len(h.submitted) != 0 {
		t.Errorf("/plan: root %q, submitted %q", h.root, h.submitted)
	}
	h = &fakeSession{}
	c.Run(h, "  add a cache  ")
	if len(h.root) != 1 || h.root[0] != "mode plan" || len(h.submitted) != 1 || h.submitted[0] != "add a cache" {
		t.Errorf("/plan add a cache: root %q, submitted %q", h.root, h.submitted)
	}

	plan := `{"exists":true,"content":"# Plan\n\n1. Cache the **index**","path":"/home/u/.claude/plans/p.md"}`
	var asked []string
	h = &fakeSession{answer: func(req protocol.ClientRequest) (json.RawMessage, error) {
		asked = append(asked, req.Subtype())
		return json.RawMessage(plan), nil
	}}
	h.info.Status.Mode = "plan"
	h.run(t, c.Run(h, ""))
	if len(asked) != 1 || asked[0] != "get_plan" || len(h.root) != 0 {
		t.Fatalf("in plan mode: asked %q, root %q", asked, h.root)
	}
	if v := ansi.Strip(lastPanel(t, h)); !contains(v, "Cache the index", "/home/u/.claude/plans/p.md", "Open in the editor") {
		t.Errorf("plan view:\n%s", v)
	}
	c.Run(h, "more detail please")
	if len(h.submitted) != 1 || len(h.root) != 0 {
		t.Errorf("a description in plan mode: submitted %q, root %q", h.submitted, h.root)
	}

	plan = `{"exists":false}`
	h.notices = nil
	h.run(t, c.Run(h, ""))
	if len(h.notices) != 1 || !contains(h.notices[0], "no plan yet") {
		t.Errorf("no plan: %q", h.notices)
	}
}
