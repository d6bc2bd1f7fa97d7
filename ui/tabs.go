package ui

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
	"github.com/gclaude/gclaude/ui/transcript"
)

// The workspace's sessions as the root holds them: every tab, the one in front, and
// how a message finds the tab it belongs to.
//
// A Cmd a tab returns is scoped to that tab: its message comes back as a tabMsg naming
// the tab, and Update hands it to that tab however the front has changed meanwhile.

// tabList is every session of the workspace, in the order the list shows them.
type tabList struct {
	all    []*tab.Tab
	front  *tab.Tab
	lastID int
}

// byID is the tab with id, nil once it is closed.
func (l *tabList) byID(id int) *tab.Tab {
	for _, t := range l.all {
		if t.ID() == id {
			return t
		}
	}
	return nil
}

// byGen is the tab whose claude is of generation gen (generations are unique across
// links), nil when none is.
func (l *tabList) byGen(gen int) *tab.Tab {
	for _, t := range l.all {
		if t.Gen() == gen {
			return t
		}
	}
	return nil
}

// index is t's place in the list, -1 when it is not in it.
func (l *tabList) index(t *tab.Tab) int {
	for i, x := range l.all {
		if x == t {
			return i
		}
	}
	return -1
}

// name names a tab for lists, titles and notifications: its worktree, else its
// folder, with its host's name if it is on another machine, numbered when two tabs
// would share a name.
func (l *tabList) name(t *tab.Tab) string {
	base, host := baseName(t), tab.HostName(t.Place().Host)
	n, nth := 0, 0
	for _, o := range l.all {
		if baseName(o) == base && tab.HostName(o.Place().Host) == host {
			n++
			if o == t {
				nth = n
			}
		}
	}
	if n > 1 && nth > 1 {
		base = fmt.Sprintf("%s #%d", base, nth)
	}
	if t.Place().Host != "" {
		base += " @ " + host
	}
	return render.Sanitize(base)
}

// baseName is a tab's name before numbering.
func baseName(t *tab.Tab) string {
	if w := t.Place().Worktree; w != nil {
		return filepath.Base(w.Path)
	}
	dir := t.Place().Dir
	if cwd := t.Status().CWD; cwd != "" {
		dir = cwd
	}
	if b := filepath.Base(dir); b != "." && b != "/" && b != "" {
		return b
	}
	return dir
}

// waiting is how many decisions wait across every tab.
func (l *tabList) waiting() int {
	n := 0
	for _, t := range l.all {
		n += t.Status().Waiting
	}
	return n
}

// multi reports whether the workspace holds more than one session.
func (l *tabList) multi() bool { return len(l.all) > 1 }

// oldestDecision is the tab whose first request arrived before every other tab's.
func (l *tabList) oldestDecision() *tab.Tab {
	var oldest *tab.Tab
	var since dialogs.Entry
	for _, t := range l.all {
		e, ok := t.FirstDecision()
		if ok && (oldest == nil || e.Since.Before(since.Since)) {
			oldest, since = t, e
		}
	}
	return oldest
}

// sessionTitle is t's name, sanitised, for titles and notifications: its folder's, or
// in a workspace the name the session list shows.
func (l *tabList) title(t *tab.Tab) string {
	if l.multi() {
		return l.name(t)
	}
	dir := filepath.Base(t.Status().CWD)
	if dir == "." || dir == "/" || dir == "" {
		return ""
	}
	return render.Sanitize(dir)
}

// sessionRows are the session picker's rows, in list order.
func (l *tabList) rows() []dialogs.SessionRow {
	rows := make([]dialogs.SessionRow, 0, len(l.all))
	for _, t := range l.all {
		state, waiting := tabState(t.Status())
		name := l.name(t)
		if w := t.Place().Worktree; w != nil {
			name += " (" + w.Branch + ")"
		}
		rows = append(rows, dialogs.SessionRow{ID: t.ID(), Name: name, State: state, Detail: tabDetail(t),
			Worktree: t.Place().Worktree != nil, Waiting: waiting})
	}
	return rows
}

// tabMsg is a message of a Cmd that was started for tab id.
type tabMsg struct {
	id  int
	msg tea.Msg
}

// scope makes cmd's message come back to tab id. Bubble Tea's own messages (quit,
// batches, sequences, exec, printing) go to the runtime untouched; a batch's commands
// are scoped one by one.
func scope(id int, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		msg := cmd()
		switch msg := msg.(type) {
		case nil, tabMsg:
			return msg
		case tea.BatchMsg:
			out := make(tea.BatchMsg, 0, len(msg))
			for _, c := range msg {
				if c != nil {
					out = append(out, scope(id, c))
				}
			}
			return out
		}
		if !tabScoped(msg) {
			return msg
		}
		return tabMsg{id: id, msg: msg}
	}
}

// teaPkg is Bubble Tea's package path: its messages are the runtime's business.
var teaPkg = reflect.TypeFor[tea.BatchMsg]().PkgPath()

// tabScoped reports whether msg belongs to the tab whose Cmd produced it: every
// message but the runtime's and the root's own timers.
func tabScoped(msg tea.Msg) bool {
	switch msg.(type) {
	case tickMsg, hintExpiredMsg, frameDueMsg, workspaceMsg:
		return false
	}
	t := reflect.TypeOf(msg)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return !strings.HasPrefix(t.PkgPath(), teaPkg)
}

// workspaceMsg is a message for the workspace as a whole, never for one tab.
type workspaceMsg interface{ workspace() }

// newTab builds a tab for place, with link as its claude; the workspace it sees is
// the Model, on its behalf. It does no I/O.
func (m *Model) newTab(place tab.Place, link session.Link) *tab.Tab {
	m.tabs.lastID++
	w := &tabView{m: m}
	t := tab.New(m.tabs.lastID, place, link, m.tabEnv, w)
	w.t = t
	return t
}

// tabView is the workspace as one tab sees it (tab.Workspace): what that tab may ask of
// the others and of the screen, on its own behalf.
type tabView struct {
	m *Model
	t *tab.Tab
}

var _ tab.Workspace = (*tabView)(nil)

// Do carries out what a command of v's tab asks of the workspace.
func (v *tabView) Do(act commands.WorkspaceAct) tea.Cmd {
	m, t := v.m, v.t
	switch a := act.(type) {
	case commands.OpenArgs:
		return m.whileOpening(t, m.openSession(t, a.Dir, a.Worktree, a.Host))
	case commands.ForkArgs:
		return m.forkSession(t, a)
	case commands.PickSession:
		m.openSessionPicker(t)
	case commands.CloseSession:
		return m.requestClose(t, t, a.Force)
	case commands.OpenInbox:
		if !m.inbox.open {
			return m.toggleInbox()
		}
	case commands.OpenHelp:
		m.help.Open()
	case commands.Quit:
		return m.quit()
	default:
		t.Notice(transcript.NoticeWarn, fmt.Sprintf("gclaude does not know the workspace act %T", act))
	}
	return nil
}

func (v *tabView) Shared() bool { return v.m.tabs.multi() }

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
