package playback

import "testing"

func TestTrackerEcho(t *testing.T) {
	var tr Tracker
	steps := []struct{ echo, want string }{
		{"A", "A"},
		{"A\nB", "B"},    // merged with the one queued after it
		{"A\nB\nC", "C"}, // and again
		{"D", "D"},
	}
	for _, s := range steps {
		if got := tr.Echo(s.echo); got != s.want {
			t.Errorf("Echo(%q) = %q, want %q", s.echo, got, s.want)
		}
	}
	tr.AnswerBegan()
	if got := tr.Echo("D\nE"); got != "D\nE" {
		t.Errorf("after an answer, Echo = %q, want the whole prompt", got)
	}
}

func TestTrackerSettles(t *testing.T) {
	var tr Tracker
	tr.Shown("", Pending{RequestID: "r0"}) // no tool_use_id: nothing to settle by
	tr.Shown("t1", Pending{RequestID: "r1", Tool: "Bash"})
	tr.Shown("t2", Pending{RequestID: "r2", Tool: "Write"})
	tr.Shown("t3", Pending{RequestID: "r3", Tool: "Edit"})
	tr.Withdrawn("r2")
	if p, ok := tr.Settle("t1"); !ok || p.Tool != "Bash" {
		t.Errorf("Settle(t1) = %+v, %v", p, ok)
	}
	if _, ok := tr.Settle("t1"); ok {
		t.Error("t1 settled twice")
	}
	if _, ok := tr.Settle("t2"); ok {
		t.Error("a withdrawn request settled")
	}
	if all := tr.SettleAll(); len(all) != 1 || all[0].RequestID != "r3" {
		t.Errorf("SettleAll = %+v, want r3 only", all)
	}
}
