package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
)

// buildDialog picks the dialog for a can_use_tool request (plan review, questions or a
// permission prompt). It may read files, so it runs inside a tea.Cmd.
func buildDialog(req *protocol.CanUseTool, info dialogs.RequestInfo, env dialogs.Env) dialogs.Dialog {
	return dialogs.NewRequest(req, info, env)
}

// openModelPicker shows the models the CLI offers (any model id can also be typed).
func (m *Model) openModelPicker() tea.Cmd {
	var models []protocol.ModelInfo
	if m.sess.init != nil {
		models = m.sess.init.Models
	}
	return m.openPicker(dialogs.NewModelPicker(models, m.sess.model, m.dialogEnv()))
}

// openModePicker shows the permission modes shift+tab cycles through.
func (m *Model) openModePicker() tea.Cmd {
	return m.openPicker(dialogs.NewModePicker(m.modeCycle(), m.sess.mode, m.opts.BypassAllowed, m.dialogEnv()))
}
