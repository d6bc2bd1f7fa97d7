package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// readPlugins asks claude for the installed and available plugins and the
// marketplaces (blocking: in a Cmd).
func readPlugins(claude func(...string) *exec.Cmd) (dialogs.Plugins, error) {
	var p dialogs.Plugins
	out, err := runClaude(claude("plugin", "list", "--available", "--json"))
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(out, &p); err != nil {
		return p, fmt.Errorf("claude plugin list: %w", err)
	}
	if out, err = runClaude(claude("plugin", "marketplace", "list", "--json")); err != nil {
		return p, err
	}
	if err := json.Unmarshal(out, &p.Marketplaces); err != nil {
		return p, fmt.Errorf("claude plugin marketplace list: %w", err)
	}
	return p, nil
}

// runClaude runs c and returns its stdout; a failure carries what it said.
func runClaude(c *exec.Cmd) ([]byte, error) {
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		said := strings.TrimSpace(stderr.String())
		if said == "" {
			said = strings.TrimSpace(string(out))
		}
		return out, fmt.Errorf("%s: %s", strings.Join(c.Args[1:], " "), render.OrDefault(said, err.Error()))
	}
	return out, nil
}

// pluginResult is the line a `claude plugin … --json` command ends with.
type pluginResult struct {
	Outcome string `json:"outcome"` // ok, failed
	Message string `json:"message"`
}

// wantsJSON says whether `claude plugin <args>` takes --json (marketplace update only
// with a name).
func wantsJSON(args []string) bool {
	return !(len(args) == 2 && args[0] == "marketplace" && args[1] == "update") && !slices.Contains(args, "--json")
}

// runPluginCLI runs `claude plugin <args>`, says what it answered, and when it changed
// something has the running claude reload its plugins; from the panel, the panel
// opens again with the outcome at its top.
func runPluginCLI(s Session, claude func(...string) *exec.Cmd, args []string, fromPanel bool) tea.Cmd {
	full := append([]string{"plugin"}, args...)
	if wantsJSON(args) {
		full = append(full, "--json")
	}
	c := claude(full...)
	busy := s.Info().Running
	return s.Later(func() Done {
		note, ok := pluginOutcome(runClaude(c))
		if !ok {
			return pluginDone(note, !ok, fromPanel, claude)
		}
		if busy {
			return pluginDone(note+" · claude takes it in with /reload-plugins once the turn has ended", false, fromPanel, claude)
		}
		return Done{Then: func(s Session) tea.Cmd { return reloadPlugins(s, note, fromPanel, claude) }}
	})
}

// pluginOutcome reads a `claude plugin` command's answer: its JSON message, else what
// it printed.
func pluginOutcome(out []byte, err error) (note string, ok bool) {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var r pluginResult
	if last := lines[len(lines)-1]; json.Unmarshal([]byte(last), &r) == nil && r.Message != "" {
		return r.Message, r.Outcome == "ok" && err == nil
	}
	if err != nil {
		return err.Error(), false
	}
	return render.OrDefault(strings.TrimSpace(string(out)), "done."), true
}

// pluginDone says note, in the panel when the action came from it.
func pluginDone(note string, failed, fromPanel bool, claude func(...string) *exec.Cmd) Done {
	if !fromPanel {
		return said("/plugin: "+note, failed)
	}
	return Done{Then: func(s Session) tea.Cmd { return pluginPanel(s, claude, note) }}
}

// reloadPlugins has the running claude read its plugins again (reload_plugins); it
// then says its commands changed (system/commands_changed), and the / menu follows.
func reloadPlugins(s Session, note string, fromPanel bool, claude func(...string) *exec.Cmd) tea.Cmd {
	return s.Ask("plugin", func(ctx context.Context, ask Ask) Done {
		var r protocol.ReloadPluginsResponse
		if err := askInto(ctx, ask, raw("reload_plugins", nil), &r); err != nil {
			return pluginDone(note+" · claude could not reload its plugins: "+err.Error(), true, fromPanel, claude)
		}
		note += fmt.Sprintf(" · claude reloaded its plugins (%d loaded", len(r.Plugins))
		if r.ErrorCount > 0 {
			note += fmt.Sprintf(", %d with %s", r.ErrorCount, render.Plural(r.ErrorCount, "error"))
		}
		return pluginDone(note+")", false, fromPanel, claude)
	})
}
