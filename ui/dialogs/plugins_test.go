package dialogs

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

var somePlugins = Plugins{
	Installed: []InstalledPlugin{{ID: "tidy@local-mkt", Version: "1.2.0", Scope: "user", Enabled: true, Path: "/home/dev/.claude/plugins/cache/local-mkt/tidy/1.2.0"},
		{ID: "cc-plugin-privacy@builtin", Version: "unknown", Scope: "user", Enabled: false}},
	Available:    []AvailablePlugin{{ID: "hello@local-mkt", Name: "hello", Description: "Says hello", Marketplace: "local-mkt", Version: "1.0.0"}},
	Marketplaces: []Marketplace{{Name: "local-mkt", Source: "directory", Path: "/srv/mkt"}},
}

func init() {
	moreScreens = append(moreScreens,
		screen{name: "plugins_list", build: func(_ *testing.T, env Env) Dialog { return NewPluginsList(somePlugins, "", env) }},
		screen{name: "plugins_installed", build: func(_ *testing.T, env Env) Dialog {
			return NewPluginDetail(somePlugins, PluginInstalled, "tidy@local-mkt", "Successfully updated tidy.", env)
		}},
		screen{name: "plugins_available", build: func(_ *testing.T, env Env) Dialog {
			return NewPluginDetail(somePlugins, PluginAvailable, "hello@local-mkt", "", env)
		}},
	)
}

// A plugin's detail offers what `claude plugin` can do with it: a disabled one is
// enabled, an enabled one disabled; a marketplace is updated or removed; esc goes back.
func TestPluginDetailActions(t *testing.T) {
	env := testEnv(newClock())
	for _, tc := range []struct{ kind, id, first string }{
		{PluginInstalled, "tidy@local-mkt", "disable tidy@local-mkt"},
		{PluginInstalled, "cc-plugin-privacy@builtin", "enable cc-plugin-privacy@builtin"},
		{PluginAvailable, "hello@local-mkt", "install hello@local-mkt"},
		{PluginMarketplace, "local-mkt", "marketplace update local-mkt"},
	} {
		d := NewPluginDetail(somePlugins, tc.kind, tc.id, "", env)
		a, _ := d.Update(keyMsg("enter"))
		if do, ok := a.(PluginDo); !ok || strings.Join(do.Args, " ") != tc.first {
			t.Errorf("%s %s: enter gave %#v, want %q", tc.kind, tc.id, a, tc.first)
		}
		if a, _ := d.Update(keyMsg("esc")); a.(PluginShow).Kind != "" {
			t.Errorf("esc: %#v", a)
		}
	}
	v := ansi.Strip(NewPluginsList(somePlugins, "", env).View(100, 30))
	if strings.Contains(v, "unknown") {
		t.Errorf("the list shows an unknown version:\n%s", v)
	}
}
