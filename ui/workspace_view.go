package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/tab"
)

// tabView is the workspace as one tab sees it (tab.Workspace): what that tab may ask of
// the others and of the screen, on its own behalf.
type tabView struct {
	m *Model
	t *tab.Tab
}

var _ tab.Workspace = (*tabView)(nil)

func (v *tabView) OpenSession(a commands.OpenArgs) tea.Cmd {
	return v.m.whileOpening(v.t, v.m.openSession(v.t, a.Dir, a.Worktree, a.Host))
}

func (v *tabView) Fork(f commands.ForkArgs) tea.Cmd { return v.m.forkSession(v.t, f) }

func (v *tabView) PickSession() tea.Cmd {
	v.m.openSessionPicker(v.t)
	return nil
}

func (v *tabView) CloseSession(force bool) tea.Cmd { return v.m.requestClose(v.t, v.t, force) }

func (v *tabView) OpenInbox() tea.Cmd {
	if v.m.inbox.open {
		return nil
	}
	return v.m.toggleInbox()
}

func (v *tabView) OpenHelp()     { v.m.openHelp() }
func (v *tabView) Quit() tea.Cmd { return v.m.quit() }
func (v *tabView) Shared() bool  { return v.m.multi() }

// SetTheme makes choice the theme for the rest of this run: dark and light at once,
// auto once the terminal has said its background again.
func (v *tabView) SetTheme(choice string) (tea.Cmd, error) {
	m := v.m
	kind, err := themes.Detect(choice, m.theme != themes.Light, m.getenv)
	if err != nil {
		return nil, err
	}
	m.opts.Theme = choice
	if m.autoTheme() {
		return tea.RequestBackgroundColor, nil
	}
	m.setTheme(kind)
	return nil, nil
}

// Launch is gclaude's own settings, as /config shows them.
func (v *tabView) Launch() commands.Launch {
	o := v.m.opts
	return commands.Launch{Model: o.Model, Mode: o.PermissionMode, Theme: o.Theme, ThemeShown: v.m.theme.String(),
		Notify: o.Notify, Inline: o.Inline}
}

func (v *tabView) RuleFor(req *protocol.CanUseTool) (tab.Rule, protocol.PermissionUpdate, bool) {
	return v.m.ruleFor(req)
}

func (v *tabView) AddRule(u protocol.PermissionUpdate) tea.Cmd { return v.m.addWorkspaceRule(v.t, u) }

func (v *tabView) HoldTyped(msg tea.Msg) bool { return v.m.holdTyped(msg) }
