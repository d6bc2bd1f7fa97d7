package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
)

// modeCycle is the order shift+tab walks: the three everyday modes, auto when the CLI
// accepts it in this session, dontAsk only if this CLI reported it, and
// bypassPermissions only when claude was launched with --dangerously-skip-permissions
// (the CLI refuses it otherwise).
func (m *Model) modeCycle() []string {
	modes := []string{protocol.ModeDefault, protocol.ModeAcceptEdits, protocol.ModePlan}
	if m.autoModeAvailable() {
		modes = append(modes, protocol.ModeAuto)
	}
	if m.sess.seenModes[protocol.ModeDontAsk] {
		modes = append(modes, protocol.ModeDontAsk)
	}
	if m.opts.BypassAllowed {
		modes = append(modes, protocol.ModeBypassPermissions)
	}
	return modes
}

// cycleMode asks for the mode after the current one (or after the one already asked
// for, so quick presses walk on).
func (m *Model) cycleMode() tea.Cmd {
	cur := m.sess.mode
	if m.sess.modeWant != "" {
		cur = m.sess.modeWant
	}
	modes := m.modeCycle()
	next := modes[0]
	for i, md := range modes {
		if md == cur {
			next = modes[(i+1)%len(modes)]
		}
	}
	return m.chooseMode(next)
}

// chooseMode sends set_permission_mode; the bar changes when the CLI confirms.
func (m *Model) chooseMode(mode string) tea.Cmd {
	if m.backend == nil {
		m.notice(noticeWarning, "claude is not running: the mode cannot change now")
		return nil
	}
	m.sess.modeWant = mode
	return m.setModeCmd(mode)
}

// chooseModel sends set_model; the bar shows the model the CLI confirms.
func (m *Model) chooseModel(model string) tea.Cmd {
	if m.backend == nil {
		m.notice(noticeWarning, "claude is not running: the model cannot change now")
		return nil
	}
	return m.setModelCmd(model)
}

// setMode records the mode the CLI reports.
func (m *Model) setMode(mode string) {
	if mode == "" {
		return
	}
	m.sess.mode = mode
	m.sess.seenModes[mode] = true
}

// autoModeAvailable reports whether the CLI accepts auto mode in this session: it says
// so per model in its initialize answer (CLI 2.1.328 accepts it with an API key), or
// it already reported the mode.
func (m *Model) autoModeAvailable() bool {
	if m.sess.seenModes[protocol.ModeAuto] {
		return true
	}
	if m.sess.init == nil {
		return false
	}
	for _, mi := range m.sess.init.Models {
		if mi.SupportsAutoMode {
			return true
		}
	}
	return false
}
