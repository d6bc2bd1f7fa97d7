package commands

import (
	"os/exec"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// /plugin is Claude Code's plugin manager over claude's own `claude plugin …`
// commands (their --json results): a panel of the installed plugins, those the
// marketplaces offer and the marketplaces, with the actions the CLI has for each
// (install, enable, disable, update, uninstall; a marketplace's update and removal),
// or one at once when typed. After a change the running claude reloads its plugins
// (reload_plugins), and the / menu takes in their commands.
func init() {
	register(Command{Command: input.Command{Name: "plugin", Aliases: []string{"plugins", "marketplace"},
		Description:  "Plugins: installed, available, marketplaces; install, enable, disable, update, uninstall",
		ArgumentHint: "[install|uninstall|enable|disable|update <plugin> | marketplace add|remove|update <name>]"},
		Place: placeEveryday + 12, Live: true, Run: runPlugin, Answer: answerPlugin})
}

const pluginUsage = "usage: /plugin [install|uninstall|enable|disable|update <plugin>[@marketplace] [--scope user|project|local]] " +
	"or /plugin marketplace add|remove|update <source or name>"

// pluginVerbs are the `claude plugin` commands /plugin runs as typed (each with a
// plugin's name after it).
var pluginVerbs = map[string]bool{"install": true, "i": true, "uninstall": true, "remove": true,
	"enable": true, "disable": true, "update": true}

func runPlugin(s Session, args string) tea.Cmd {
	claude := s.Info().Claude
	if claude == nil {
		s.Notice(noticeInfo, "/plugin is not available here: it runs this machine's claude, which this session does not use")
		return nil
	}
	fields := strings.Fields(args)
	switch {
	case len(fields) == 0 || fields[0] == "list" || fields[0] == "manage":
		return pluginPanel(s, claude, "")
	case pluginVerbs[fields[0]] && len(fields) >= 2:
		return runPluginCLI(s, claude, fields, false)
	case fields[0] == "marketplace" && (len(fields) == 1 || fields[1] == "list"):
		return pluginPanel(s, claude, "")
	case fields[0] == "marketplace" && slices.Contains([]string{"add", "remove", "rm", "update"}, fields[1]):
		return runPluginCLI(s, claude, fields, false)
	}
	s.Notice(noticeWarning, pluginUsage)
	return nil
}

// answerPlugin acts on the panel: show a plugin or the list, run an action, or start
// a command that needs a name typed.
func answerPlugin(s Session, a dialogs.Action) (tea.Cmd, bool) {
	switch a := a.(type) {
	case dialogs.PluginShow:
		return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog {
			if a.Kind == "" {
				return dialogs.NewPluginsList(a.Plugins, a.Note, env)
			}
			return dialogs.NewPluginDetail(a.Plugins, a.Kind, a.ID, a.Note, env)
		}), true
	case dialogs.PluginDo:
		claude := s.Info().Claude
		if claude == nil {
			return nil, true
		}
		return runPluginCLI(s, claude, a.Args, true), true
	case dialogs.PluginDraft:
		s.EditDraft(a.Text)
		return nil, true
	}
	return nil, false
}

// pluginPanel reads what claude reports and opens the list, saying note above it.
func pluginPanel(s Session, claude func(...string) *exec.Cmd, note string) tea.Cmd {
	return s.Later(func() Done {
		p, err := readPlugins(claude)
		if err != nil {
			return Done{Kind: noticeError, Text: "/plugin: " + err.Error()}
		}
		return Done{Then: func(s Session) tea.Cmd {
			return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewPluginsList(p, note, env) })
		}}
	})
}
