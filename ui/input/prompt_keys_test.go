package input

import (
	"strings"
	"testing"
)

// "\" then enter is a newline, as in Claude Code: the backslash goes, nothing is sent.
func TestBackslashEnterInsertsNewline(t *testing.T) {
	h := newPromptHarness(t)
	h.typeText(`first line\`)
	h.keys("enter")
	if len(h.submits()) != 0 {
		t.Fatalf("backslash+enter sent the prompt: %+v", h.submits())
	}
	h.typeText("second")
	if got, want := h.draft(), "first line\nsecond"; got != want {
		t.Fatalf("draft = %q, want %q", got, want)
	}
	h.keys("enter")
	if s := h.submits(); len(s) != 1 || s[0].Text != "first line\nsecond" {
		t.Fatalf("sent %+v", s)
	}
}

// A backslash elsewhere in the draft is text: enter sends it as typed.
func TestBackslashNotBeforeCursorIsText(t *testing.T) {
	h := newPromptHarness(t)
	h.typeText(`C:\dir x`)
	h.keys("enter")
	if s := h.submits(); len(s) != 1 || s[0].Text != `C:\dir x` {
		t.Fatalf("sent %+v", s)
	}
}

// runs are the slash commands run so far, as "/name args".
func (h *promptHarness) runs() []string {
	var out []string
	for _, a := range h.actions {
		if r, ok := a.(RunCommand); ok {
			out = append(out, strings.TrimSpace("/"+r.Name+" "+r.Args))
		}
	}
	return out
}

// Enter with the / menu open runs exactly the command typed: a whole name (or alias)
// runs; the start of a name is completed and nothing runs until the next enter; a
// complete name the menu matched only inside another one (/agents in /list-agents, or
// /plugin, a name no command has, before /plugin-authoring) is sent as typed, never as
// the other command; a command the user moved the highlight to runs.
func TestEnterRunsTheCommandTypedNotAFuzzyMatch(t *testing.T) {
	for _, c := range []struct{ typed, keys, run, draft string }{
		{typed: "/agents", run: "/agents"},             // only inside "list-agents": as typed
		{typed: "/comp", draft: "/compact"},            // the start of a name: completed
		{typed: "/compact", run: "/compact"},           // exact
		{typed: "/reset", run: "/clear"},               // an alias
		{typed: "/res", draft: "/clear"},               // the start of an alias: completed
		{typed: "/plugin", draft: "/plugin-authoring"}, // not run as plugin-authoring
		{typed: "/list-agents", run: "/list-agents"},
		{typed: "/c", keys: "down", run: "/compact"}, // clear, compact: moved to compact
	} {
		h := newPromptHarness(t)
		h.p.SetCommands([]Command{{Name: "list-agents"}, {Name: "compact"}, {Name: "clear", Aliases: []string{"reset"}}, {Name: "plugin-authoring"}})
		h.typeText(c.typed)
		if c.keys != "" {
			h.keys(c.keys)
		}
		h.keys("enter")
		runs := h.runs()
		switch {
		case c.run != "" && (len(runs) != 1 || runs[0] != c.run):
			t.Errorf("%s + enter ran %q, want %q", c.typed, runs, c.run)
		case c.draft != "" && (len(runs) != 0 || h.draft() != c.draft):
			t.Errorf("%s + enter ran %q with the draft %q, want nothing run and %q", c.typed, runs, h.draft(), c.draft)
		}
		if c.draft == "" {
			continue
		}
		h.keys("enter") // the completed name, whole now, runs
		if runs := h.runs(); len(runs) != 1 {
			t.Errorf("%s + enter twice ran %q", c.typed, runs)
		}
	}
}
