package ui

import (
	"strconv"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/ui/tab"
	"github.com/gclaude/gclaude/ui/transcript"
)

// WorkspaceOptions say which workspace the program restores, where it saves it and
// how many claude processes it runs at most.
type WorkspaceOptions struct {
	// Restore are the sessions of the saved workspace; Launch is the one the launch tab
	// continues (-1: the launch tab is a session of its own, put first), Front the one
	// that was in front. The others come back as tabs whose claude starts when they
	// are first shown.
	Restore       []SavedTab
	Launch, Front int
	// Save receives the workspace whenever it changes; it must not block (a saver
	// writes in the background). The channel it returns gets the write's outcome (nil:
	// on disk), which the user is told of at once when it fails. Nil saves nothing.
	Save func(SavedWorkspace) <-chan error
	// MaxRunning limits running claude processes (0: DefaultMaxRunning).
	MaxRunning int
}

// SavedWorkspace is what a restart needs to bring every session back.
type SavedWorkspace struct {
	Tabs  []SavedTab
	Front int
}

// SavedTab is one session as saved: where it runs and the conversation it holds.
type SavedTab struct {
	Dir       string
	Host      string // the machine Dir is on; "" for this one
	Worktree  *TabWorktree
	SessionID string // the CLI's; "" before its first turn
	Title     string
	Model     string
	Mode      string
	AddDirs   []string
	LastUsed  time.Time
}

// TabWorktree is the git worktree a tab works in, as /open --worktree made it.
type TabWorktree = worktree.Worktree

// savedTab is t as saved.
func savedTab(t *tab.Tab) SavedTab {
	p, s := t.Place(), t.Status()
	return SavedTab{Dir: p.Dir, Host: p.Host, Worktree: p.Worktree, SessionID: s.SessionID, Title: s.Title,
		Model: s.Model, Mode: s.Mode, AddDirs: s.AddedDirs, LastUsed: s.Used}
}

// restoredPlace is where a saved tab runs again, continuing its conversation.
func restoredPlace(s SavedTab) tab.Place {
	return tab.Place{Dir: s.Dir, Host: s.Host, Worktree: s.Worktree, Model: s.Model, Mode: s.Mode, Resume: ResumeOptions{ID: s.SessionID}}
}

// restoreTabs puts the saved sessions back around the launch tab (New calls it).
func (m *Model) restoreTabs() {
	w := m.opts.Workspace
	if len(w.Restore) == 0 {
		return
	}
	launch := m.tabs.front
	all := make([]*tab.Tab, 0, len(w.Restore)+1)
	if w.Launch < 0 {
		all = append(all, launch)
	}
	var front *tab.Tab
	for i, s := range w.Restore {
		t := launch
		if i != w.Launch {
			t = m.newTab(restoredPlace(s), newLinkFor(m.opts.Start))
			t.Restore(s.Title, s.AddDirs, s.LastUsed)
		} else {
			t.Restore(s.Title, nil, time.Time{})
		}
		if i == w.Front {
			front = t
		}
		all = append(all, t)
	}
	m.tabs.all = all
	m.restoreFront = front
	m.saved = m.fingerprint(nil)
}

// workspaceChanged saves the workspace when what a restart needs has changed (after
// every update); its Cmd reports how the write went.
func (m *Model) workspaceChanged() tea.Cmd {
	if m.opts.Workspace.Save == nil {
		return nil
	}
	fp := m.fingerprint(m.savedBuf[:0])
	m.savedBuf = fp
	if string(fp) == string(m.saved) {
		return nil
	}
	m.saved = append(m.saved[:0], fp...)
	w := SavedWorkspace{Front: m.tabs.index(m.tabs.front)}
	if len(m.tabs.all) > 1 { // one session is not a workspace: nothing is restored
		for _, t := range m.tabs.all {
			w.Tabs = append(w.Tabs, savedTab(t))
		}
	}
	done := m.opts.Workspace.Save(w)
	if done == nil {
		return nil
	}
	return func() tea.Msg { return workspaceSaved{err: <-done} }
}

// saveRetryAfter is how long a workspace that could not be saved waits before it is
// written again, unless it changes before.
const saveRetryAfter = 15 * time.Second

// workspaceSaved is how a write of the workspace went.
type workspaceSaved struct{ err error }

func (workspaceSaved) workspace() {}

// handle tells the user at once, in the session in front, that the workspace cannot
// be saved (a crash now would lose it), and once that it is saved again; while it
// fails it is written again now and then.
func (msg workspaceSaved) handle(m *Model) tea.Cmd {
	if msg.err == nil {
		if m.saveFailing {
			m.saveFailing = false
			m.tabs.front.Notice(transcript.NoticeInfo, "the workspace is saved again")
		}
		return nil
	}
	if !m.saveFailing {
		m.saveFailing = true
		m.tabs.front.Notice(transcript.NoticeError, "the workspace cannot be saved ("+msg.err.Error()+"): if gclaude or the machine stops now, its sessions do not come back · gclaude keeps trying")
	}
	return m.after(saveRetryAfter, func(time.Time) tea.Msg { return saveRetry{} })
}

// saveRetry writes the workspace again after a failed save.
type saveRetry struct{}

func (saveRetry) workspace() {}

func (saveRetry) handle(m *Model) tea.Cmd {
	if m.saveFailing {
		m.saved = m.saved[:0] // whatever it holds now differs: the update's end writes it
	}
	return nil
}

// fingerprint appends to buf what a saved workspace holds, to see whether it changed
// without building it on every Update.
func (m *Model) fingerprint(buf []byte) []byte {
	buf = strconv.AppendInt(buf, int64(m.tabs.index(m.tabs.front)), 10)
	for _, t := range m.tabs.all {
		s := t.Status()
		buf = strconv.AppendInt(append(buf, 0), int64(t.ID()), 10)
		buf = append(append(buf, 0), s.SessionID...)
		buf = append(append(buf, 0), t.Place().Host...)
		buf = append(append(buf, 0), s.Title...)
		buf = append(append(buf, 0), s.Model...)
		buf = append(append(buf, 0), s.Mode...)
		buf = strconv.AppendInt(append(buf, 0), int64(len(s.AddedDirs)), 10)
	}
	return buf
}
