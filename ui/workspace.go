package ui

import (
	"context"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/ui/dialogs"
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
	cmds = append(cmds, m.setHint("closed "+m.tabs.name(t), hintFor))
	return tea.Batch(cmds...)
}

// /close: the session ends; a worktree session asks whether its worktree and branch go
// too, and never removes work that would be lost unless forced.

// requestClose closes t, asking first (in from, the session the user is in) when it
// works in a worktree gclaude made.
func (m *Model) requestClose(from, t *tab.Tab, force bool) tea.Cmd {
	if len(m.tabs.all) < 2 {
		from.Notice(transcript.NoticeInfo, "this is the only session: /quit leaves gclaude")
		return nil
	}
	w := t.Place().Worktree
	if w == nil {
		return m.closeTab(t)
	}
	wt := worktree.Worktree{Repo: w.Repo, Path: w.Path, Branch: w.Branch, Base: w.Base}
	id, fromID := t.ID(), from.ID()
	return func() tea.Msg {
		loss, err := worktree.CheckRemoval(context.Background(), wt)
		return removalChecked{id: id, from: fromID, loss: loss, err: err, force: force}
	}
}

// removalChecked reports what removing a worktree would lose.
type removalChecked struct {
	id, from int // the session to close, and the one the user asked in
	loss     worktree.Loss
	err      error
	force    bool
}

func (removalChecked) workspace() {}

func (msg removalChecked) handle(m *Model) tea.Cmd {
	t, from := m.tabs.byID(msg.id), m.tabs.byID(msg.from)
	if t == nil {
		return nil
	}
	if from == nil {
		from = m.tabs.front
	}
	name := m.tabs.name(t)
	loss := ""
	switch {
	case msg.err != nil:
		loss = "what it holds (git could not tell: " + msg.err.Error() + ")"
	case !msg.loss.Empty():
		loss = msg.loss.String()
		if !msg.force {
			from.Notice(transcript.NoticeWarn, fmt.Sprintf("/close: the worktree of %s cannot be removed: %s · commit or merge it, or /close --force", name, loss))
		}
	}
	id, branch := t.ID(), t.Place().Worktree.Branch
	from.OpenPicker(func(env dialogs.Env) dialogs.Dialog {
		return dialogs.NewCloseWorktreePicker(id, name, branch, loss, msg.force, env)
	})
	return nil
}

// closeWorktreeTab closes a worktree session as chosen, removing its worktree and
// branch in a Cmd when asked.
func (m *Model) closeWorktreeTab(a dialogs.CloseWorktreeSession) tea.Cmd {
	t := m.tabs.byID(a.ID)
	if t == nil {
		return nil
	}
	w := t.Place().Worktree
	cmd := m.closeTab(t)
	if !a.Remove || w == nil {
		return cmd
	}
	wt := worktree.Worktree{Repo: w.Repo, Path: w.Path, Branch: w.Branch, Base: w.Base}
	remove := func() tea.Msg {
		// Closing claude first: it must not be writing there while it goes.
		return worktreeRemoved{path: wt.Path, branch: wt.Branch, err: worktree.Remove(context.Background(), wt, a.Force)}
	}
	return tea.Sequence(cmd, remove)
}

// worktreeRemoved reports a worktree's removal.
type worktreeRemoved struct {
	path, branch string
	err          error
}

func (worktreeRemoved) workspace() {}

func (msg worktreeRemoved) handle(m *Model) tea.Cmd {
	if msg.err != nil {
		m.tabs.front.Notice(transcript.NoticeError, "the worktree was not removed: "+msg.err.Error())
		return nil
	}
	return m.setHint(fmt.Sprintf("removed worktree %s and branch %s", msg.path, msg.branch), hintFor)
}
