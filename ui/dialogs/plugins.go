package dialogs

import (
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Plugins is what `claude plugin list --available --json` and `claude plugin
// marketplace list --json` report: /plugin's panel shows it.
type Plugins struct {
	Installed    []InstalledPlugin `json:"installed"`
	Available    []AvailablePlugin `json:"available"`
	Marketplaces []Marketplace     `json:"-"`
}

// InstalledPlugin is a plugin claude has installed.
type InstalledPlugin struct {
	ID      string `json:"id"` // name@marketplace
	Version string `json:"version"`
	Scope   string `json:"scope"` // user, project, local
	Enabled bool   `json:"enabled"`
	Path    string `json:"installPath,omitempty"`
}

// AvailablePlugin is a plugin a marketplace offers.
type AvailablePlugin struct {
	ID          string `json:"pluginId"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Marketplace string `json:"marketplaceName"`
	Version     string `json:"version"`
}

// Marketplace is a plugin marketplace claude knows.
type Marketplace struct {
	Name   string `json:"name"`
	Source string `json:"source"` // github, git, directory, …
	Repo   string `json:"repo,omitempty"`
	URL    string `json:"url,omitempty"`
	Path   string `json:"path,omitempty"`
}

// where is the marketplace's origin in a few words.
func (m Marketplace) where() string {
	return strings.TrimSpace(m.Source + " " + render.OrDefault(m.Repo, render.OrDefault(m.URL, m.Path)))
}

// PluginShow asks the session to show /plugin's panel again: the list (Kind "") or one
// plugin or marketplace, with Note saying what the last action did.
type PluginShow struct {
	Plugins  Plugins
	Kind, ID string
	Note     string
}

// PluginDo asks the session to run `claude plugin <Args…>` (an install, an update, …).
type PluginDo struct{ Args []string }

// PluginDraft asks the session to start a /plugin command in the prompt (what needs a
// name typed, such as a marketplace's source).
type PluginDraft struct{ Text string }

func (PluginShow) action()  {}
func (PluginDo) action()    {}
func (PluginDraft) action() {}

// What a row of the list is.
const (
	PluginInstalled   = "installed"
	PluginAvailable   = "available"
	PluginMarketplace = "marketplace"
	pluginAddMarket   = "\x00add"
)

// NewPluginsList is /plugin's panel: the installed plugins, those the marketplaces
// offer, and the marketplaces; type to filter, enter shows one and what can be done.
func NewPluginsList(p Plugins, note string, env Env) *Picker {
	pk := &Picker{env: env, title: "Plugins", filterable: true, placeholder: "type to filter", follow: true}
	head := fmt.Sprintf("%d installed · %d available · %d %s.", len(p.Installed), len(p.Available),
		len(p.Marketplaces), render.Plural(len(p.Marketplaces), "marketplace"))
	pk.header = noteHeader(strings.TrimSpace(note + " " + head))
	for _, ip := range p.Installed {
		state := "✔ enabled"
		if !ip.Enabled {
			state = "○ disabled"
		}
		pk.items = append(pk.items, pickItem{title: oneLine(ip.ID), desc: oneLine(strings.Join(nonEmpty(state, ip.Scope, ip.Version), " · ")),
			value: PluginInstalled + "\x00" + ip.ID})
	}
	for _, ap := range p.Available {
		if p.installed(ap.ID) {
			continue
		}
		pk.items = append(pk.items, pickItem{title: oneLine(ap.ID), desc: oneLine(strings.Join(nonEmpty("available", ap.Version, ap.Description), " · ")),
			value: PluginAvailable + "\x00" + ap.ID})
	}
	for _, m := range p.Marketplaces {
		pk.items = append(pk.items, pickItem{title: "marketplace " + oneLine(m.Name), desc: oneLine(m.where()),
			value: PluginMarketplace + "\x00" + m.Name})
	}
	pk.items = append(pk.items, pickItem{title: "Add a marketplace…", desc: "a GitHub repository, a git or https address, or a folder",
		value: pluginAddMarket})
	pk.choose = func(v string) Action {
		if v == pluginAddMarket {
			return PluginDraft{Text: "/plugin marketplace add "}
		}
		kind, id, _ := strings.Cut(v, "\x00")
		return PluginShow{Plugins: p, Kind: kind, ID: id}
	}
	return pk
}

func (p Plugins) installed(id string) bool {
	for _, ip := range p.Installed {
		if ip.ID == id {
			return true
		}
	}
	return false
}

// nonEmpty keeps the parts that say something.
func nonEmpty(parts ...string) []string {
	var out []string
	for _, s := range parts {
		if s = strings.TrimSpace(s); s != "" && s != "unknown" {
			out = append(out, s)
		}
	}
	return out
}

// NewPluginDetail shows one row of the list (kind and id as PluginShow names them),
// with the actions `claude plugin` offers for it; esc and "Back" return to the list.
func NewPluginDetail(p Plugins, kind, id, note string, env Env) *Picker {
	back := func() Action { return PluginShow{Plugins: p} }
	pk := &Picker{env: env, follow: true, closed: back}
	var facts [][2]string
	add := func(title, desc string, args ...string) {
		pk.items = append(pk.items, pickItem{title: title, desc: desc, value: strings.Join(args, "\x00")})
	}
	switch kind {
	case PluginInstalled:
		pk.title = "Plugin " + oneLine(id)
		for _, ip := range p.Installed {
			if ip.ID != id {
				continue
			}
			state := "enabled"
			if !ip.Enabled {
				state = "disabled"
			}
			facts = [][2]string{{"State", state}, {"Scope", ip.Scope}, {"Version", ip.Version}, {"Folder", ip.Path}}
			if ip.Enabled {
				add("Disable", "claude stops using its commands, agents, hooks and servers", "disable", id)
			} else {
				add("Enable", "", "enable", id)
			}
			add("Update", "to its marketplace's latest version", "update", id)
			add("Uninstall", "", "uninstall", id)
		}
	case PluginAvailable:
		pk.title = "Plugin " + oneLine(id)
		for _, ap := range p.Available {
			if ap.ID == id {
				facts = [][2]string{{"About", ap.Description}, {"From", ap.Marketplace}, {"Version", ap.Version}}
			}
		}
		add("Install", "for you, in every project (user scope)", "install", id)
		add("Install for this project", "shared with the project (.claude/settings.json)", "install", id, "--scope", "project")
	case PluginMarketplace:
		pk.title = "Marketplace " + oneLine(id)
		for _, m := range p.Marketplaces {
			if m.Name == id {
				facts = [][2]string{{"From", m.where()}}
			}
		}
		add("Update", "read its list of plugins again", "marketplace", "update", id)
		add("Remove", "", "marketplace", "remove", id)
	}
	add("Back", "", mcpBack)
	pk.header = func(st *themes.Styles, width int) []string {
		var lines []string
		if note != "" {
			lines = append(styledWrap(clean(note), width, st.Text), "")
		}
		for _, f := range facts {
			if strings.TrimSpace(f[1]) == "" || f[1] == "unknown" {
				continue
			}
			lines = append(lines, hanging(st.Tool.Label.Render(render.Pad(f[0], 8))+" ", st.Text.Render(clean(f[1])), width)...)
		}
		return lines
	}
	pk.choose = func(v string) Action {
		if v == mcpBack {
			return back()
		}
		return PluginDo{Args: strings.Split(v, "\x00")}
	}
	return pk
}
