package dialogs

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// fakeDialog records its place in the queue.
type fakeDialog struct {
	name       string
	pos, total int
}

func (d *fakeDialog) Init() tea.Cmd                    { return nil }
func (d *fakeDialog) Update(tea.Msg) (Action, tea.Cmd) { return nil, nil }
func (d *fakeDialog) View(int, int) string             { return d.name }
func (d *fakeDialog) RequestID() string                { return "" }
func (d *fakeDialog) SetQueue(pos, total int)          { d.pos, d.total = pos, total }
func (d *fakeDialog) SetOrigin(string)                 {}

func names(q *Queue) string {
	s := ""
	for _, d := range q.Dialogs() {
		s += d.(*fakeDialog).name
	}
	return s
}

// Requests queue in arrival order, a picker goes in front (one at a time), and a
// request withdrawn while its dialog was being built is never shown.
func TestQueueOrderAndWithdrawals(t *testing.T) {
	var q Queue
	a, b, c := &fakeDialog{name: "a"}, &fakeDialog{name: "b"}, &fakeDialog{name: "c"}
	q.Building("r1")
	q.Building("r2")
	q.Building("r3")
	if !q.Built(Entry{Dialog: a, RequestID: "r1"}) || !q.Built(Entry{Dialog: b, RequestID: "r2"}) {
		t.Fatal("built dialogs of pending requests must queue")
	}
	if q.Built(Entry{Dialog: a, RequestID: "r9"}) {
		t.Fatal("a dialog nobody waits for was queued")
	}
	if withdrawn, removed := q.Withdraw("r3"); !withdrawn || removed {
		t.Fatalf("withdrawing one being built: withdrawn %v removed %v", withdrawn, removed)
	}
	if q.Built(Entry{Dialog: c, RequestID: "r3"}) {
		t.Fatal("a withdrawn request's dialog was queued")
	}
	p1, p2 := &fakeDialog{name: "P"}, &fakeDialog{name: "Q"}
	q.OpenPicker(p1)
	q.OpenPicker(p2)
	if got := names(&q); got != "Qab" || !q.TopIsPicker() || q.Waiting() != 2 {
		t.Fatalf("queue %q picker on top %v waiting %d", got, q.TopIsPicker(), q.Waiting())
	}
	q.Renumber()
	if a.pos != 1 || b.pos != 2 || b.total != 2 || p2.pos != 0 {
		t.Fatalf("numbering: a %d/%d b %d/%d picker %d", a.pos, a.total, b.pos, b.total, p2.pos)
	}
	if withdrawn, removed := q.Withdraw("r1"); !withdrawn || !removed || names(&q) != "Qb" {
		t.Fatalf("withdrawing a queued one: %v %v %q", withdrawn, removed, names(&q))
	}
	if n := q.DropRequests(); n != 1 || names(&q) != "Q" {
		t.Fatalf("DropRequests = %d, left %q", n, names(&q))
	}
}
