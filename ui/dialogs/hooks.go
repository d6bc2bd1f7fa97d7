package dialogs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// HooksShow asks the session to show /hooks' panel again: the list (Row < 0) or one hook
// of Listing. The panel is read-only, as Claude Code's /hooks is.
type HooksShow struct {
	Listing protocol.HooksListing
	Row     int
}

func (HooksShow) action() {}

// NewHooksList is /hooks' panel: every hook claude runs, by event (in the order they
// fire) and matcher, with where it is configured; enter shows one.
func NewHooksList(l protocol.HooksListing, env Env) *Picker {
	p := &Picker{env: env, title: "Hooks", follow: true}
	note := hooksPolicyNote(l.Policy)
	if len(l.Hooks) == 0 {
		note = strings.TrimSpace(note + " No hooks are configured. Hooks live under \"hooks\" in the settings files " +
			"(~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json) and in plugins; " +
			"/update-config asks Claude to add one.")
		p.items = append(p.items, pickItem{title: "Close", value: mcpClose})
	}
	if note != "" {
		p.header = noteHeader(note)
	}
	for i, r := range l.Hooks {
		title := r.Event
		if r.Matcher != "" {
			title += "  " + r.Matcher
		}
		desc := hookLabel(r) + " · " + r.SourceLabel
		if r.Disabled {
			desc += " · not running"
		}
		p.items = append(p.items, pickItem{title: oneLine(title), desc: oneLine(desc), value: strconv.Itoa(i), danger: r.Disabled})
	}
	p.choose = func(v string) Action {
		i, err := strconv.Atoi(v)
		if err != nil {
			return Dismiss{}
		}
		return HooksShow{Listing: l, Row: i}
	}
	return p
}

// hookLabel is what a hook runs, in a few words: "command: echo hi".
func hookLabel(r protocol.HookRow) string {
	return render.OrDefault(r.Type, "hook") + ": " + render.OrDefault(r.DisplayText, r.CommandText)
}

// hooksPolicyNote says what keeps hooks from running, if anything does.
func hooksPolicyNote(p protocol.HooksPolicy) string {
	switch {
	case p.AllDisabled:
		return "All hooks are turned off (disableAllHooks), so none of these runs."
	case p.DisabledByPolicy:
		return "Your organization's policy turns hooks off."
	case p.ManagedOnly:
		return "Only the hooks of your organization's managed settings run."
	case p.PluginOnly:
		return "Only plugins' hooks run."
	}
	return ""
}

// NewHookDetail shows one hook of l whole: event, matcher, source, what it runs, its
// condition and timeout. esc and "Back" return to the list.
func NewHookDetail(l protocol.HooksListing, row int, env Env) *Picker {
	r := l.Hooks[row]
	back := func() Action { return HooksShow{Listing: l, Row: -1} }
	p := &Picker{env: env, title: "Hook " + oneLine(r.Event), follow: true, closed: back}
	summary := ""
	for _, e := range l.Events {
		if e.Name == r.Event {
			summary = e.Summary
		}
	}
	facts := [][2]string{{"Event", strings.TrimSpace(r.Event + "  " + summary)}}
	if r.Matcher != "" {
		facts = append(facts, [2]string{"Matcher", r.Matcher})
	}
	facts = append(facts, [2]string{"Source", r.SourceLabel})
	if r.PluginName != "" {
		facts = append(facts, [2]string{"Plugin", r.PluginName})
	}
	facts = append(facts, [2]string{"Type", r.Type}, [2]string{render.OrDefault(r.ContentLabel, "Runs"), r.CommandText})
	if r.Condition != "" {
		facts = append(facts, [2]string{"If", r.Condition})
	}
	if r.Timeout > 0 {
		facts = append(facts, [2]string{"Timeout", fmt.Sprintf("%d s", r.Timeout)})
	}
	if r.Disabled {
		facts = append(facts, [2]string{"Runs", "no: " + render.OrDefault(hooksPolicyNote(l.Policy), "this session's mode keeps it from running")})
	}
	p.header = func(st *themes.Styles, width int) []string {
		var lines []string
		for _, f := range facts {
			label := st.Tool.Label.Render(render.Pad(f[0], 9))
			lines = append(lines, hanging(label+" ", st.Text.Render(clean(f[1])), width)...)
		}
		return lines
	}
	p.items = []pickItem{{title: "Back", value: mcpBack}}
	p.choose = func(string) Action { return back() }
	return p
}
