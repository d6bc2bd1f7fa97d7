package dialogs

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

const hostile = "\x1b]0;pwned\x07\x1b[2J\u202eevil\r\x9b31m"

// Nothing from the CLI or the model reaches the terminal as an escape sequence:
// once the dialog's own SGR styling is removed, no ESC, BEL, CR, C1 control or bidi
// override is left.
func TestHostileTextIsShownNotObeyed(t *testing.T) {
	req := &protocol.CanUseTool{
		ToolName:       "Bash" + hostile,
		DisplayName:    "Bash" + hostile,
		Title:          hostile,
		Description:    "list" + hostile,
		Input:          []byte(`{"command":"ls ` + jsonEscape(hostile) + `","description":"x"}`),
		AgentID:        "a1" + hostile,
		DecisionReason: hostile,
		BlockedPath:    "/tmp/" + hostile,
		PermissionSuggestions: []protocol.PermissionUpdate{
			{Type: protocol.UpdateAddRules, Behavior: "allow", Destination: protocol.DestLocalSettings, Rules: []protocol.PermissionRule{{ToolName: "Bash", RuleContent: "ls" + hostile}}},
			{Type: protocol.UpdateAddDirectories, Destination: "weird" + hostile, Directories: []string{"/x" + hostile}},
		},
	}
	req.RequestID = "r"
	bash := *req
	bash.ToolName, bash.DisplayName = "Bash", "Bash"
	generic := *req
	generic.ToolName = "Custom"
	generic.Input = []byte(`{"k` + jsonEscape(hostile) + `":"v` + jsonEscape(hostile) + `","n":{"deep":"` + jsonEscape(hostile) + `"}}`)
	plan := &protocol.CanUseTool{ToolName: "ExitPlanMode", Input: []byte(`{"plan":"# T` + jsonEscape(hostile) + `","planFilePath":"/p` + jsonEscape(hostile) + `"}`)}
	ask := &protocol.CanUseTool{ToolName: "AskUserQuestion", Input: []byte(`{"questions":[{"question":"Q` + jsonEscape(hostile) + `","header":"H` + jsonEscape(hostile) + `","options":[{"label":"A` + jsonEscape(hostile) + `","description":"d` + jsonEscape(hostile) + `"}],"multiSelect":true}]}`)}
	models := []protocol.ModelInfo{{Value: "m", DisplayName: "M" + hostile, Description: hostile}}

	c := newClock()
	env := testEnv(c)
	for name, d := range map[string]Dialog{
		"bash":     NewPermission(&bash, RequestInfo{AgentDescription: hostile}, env),
		"generic":  NewPermission(&generic, RequestInfo{}, env),
		"plan":     NewPlanReview(plan, env),
		"question": NewQuestions(ask, env),
		"picker":   NewModelPicker(models, "m", env),
	} {
		open(d, c)
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			// The dialog itself only ever writes SGR styling; anything else is hostile.
			plain := sgr.ReplaceAllString(d.View(size[0], size[1]), "")
			if i := strings.IndexFunc(plain, func(r rune) bool {
				return r == 0x1b || r == 0x07 || r == '\r' || (r >= 0x80 && r <= 0x9f) || r == 0x202e
			}); i >= 0 {
				t.Errorf("%s at %v: raw control character %q in %q", name, size, plain[i:i+1], plain)
			}
		}
	}
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

func jsonEscape(s string) string {
	r := strings.NewReplacer("\x1b", `\u001b`, "\x07", `\u0007`, "\r", `\r`, "\u202e", `\u202e`, "\x9b", `\u009b`)
	return r.Replace(s)
}

// The inline editor rewrites tabs; a text with tabs is refused rather than changed.
func TestInlineEditRefusesTextItWouldChange(t *testing.T) {
	c := newClock()
	req := &protocol.CanUseTool{ToolName: "Write", Input: []byte(`{"file_path":"/nonexistent/Makefile","content":"all:\n\tgo build\n"}`)}
	req.RequestID = "w"
	d := open(NewPermission(req, RequestInfo{}, testEnv(c)), c).(*Permission)
	press(t, d, "e")
	if d.editing {
		t.Fatal("the inline editor opened on text with tabs")
	}
	if !strings.Contains(stripped(d.View(80, 24)), "$EDITOR") {
		t.Error("the dialog does not point to $EDITOR")
	}
	// $EDITOR keeps tabs.
	d.Update(editorDoneMsg{id: d.id, text: "all:\n\tgo build ./...\n"})
	c.advance(ArmDelay)
	want := `{"type":"control_response","response":{"subtype":"success","request_id":"w","response":{"behavior":"allow","updatedInput":{"file_path":"/nonexistent/Makefile","content":"all:\n\tgo build ./...\n"}}}}`
	if got := encode(t, press(t, d, "1")); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
