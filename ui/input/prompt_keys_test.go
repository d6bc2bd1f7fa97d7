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

// Enter with the / menu open runs the highlighted command only when the typed word
// begins its name (or an alias): a complete name the menu matched only inside another
// name (/agents in /list-agents) runs as typed, never the other command.
func TestEnterRunsTheCommandTypedNotAFuzzyMatch(t *testing.T) {
	h := newPromptHarness(t)
	h.p.SetCommands([]Command{{Name: "list-agents"}, {Name: "compact"}, {Name: "clear", Aliases: []string{"reset"}}})
	for _, c := range []struct{ typed, want string }{
		{"/agents", "/agents"},   // only inside "list-agents": as typed
		{"/comp", "/compact"},    // the start of a name: completed
		{"/compact", "/compact"}, // exact
		{"/res", "/clear"},       // the start of an alias
		{"/list-agents", "/list-agents"},
	} {
		before := len(h.runs())
		h.typeText(c.typed)
		h.keys("enter")
		runs := h.runs()
		if len(runs) != before+1 || runs[before] != c.want {
			t.Errorf("%s + enter ran %q, want %q", c.typed, runs[before:], c.want)
		}
	}
}
