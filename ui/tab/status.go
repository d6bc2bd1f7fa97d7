package tab

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/transcript"
)

// What the workspace reads of a tab, and the little it sets: the session list, the
// side list, the title, the inbox, the process limit and saving read Status, never the
// tab's parts. Status is cheap (the workspace reads it after every update); LastLine
// walks the conversation, so it is read only where it is drawn.

// Status is a session's state, taken now.
type Status struct {
	Opened  bool          // it has been in front: its claude was started then
	Phase   session.Phase // where its claude is in its life
	Ended   string        // while Phase is PhaseExited: why, in the session list's words
	Running bool          // its claude runs
	// Up: its claude runs or is being started (the process limit counts it).
	Up          bool
	TurnRunning bool
	Waiting     int // decisions it waits on the user for
	// Idle: nothing of the user's or claude's is under way (queued prompts, a dialog,
	// a background task), so its claude may be stopped to save resources.
	Idle      bool
	Title     string
	SessionID string
	Model     string
	Mode      string
	CWD       string // claude's working folder, as it reported it
	AddedDirs []string
	Usage     session.Usage
	RSS       int64 // its claude's memory, as the workspace last measured it
	PID       int   // its claude's process on this machine (0: none, or on a host)
	Used      time.Time
}

// Status is the session's state now.
func (t *Tab) Status() Status {
	s := Status{
		Opened: t.opened, Phase: t.sess.Phase, Running: t.link.Running(), TurnRunning: t.turn.Running,
		Waiting: t.dialogs.Waiting(), Title: t.sess.Title, SessionID: t.sess.SessionID, Model: t.sess.Model,
		Mode: t.sess.Mode, CWD: t.sess.CWD, AddedDirs: t.sess.AddedDirs, Usage: t.sess.Usage,
		RSS: t.rss, Used: t.used,
	}
	if s.Phase == session.PhaseExited {
		s.Ended = t.sess.Ended
	}
	s.Up = s.Running || (t.opened && s.Phase == session.PhaseRestarting)
	s.Idle = s.Running && !s.TurnRunning && t.dialogs.Len() == 0 && s.Phase == session.PhaseReady &&
		len(t.turn.Prompts.Queued) == 0 && len(t.turn.Prompts.Held) == 0 && t.tasks.RunningCount() == 0
	if p, ok := t.link.Backend().(interface{ PID() int }); ok {
		s.PID = p.PID()
	}
	return s
}

// LastLine is the conversation's last line of output, for the session list.
func (t *Tab) LastLine() string { return t.conversation.LastLine() }

// ID is the workspace's name for the tab.
func (t *Tab) ID() int { return t.id }

// Place is where the tab's claude runs.
func (t *Tab) Place() Place { return t.place }

// Gen is the generation of the tab's claude (unique across tabs).
func (t *Tab) Gen() int { return t.link.Gen() }

// FirstDecision is the oldest decision the session waits on (the inbox shows it).
func (t *Tab) FirstDecision() (dialogs.Entry, bool) { return t.dialogs.FirstRequest() }

// TopDialog is the dialog on top of the session's queue: the one on screen while the
// tab is in front.
func (t *Tab) TopDialog() (dialogs.Dialog, bool) {
	if t.dialogs.Len() == 0 {
		return nil, false
	}
	return t.dialogs.At(0).Dialog, true
}

// LeaveInbox puts the decision the inbox showed back in the session's own numbering.
func (t *Tab) LeaveInbox() {
	if e, ok := t.dialogs.FirstRequest(); ok {
		if q, ok := e.Dialog.(dialogs.Queued); ok {
			q.SetOrigin("")
		}
	}
	t.dialogs.Renumber()
}

// Transcript is the view inline mode prints from.
func (t *Tab) Transcript() *transcript.View { return t.transcript }

// Touch marks the tab as just used: the process limit stops the least recently used.
func (t *Tab) Touch(now time.Time) { t.used = now }

// SetRSS records its claude's memory as the workspace measured it.
func (t *Tab) SetRSS(n int64) { t.rss = n }

// Restore gives a restored tab what was saved of it beside its place, where it has
// none of its own (the launch tab keeps a title it has).
func (t *Tab) Restore(title string, addDirs []string, used time.Time) {
	if t.sess.Title == "" {
		t.sess.Title = title
	}
	if addDirs != nil {
		t.sess.AddedDirs = addDirs
	}
	if !used.IsZero() {
		t.used = used
	}
}

// StopIdle stops the tab's claude to keep the workspace under limit running claude
// processes; its next prompt resumes the conversation.
func (t *Tab) StopIdle(limit int) tea.Cmd {
	cmd := t.link.Detach(nil)
	t.sess.End("stopped · resumes on your next prompt")
	t.notice(noticeInfo, fmt.Sprintf("claude stopped: at most %d sessions run at once · your next prompt resumes this conversation", limit))
	return cmd
}

// warmedMsg delivers the tab's replies rendered off the update loop.
type warmedMsg transcript.Warmed

func (msg warmedMsg) handle(t *Tab) tea.Cmd {
	t.transcript.ApplyWarm(transcript.Warmed(msg))
	return nil
}

// Warm renders, off the update loop, the replies that settled while the tab was
// behind, so that it draws at once when it comes in front; nil when none did.
func (t *Tab) Warm() tea.Cmd {
	work := t.transcript.Warm()
	if work == nil {
		return nil
	}
	return func() tea.Msg { return warmedMsg(work()) }
}
