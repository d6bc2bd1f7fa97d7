package tasks

import (
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Action is what a key in the pane asks the root to do.
type Action interface{ taskAction() }

// StopTask asks the root to send stop_task (protocol.StopTask{TaskID}). The
// user has confirmed it; the pane has marked the task as stopping.
type StopTask struct{ TaskID string }

// Close asks the root to close the overlay, or to take the focus away from
// the side pane.
type Close struct{}

func (StopTask) taskAction() {}
func (Close) taskAction()    {}

// Pane is the task pane: the list of tasks and the transcripts of the ones
// the user opened. The zero value is not usable; call NewPane.
type Pane struct {
	store   *Store
	tr      *transcript.Conversation // the main conversation, which holds the subagents'
	view    *transcript.View         // shows the active subagent's conversation
	theme   *themes.Ref              // read at render time: a theme switch reaches the pane
	keys    keymap.KeyMap
	focused bool

	selected   string   // task id under the cursor; "" picks a default
	open       []string // ids of the open tasks, in the order they were opened
	active     int      // index into open of the task keys act on
	confirming string   // the task whose stop waits for y or n
	listTop    int      // index of the first task shown when the list scrolls
}

// NewPane returns a pane over store. tr is the main conversation: the pane
// draws a subagent's messages from tr.SubTranscript, with one View that shows
// each open task's in turn (each keeps its own scroll position).
func NewPane(store *Store, tr *transcript.Conversation, theme *themes.Ref, keys keymap.KeyMap) *Pane {
	return &Pane{store: store, tr: tr, view: transcript.NewView(theme.Get(), keys, tr), theme: theme, keys: keys}
}

// SetFocused says whether keys go to the pane; the cursor and the key hint
// show only then. The overlay is always drawn as focused.
func (p *Pane) SetFocused(focused bool) { p.focused = focused }

// Focused reports whether the pane has focus.
func (p *Pane) Focused() bool { return p.focused }

// Reset closes every open task and forgets the selection (a new
// conversation; reset the store too).
func (p *Pane) Reset() {
	p.selected, p.open, p.active, p.confirming, p.listTop = "", nil, 0, "", 0
}

// Live reports whether the pane changes with time: keep ticking while true.
func (p *Pane) Live() bool { return p.store.Live() }

// Selected is the id of the task under the cursor ("" when there are none).
func (p *Pane) Selected() string {
	tasks := p.store.Tasks()
	if i := p.selIndex(tasks); i >= 0 {
		return tasks[i].ID
	}
	return ""
}

// Confirming is the id of the task whose stop waits for y/n, or "".
func (p *Pane) Confirming() string { return p.confirming }

// OpenTasks are the ids of the open tasks, in the order they were opened.
func (p *Pane) OpenTasks() []string { return append([]string(nil), p.open...) }

// Active is the id of the open task that scrolls and that ] moves from, or
// "" when none is open.
func (p *Pane) Active() string {
	if p.active < len(p.open) {
		return p.open[p.active]
	}
	return ""
}

// Open shows a task's transcript (or makes it the active one if it is
// open) and selects it. False for an unknown task.
func (p *Pane) Open(taskID string) bool {
	if _, ok := p.store.Task(taskID); !ok {
		return false
	}
	p.selected = taskID
	for i, id := range p.open {
		if id == taskID {
			p.active = i
			return true
		}
	}
	p.open = append(p.open, taskID)
	p.active = len(p.open) - 1
	return true
}

// OpenToolUse opens the task started by an Agent call, for the
// transcript's transcript.OpenTaskMsg. False when that call started no task.
func (p *Pane) OpenToolUse(toolUseID string) bool {
	t, ok := p.store.ByToolUseID(toolUseID)
	return ok && p.Open(t.ID)
}

// CloseTask closes an open task's transcript.
func (p *Pane) CloseTask(taskID string) {
	for i, id := range p.open {
		if id == taskID {
			p.open = append(p.open[:i], p.open[i+1:]...)
			if p.active > i || p.active >= len(p.open) {
				p.active = max(p.active-1, 0)
			}
			return
		}
	}
}

// ScrollOpen scrolls the active open transcript by n lines (negative: up).
func (p *Pane) ScrollOpen(n int) {
	if sub := p.OpenView(); sub != nil {
		sub.ScrollLines(n)
	}
}

// OpenView is the view of the open task keys act on, nil when that task has no
// subagent transcript.
func (p *Pane) OpenView() *transcript.View {
	t, ok := p.store.Task(p.Active())
	if !ok {
		return nil
	}
	return p.subTranscript(t)
}

// selIndex is the index of the selected task in tasks: the one chosen, or
// else the latest running task, or else the latest; -1 when there are none.
func (p *Pane) selIndex(tasks []Task) int {
	last := -1
	for i, t := range tasks {
		if t.ID == p.selected {
			return i
		}
		if t.Running() {
			last = i
		}
	}
	if last < 0 {
		last = len(tasks) - 1
	}
	return last
}

// move moves the cursor by d tasks, stopping at the ends.
func (p *Pane) move(d int) {
	tasks := p.store.Tasks()
	if len(tasks) == 0 {
		return
	}
	i := min(max(p.selIndex(tasks)+d, 0), len(tasks)-1)
	p.selected = tasks[i].ID
}
