package ui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
	"github.com/gclaude/gclaude/ui/transcript"
)

// The workspace: several sessions in one gclaude, one in front. Opening, switching and
// closing tabs; the names, states and counts the list, the title and the inbox show.

// addTab puts a new tab for place at the end of the list (not in front yet).
func (m *Model) addTab(place tab.Place) *tab.Tab {
	t := m.newTab(place, newLinkFor(m.opts.Start))
	m.tabs.all = append(m.tabs.all, t)
	return t
}

// newLinkFor is a link with no claude yet, started with start when the tab opens.
func newLinkFor(start StartFunc) session.Link { return session.NewLink(nil, start) }

// bringToFront shows t: the first time it is shown its claude starts (a restored tab
// waits until then). The tab that was in front keeps its draft, queue and requests; a
// picker it had open is closed. The update's end lays t out and arms its dialog.
func (m *Model) bringToFront(t *tab.Tab) tea.Cmd {
	old := m.tabs.front
	if t == old {
		return nil
	}
	if old != nil {
		old.Hide()
	}
	m.tabs.front = t
	t.Touch(m.now())
	return m.tabDid(t, t.Open())
}

// cycleTab brings the next (step 1) or previous (-1) tab to the front.
func (m *Model) cycleTab(step int) tea.Cmd {
	n := len(m.tabs.all)
	if n < 2 {
		return m.setHint("only one session: /open starts another", hintFor)
	}
	i := m.tabs.index(m.tabs.front)
	return m.bringToFront(m.tabs.all[((i+step)%n+n)%n])
}

// hintFor is how long a workspace hint stays in place of the key help.
const hintFor = 4 * time.Second

// closeTab ends t: its claude is closed, its requests are withdrawn with it, and the
// tab next to it comes to the front. The last tab is not closed: /quit leaves.
func (m *Model) closeTab(t *tab.Tab) tea.Cmd {
	if len(m.tabs.all) < 2 {
		t.Notice(transcript.NoticeInfo, "this is the only session: /quit leaves gclaude")
		return nil
	}
	i := m.tabs.index(t)
	if i < 0 {
		return nil
	}
	cmds := []tea.Cmd{t.Close()}
	m.tabs.all = slices.Delete(m.tabs.all, i, i+1)
	if m.inbox.tab == t {
		m.inbox.tab = nil
	}
	if m.tabs.front == t {
		next := m.tabs.all[max(0, i-1)]
		m.tabs.front = nil
		cmds = append(cmds, m.bringToFront(next))
	}
	cmds = append(cmds, m.setHint("closed "+m.tabName(t), hintFor))
	return tea.Batch(cmds...)
}

// tabName names a tab for lists, titles and notifications: its worktree, else its
// folder, with its host's name if it is on another machine, numbered when two tabs
// would share a name.
func (m *Model) tabName(t *tab.Tab) string {
	base, host := baseName(t), hostName(t.Place().Host)
	n, nth := 0, 0
	for _, o := range m.tabs.all {
		if baseName(o) == base && hostName(o.Place().Host) == host {
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

// hostName is a host spec without its user and port, as a list shows it.
func hostName(spec string) string {
	if i := strings.LastIndexByte(spec, '@'); i >= 0 {
		spec = spec[i+1:]
	}
	if strings.HasPrefix(spec, "[") {
		if i := strings.IndexByte(spec, ']'); i > 0 {
			return spec[1:i]
		}
	}
	if i := strings.LastIndexByte(spec, ':'); i >= 0 {
		spec = spec[:i]
	}
	return spec
}

// waitingAll is how many decisions wait across every tab.
func (m *Model) waitingAll() int {
	n := 0
	for _, t := range m.tabs.all {
		n += t.Status().Waiting
	}
	return n
}

// multi reports whether the workspace holds more than one session.
func (m *Model) multi() bool { return len(m.tabs.all) > 1 }
