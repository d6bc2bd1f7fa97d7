package dialogs

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
)

// hooksListing is a get_hooks_listing answer of CLI 2.1.332 (from a project settings
// file with a PreToolUse hook), plus a plugin's Stop hook that does not run.
var hooksListing = protocol.HooksListing{
	Events: []protocol.HookEvent{{Name: "PreToolUse", Summary: "Before tool execution", SupportsMatcher: true, HookCount: 1},
		{Name: "Stop", Summary: "Right before Claude concludes its response", HookCount: 1}},
	Hooks: []protocol.HookRow{
		{Event: "PreToolUse", Matcher: "Bash", Source: "projectSettings", SourceLabel: "Project settings (.claude/settings.json)",
			Type: "command", DisplayText: "echo pre-hook", CommandText: "echo pre-hook", ContentLabel: "Command", Timeout: 30},
		{Event: "Stop", Source: "pluginHook", SourceLabel: "Plugin", PluginName: "tidy", Type: "command",
			DisplayText: "tidy \x1b[2J", CommandText: "tidy \x1b[2J", ContentLabel: "Command", Disabled: true},
	},
}

func init() {
	moreScreens = append(moreScreens,
		screen{name: "hooks_list", build: func(_ *testing.T, env Env) Dialog { return NewHooksList(hooksListing, env) }},
		screen{name: "hooks_empty", build: func(_ *testing.T, env Env) Dialog { return NewHooksList(protocol.HooksListing{}, env) }},
		screen{name: "hooks_detail", build: func(_ *testing.T, env Env) Dialog { return NewHookDetail(hooksListing, 0, env) }},
	)
}

// The list names each hook's event, matcher, what it runs and where it is set; enter
// shows one whole, and esc there goes back to the list.
func TestHooksPanel(t *testing.T) {
	c := newClock()
	d := NewHooksList(hooksListing, testEnv(c))
	view := ansi.Strip(d.View(100, 30))
	for _, want := range []string{"PreToolUse  Bash", "command: echo pre-hook · Project settings (.claude/settings.json)", "Stop", "not running", "tidy ␛[2J"} {
		if !strings.Contains(view, want) {
			t.Errorf("list lacks %q:\n%s", want, view)
		}
	}
	a, _ := d.Update(keyMsg("enter"))
	show, ok := a.(HooksShow)
	if !ok || show.Row != 0 {
		t.Fatalf("enter: %#v", a)
	}
	detail := NewHookDetail(show.Listing, show.Row, testEnv(c))
	view = ansi.Strip(detail.View(100, 30))
	for _, want := range []string{"Before tool execution", "Matcher   Bash", "Command   echo pre-hook", "Timeout   30 s"} {
		if !strings.Contains(view, want) {
			t.Errorf("detail lacks %q:\n%s", want, view)
		}
	}
	if a, _ := detail.Update(keyMsg("esc")); a.(HooksShow).Row != -1 {
		t.Errorf("esc in the detail: %#v", a)
	}
}
