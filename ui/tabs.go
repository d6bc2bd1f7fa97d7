package ui

import (
	"reflect"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
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
