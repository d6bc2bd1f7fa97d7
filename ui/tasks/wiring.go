package tasks

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Where the pane goes: on a wide terminal it is a side pane right of the transcript,
// shown while there are tasks or while it has focus; on a narrow one it is drawn in
// place of the transcript, while it has focus.

// Side reports whether the pane is drawn right of the transcript at this width.
func (p *Pane) Side(width int) bool { return Wide(width) && (p.focused || p.store.Len() > 0) }

// Covers reports whether the pane is drawn in place of the transcript at this width.
func (p *Pane) Covers(width int) bool { return !Wide(width) && p.focused }

// LeftWidth is what the side pane leaves of the terminal's width for the transcript.
func (p *Pane) LeftWidth(width int) int {
	if p.Side(width) {
		return max(width-p.PreferredWidth(width), 1)
	}
	return width
}

// Frame draws the pane with the transcript area (left, LeftWidth wide and rows high):
// beside it, over it, or not at all.
func (p *Pane) Frame(left string, width, rows int) string {
	switch {
	case p.Covers(width):
		return p.Overlay(width, rows)
	case p.Side(width):
		lw := p.LeftWidth(width)
		return Beside(left, lw, p.View(width-lw, rows))
	}
	return left
}

// Wheel scrolls the open task by lines when the wheel turns over the pane: anywhere
// over the overlay, right of the transcript beside it. false leaves the wheel to the
// transcript.
func (p *Pane) Wheel(msg tea.MouseWheelMsg, width, lines int) bool {
	if !p.Covers(width) && !(p.Side(width) && msg.X >= p.LeftWidth(width)) {
		return false
	}
	switch msg.Button {
	case tea.MouseWheelUp:
		p.ScrollOpen(-lines)
	case tea.MouseWheelDown:
		p.ScrollOpen(lines)
	}
	return true
}

// Attach makes tr the main conversation (a new one comes with each conversation): the
// pane draws subagents from it, and its Agent calls show the store's status on the
// store's clock, so the elapsed times of the calls and of the pane's tasks agree.
func (p *Pane) Attach(tr *transcript.Conversation) {
	p.tr = tr
	p.view.Show(tr) // lets go of the last conversation's subagents
	tr.SetClock(p.store.Now)
	tr.SetTaskStatusFunc(p.store.AgentStatus)
}

// SessionEnded settles every task and Agent call still running: the CLI is gone and
// will report nothing more.
func (p *Pane) SessionEnded() {
	p.store.SessionEnded()
	p.tr.SessionEnded()
	p.tr.RefreshTaskStatus()
}

// StopRefused takes back the stopping mark of a task whose stop_task failed and says
// so; the task runs on.
func (p *Pane) StopRefused(taskID string, err error) string {
	p.store.SetStopping(taskID, false)
	p.tr.RefreshTaskStatus()
	what := "the task"
	if t, ok := p.store.Task(taskID); ok && t.Description != "" {
		what = "“" + render.Sanitize(t.Description) + "”"
	}
	return "could not stop " + what + ": " + render.Sanitize(err.Error())
}

// AgentStatus is the line an Agent call in the transcript shows about its task. A
// foreground task that finished is described by the call's own result; a background
// one's result only said it was launched, so its line stays.
func (s *Store) AgentStatus(toolUseID string) string {
	t, ok := s.ByToolUseID(toolUseID)
	if !ok || (!t.Running() && !t.Backgrounded) {
		return ""
	}
	return s.StatusLine(toolUseID)
}

// Announce says which background task finished and how. When a task finishes while
// the session is idle the CLI starts a turn by itself (its result has origin.kind
// "task-notification"), so the line is returned to show now, right before that turn;
// one that finishes during a turn is kept until TurnEnded.
func (s *Store) Announce(n *protocol.TaskNotification, turnRunning bool) (now string) {
	text := s.FinishedText(n)
	if turnRunning {
		s.finished = append(s.finished, text)
		return ""
	}
	return text
}

// TurnEnded returns the announcements kept while the turn ran, once it no longer
// runs (a result with turns queued behind it does not end it).
func (s *Store) TurnEnded(stillRunning bool) []string {
	if stillRunning {
		return nil
	}
	out := s.finished
	s.finished = nil
	return out
}

// KeyFate is what becomes of a key the focused pane did not take.
type KeyFate int

const (
	KeyKept     KeyFate = iota // swallowed: arrows the pane does not use, function keys
	KeyGlobal                  // on to the global bindings (mode, model)
	KeyHelp                    // opens the help screen
	KeyToPrompt                // typing meant for the prompt: it gets the focus and the key
)

// UnhandledKey says where a key the focused pane did not take goes, rather than lose
// what the user typed.
func UnhandledKey(keys keymap.KeyMap, msg tea.KeyPressMsg) KeyFate {
	g := keys.Global
	switch {
	case key.Matches(msg, g.CycleMode, g.ModelPick):
		return KeyGlobal
	case key.Matches(msg, g.Help):
		return KeyHelp
	case input.IsTypedText(msg):
		return KeyToPrompt
	}
	return KeyKept
}

// HelpKeys are the bottom line's keys while the pane has focus (the pane shows its
// own).
func HelpKeys(keys keymap.KeyMap) [][2]string {
	g := keys.Global
	return [][2]string{{g.ToggleTask.Help().Key, "back"}, {g.CycleMode.Help().Key, g.CycleMode.Help().Desc}, {g.Help.Help().Key, g.Help.Help().Desc}}
}
