package ui

import (
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
)

// reconnectHarness is remoteHarness with a remote session open and ready, and the
// waits asked before each reconnect try recorded.
func reconnectHarness(t *testing.T) (*harness, *fakeRemote, *[]time.Duration) {
	t.Helper()
	var waits []time.Duration
	h, remote := remoteHarness(t)
	inner := h.m.opts.After
	h.m.opts.After = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		if _, ok := fn(time.Time{}).(reconnectDue); ok {
			waits = append(waits, d)
		}
		return inner(d, fn)
	}
	h.typeText("/open --host ci@build:2222 /srv/app")
	h.keys("enter")
	h.ready()
	h.msgs(systemInit())
	return h, remote, &waits
}

func secondsOf(ds []time.Duration) []int {
	out := make([]int, len(ds))
	for i, d := range ds {
		out[i] = int(d / time.Second)
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

var dropped = process.Exited{Code: 255, Disconnected: true, RemotePID: 4242, Err: &process.SSHError{Host: "ci@build:2222", Kind: process.SSHDisconnected}}

// sshd gone for minutes: every try that cannot reach the host is one more failure,
// and the tries go on at 1, 2, 5, 10, then every 30 s, the state naming the next try;
// when sshd is back, the session is. (Before, the first refused try ended it.)
func TestReconnectKeepsTryingWhileTheHostIsDown(t *testing.T) {
	h, _, waits := reconnectHarness(t)
	h.typeText("half typed")
	h.events(dropped)
	if !strings.Contains(flat(h.screen()), "disconnected: the connection to ci@build:2222 was lost · reconnecting in 1s (try 1)") {
		t.Fatalf("the drop should be said in the transcript:\n%s", h.screen())
	}
	refused := process.Exited{Code: 255, Err: &process.SSHError{Host: "ci@build:2222", Kind: process.SSHRefused, Detail: "ssh: connect to host build port 2222: Connection refused"}}
	for try := 1; try <= 7; try++ {
		if len(*waits) != try {
			t.Fatalf("try %d: waits %v; want one more try scheduled\n%s", try, secondsOf(*waits), h.screen())
		}
		state, _ := tabState(h.m.tabs.front)
		next := h.now.Add((*waits)[try-1]).Format("15:04:05")
		if want := "try " + strconv.Itoa(try) + " at " + next; !strings.Contains(state, want) {
			t.Fatalf("try %d: state %q, want %q", try, state, want)
		}
		if status := flat(h.screen()); !strings.Contains(status, "disconnected · try "+strconv.Itoa(try)) || strings.Contains(status, "press enter to restart") {
			t.Fatalf("try %d: the screen should say when the next try is:\n%s", try, h.screen())
		}
		starts := len(h.starts)
		h.advance((*waits)[try-1])
		if len(h.starts) != starts+1 || h.starts[starts].Resume != "sess-1" {
			t.Fatalf("try %d: starts %+v; want the conversation resumed", try, h.starts[starts:])
		}
		if try < 7 {
			h.events(refused)
		}
	}
	if got, want := secondsOf(*waits), []int{1, 2, 5, 10, 30, 30, 30}; !equalInts(got, want) {
		t.Fatalf("waits %v s, want %v", got, want)
	}
	if n := strings.Count(flat(h.screen()), "Connection refused"); n != 1 {
		t.Errorf("the same failure is said %d times; want once", n)
	}
	if strings.Contains(flat(h.screen()), "restarting claude") {
		t.Errorf("each try adds a notice:\n%s", h.screen())
	}
	h.ready()
	if state, _ := tabState(h.m.tabs.front); state != "idle" {
		t.Fatalf("back: state %q", state)
	}
	if h.draft() != "half typed" {
		t.Fatalf("draft %q", h.draft())
	}
}

// A remote claude that dies 2 s after answering initialize, again and again, is
// restarted after 1, 2, 5, 10, then 30 s, and the state says why: its stderr's last
// line. (Before, it was restarted every second, forever.)
func TestAClaudeThatKeepsDyingBacksOff(t *testing.T) {
	h, _, waits := reconnectHarness(t)
	dies := dropped
	dies.Stderr = []string{"starting", "FATAL: heap out of memory"}
	for range 6 {
		h.now = h.now.Add(2 * time.Second)
		h.events(dies)
		h.advance((*waits)[len(*waits)-1])
		h.ready()
	}
	if got, want := secondsOf(*waits), []int{1, 2, 5, 10, 30, 30}; !equalInts(got, want) {
		t.Fatalf("waits %v s, want %v", got, want)
	}
	h.now = h.now.Add(2 * time.Second)
	h.events(dies)
	if state, _ := tabState(h.m.tabs.front); !strings.Contains(state, "FATAL: heap out of memory") {
		t.Fatalf("state %q; want the reason claude died", state)
	}
	// Up for a minute, then lost: a new outage, from the first wait.
	h.advance((*waits)[len(*waits)-1])
	h.ready()
	h.now = h.now.Add(stableUptime)
	h.events(dropped)
	if last := (*waits)[len(*waits)-1]; last != time.Second {
		t.Fatalf("after a minute up, the first wait is %v; want 1s", last)
	}
}

// What waiting cannot fix ends the tries, with the reason: a changed host key.
func TestReconnectStopsOnWhatWaitingCannotFix(t *testing.T) {
	h, _, waits := reconnectHarness(t)
	h.events(dropped)
	h.advance((*waits)[0])
	h.events(process.Exited{Code: 255, Err: &process.SSHError{Host: "ci@build:2222", Kind: process.SSHHostKeyChanged}})
	if len(*waits) != 1 {
		t.Fatalf("waits %v: no try may follow a changed host key", secondsOf(*waits))
	}
	screen := flat(h.screen())
	if !strings.Contains(screen, "claude is not running") {
		t.Fatalf("the session should say it has stopped:\n%s", h.screen())
	}
	if state, _ := tabState(h.m.tabs.front); strings.Contains(state, "try") {
		t.Fatalf("state %q", state)
	}
}
