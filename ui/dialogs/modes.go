package dialogs

import "github.com/gclaude/gclaude/protocol"

const modeBypass = protocol.ModeBypassPermissions

// AllModes is every permission mode the CLI accepts, in the order the mode picker
// lists them.
var AllModes = []string{
	protocol.ModeDefault,
	protocol.ModeAcceptEdits,
	protocol.ModePlan,
	protocol.ModeAuto,
	protocol.ModeDontAsk,
	protocol.ModeBypassPermissions,
}

// modeInfo names a permission mode and says in one line what it does.
func modeInfo(mode string) (title, desc string) {
	switch mode {
	case protocol.ModeDefault:
		return "Default", "Ask before editing files or running commands."
	case protocol.ModeAcceptEdits:
		return "Accept edits", "Edit files without asking; still ask before running commands."
	case protocol.ModePlan:
		return "Plan", "Read and plan only: no edits, no commands, until you approve a plan."
	case protocol.ModeAuto:
		return "Auto", "A classifier on Anthropic's side allows what looks safe and refuses the rest."
	case protocol.ModeDontAsk:
		return "Don't ask", "Never ask: anything not already allowed by a rule is denied."
	case protocol.ModeBypassPermissions:
		return "Bypass permissions", "Run everything without asking. Dangerous: nothing is checked."
	}
	return oneLine(mode), ""
}
