package session

import (
	"slices"

	"github.com/gclaude/gclaude/protocol"
)

// ModeCycle is the order shift+tab walks: the three everyday modes, auto when the CLI
// accepts it in this session, dontAsk only if this CLI reported it (seen), and
// bypassPermissions only when claude was launched with --dangerously-skip-permissions
// (the CLI refuses it otherwise).
func ModeCycle(seen map[string]bool, init *protocol.InitializeResponse, bypass bool) []string {
	modes := []string{protocol.ModeDefault, protocol.ModeAcceptEdits, protocol.ModePlan}
	if AutoModeAvailable(seen, init) {
		modes = append(modes, protocol.ModeAuto)
	}
	if seen[protocol.ModeDontAsk] {
		modes = append(modes, protocol.ModeDontAsk)
	}
	if bypass {
		modes = append(modes, protocol.ModeBypassPermissions)
	}
	return modes
}

// NextMode is the mode after cur in cycle; the first one when cur is not in it.
func NextMode(cycle []string, cur string) string {
	next := cycle[0]
	for i, md := range cycle {
		if md == cur {
			next = cycle[(i+1)%len(cycle)]
		}
	}
	return next
}

// PickerModes are the modes /mode lists: cycle with dontAsk, which shift+tab skips
// (Claude Code's cycle has no dontAsk, and muscle memory counts the presses), placed
// before bypassPermissions.
func PickerModes(cycle []string) []string {
	if slices.Contains(cycle, protocol.ModeDontAsk) {
		return cycle
	}
	out := make([]string, 0, len(cycle)+1)
	for _, md := range cycle {
		if md == protocol.ModeBypassPermissions {
			out = append(out, protocol.ModeDontAsk)
		}
		out = append(out, md)
	}
	if !slices.Contains(out, protocol.ModeDontAsk) {
		out = append(out, protocol.ModeDontAsk)
	}
	return out
}

// AutoModeAvailable reports whether the CLI accepts auto mode in this session: it says
// so per model in its initialize answer (CLI 2.1.328 accepts it with an API key), or
// it already reported the mode (seen). A logged-out CLI runs nothing, so it offers none.
func AutoModeAvailable(seen map[string]bool, init *protocol.InitializeResponse) bool {
	if seen[protocol.ModeAuto] {
		return true
	}
	if init == nil || init.Account.LoggedOut() {
		return false
	}
	for _, mi := range init.Models {
		if mi.SupportsAutoMode {
			return true
		}
	}
	return false
}
