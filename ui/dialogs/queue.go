package dialogs

import (
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// Entry is a dialog waiting to be shown or on screen.
type Entry struct {
	Dialog    Dialog
	RequestID string // the request it answers; "" for pickers
	ToolUseID string
	Since     time.Time            // when the request arrived: the inbox shows the oldest first
	Request   *protocol.CanUseTool // the request it answers (nil for pickers)
	// Gate is a question asked before claude starts (folder trust, a new MCP server):
	// not a request, and not a picker that another picker or a switch of session closes.
	Gate bool
}

// Queue holds the dialogs a session shows, one at a time. The first is on screen and
// gets every key (the workspace arms it each time it comes in front of the user); requests queue in arrival order, pickers the user opens go in front
// of them (one picker at a time). A request's dialog is built in a Cmd (it may read a
// file); Queue remembers it is being built, so that a request withdrawn meanwhile is
// not shown when its dialog arrives.
type Queue struct {
	entries  []Entry
	building map[string]bool // request ids whose dialog is being built
}

// Len is how many dialogs are open or queued.
func (q *Queue) Len() int { return len(q.entries) }

// At is the entry at i; 0 is on screen.
func (q *Queue) At(i int) Entry { return q.entries[i] }

// TopIsPicker reports whether the dialog on screen is a picker.
func (q *Queue) TopIsPicker() bool {
	return len(q.entries) > 0 && q.entries[0].RequestID == "" && !q.entries[0].Gate
}

// Dialogs are the open and queued dialogs, in order, as a copy (a dialog's action may
// change the queue while they are walked).
func (q *Queue) Dialogs() []Dialog {
	all := make([]Dialog, len(q.entries))
	for i, e := range q.entries {
		all[i] = e.Dialog
	}
	return all
}

// Index is where d is in the queue, -1 when it is not (any more).
func (q *Queue) Index(d Dialog) int {
	for i, e := range q.entries {
		if e.Dialog == d {
			return i
		}
	}
	return -1
}

// Waiting is how many dialogs wait for a decision (permission, plan, question).
func (q *Queue) Waiting() int {
	n := 0
	for _, e := range q.entries {
		if e.RequestID != "" {
			n++
		}
	}
	return n
}

// FirstRequest is the request dialog asked first; ok is false when none waits.
func (q *Queue) FirstRequest() (e Entry, ok bool) {
	for _, e := range q.entries {
		if e.RequestID != "" {
			return e, true
		}
	}
	return Entry{}, false
}

// DropPickers closes the pickers (their session went to the background) and reports
// whether one was open.
func (q *Queue) DropPickers() bool {
	kept := q.entries[:0]
	for _, e := range q.entries {
		if e.RequestID != "" || e.Gate {
			kept = append(kept, e)
		}
	}
	dropped := len(kept) < len(q.entries)
	q.entries = kept
	return dropped
}

// Building notes that the dialog of requestID is being built.
func (q *Queue) Building(requestID string) {
	if q.building == nil {
		q.building = map[string]bool{}
	}
	q.building[requestID] = true
}

// Built queues a request's built dialog at the end, unless its request was withdrawn
// meanwhile (then ok is false).
func (q *Queue) Built(e Entry) (ok bool) {
	if !q.building[e.RequestID] {
		return false
	}
	delete(q.building, e.RequestID)
	q.entries = append(q.entries, e)
	return true
}

// OpenPicker puts a picker in front, in place of a picker on screen.
func (q *Queue) OpenPicker(d Dialog) {
	if q.TopIsPicker() {
		q.entries = q.entries[1:]
	}
	q.entries = append([]Entry{{Dialog: d}}, q.entries...)
}

// OpenGate puts a question asked before claude starts in front of everything: until
// it is answered, nothing of the folder runs.
func (q *Queue) OpenGate(d Dialog) {
	q.entries = append([]Entry{{Dialog: d, Gate: true}}, q.entries...)
}

// Remove takes the entry at i out of the queue.
func (q *Queue) Remove(i int) {
	q.entries = append(q.entries[:i:i], q.entries[i+1:]...)
}

// Withdraw drops a request's dialog, built or being built. withdrawn reports whether
// there was one; removed, whether it was in the queue (which then changed).
func (q *Queue) Withdraw(requestID string) (withdrawn, removed bool) {
	withdrawn = q.building[requestID]
	delete(q.building, requestID)
	for i, e := range q.entries {
		if e.RequestID == requestID {
			q.Remove(i)
			return true, true
		}
	}
	return withdrawn, false
}

// DropRequests closes every request's dialog, built or being built (the session that
// asked is gone), keeps the pickers and reports how many there were.
func (q *Queue) DropRequests() int {
	n := len(q.building)
	clear(q.building)
	kept := q.entries[:0]
	for _, e := range q.entries {
		if e.RequestID != "" {
			n++
			continue
		}
		kept = append(kept, e)
	}
	q.entries = kept
	return n
}

// Renumber tells each request's dialog its place among them ("1 of 3").
func (q *Queue) Renumber() {
	total, pos := q.Waiting(), 0
	for _, e := range q.entries {
		if e.RequestID == "" {
			continue
		}
		pos++
		if qd, ok := e.Dialog.(Queued); ok {
			qd.SetQueue(pos, total)
		}
	}
}
