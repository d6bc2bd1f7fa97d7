package commands

import (
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
)

// /sandbox says whether claude runs its Bash commands in the sandbox (get_sandbox_dialog)
// and where that is set; Claude Code's own dialog, which changes it, needs its
// terminal UI.
func init() {
	register(Command{Command: input.Command{Name: "sandbox", Description: "Show whether claude's Bash commands run sandboxed, and where that is set"},
		Place: placeEveryday + 11, Live: true, Run: runSandbox})
}

func runSandbox(s Session, _ string) tea.Cmd {
	return control(s, "sandbox", raw("get_sandbox_dialog", nil), func(body json.RawMessage) Done {
		var d protocol.SandboxDialog
		if err := json.Unmarshal(body, &d); err != nil {
			return Done{Kind: noticeError, Text: "/sandbox: claude's answer could not be read: " + err.Error()}
		}
		return Done{Kind: noticeInfo, Text: sandboxText(d)}
	})
}

// sandboxText is the sandbox's state in a few lines.
func sandboxText(d protocol.SandboxDialog) string {
	if !d.Supported {
		return "Sandbox: not supported here (" + render.OrDefault(d.UnsupportedReason, "this platform") + ")."
	}
	state := "off: Bash commands run without a sandbox"
	if d.Enabled {
		state = "on (" + render.OrDefault(d.Mode, "enabled") + "): Bash commands run in the sandbox"
	}
	text := "Sandbox: " + state + "."
	if n := len(d.Dependencies.Errors); n > 0 {
		text += fmt.Sprintf(" claude reports %d %s about what it needs to run.", n, render.Plural(n, "problem"))
	}
	if d.Locked {
		return text + "\nA managed or higher-priority settings source sets it."
	}
	return text + "\nIt is the \"sandbox\" setting ({\"sandbox\": {\"enabled\": true}}) of ~/.claude/settings.json or .claude/settings.json."
}
