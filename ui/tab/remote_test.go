package tab

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/filehead"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/session"
)

// A session on another machine: what it reads there goes over the workspace's
// connection to that host; when the connection drops, the session reconnects on its
// own (reconnect.go).

// fakeRemote is a machine reached over ssh: a home, folders, files, and a record of
// what was run and killed.
type fakeRemote struct {
	mu    sync.Mutex
	home  string
	dirs  map[string]bool
	files map[string]string
	// special are what is neither a file nor missing: FIFOs, devices, folders.
	special map[string]filehead.Kind
	huge    map[string]int64 // sizes of files too big to hold here
	limits  []int            // the bounds ReadHead was asked for
	ran     []string
	killed  []int
}

func (r *fakeRemote) Run(_ context.Context, dir string, argv ...string) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ran = append(r.ran, dir+": "+strings.Join(argv, " "))
	if dir != "" && !r.dirs[dir] {
		return nil, &process.SSHError{Kind: process.SSHNoFolder, Dir: dir}
	}
	if argv[0] == "pwd" {
		if dir == "" {
			return []byte(r.home + "\n"), nil
		}
		return []byte(dir + "\n"), nil
	}
	return []byte("a.go\nb.go\n"), nil
}

func (r *fakeRemote) ReadHead(_ context.Context, path string, limit int) (filehead.Head, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.limits = append(r.limits, limit)
	if kind, ok := r.special[path]; ok {
		return filehead.Head{Kind: kind}, nil
	}
	if size, ok := r.huge[path]; ok {
		return filehead.Head{Kind: filehead.Regular, Size: size}, nil
	}
	text, ok := r.files[path]
	if !ok {
		return filehead.Head{Kind: filehead.Missing}, nil
	}
	if len(text) > limit {
		return filehead.Head{Kind: filehead.Regular, Size: int64(len(text))}, nil
	}
	return filehead.Head{Kind: filehead.Regular, Size: int64(len(text)), Data: []byte(text)}, nil
}

func (r *fakeRemote) Kill(_ context.Context, pid int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.killed = append(r.killed, pid)
	return nil
}

// remoteHarness is a tab whose claude runs on ci@build:2222 in /srv/app.
func remoteHarness(t *testing.T) (*harness, *fakeRemote) {
	t.Helper()
	remote := &fakeRemote{home: "/home/ci", dirs: map[string]bool{"/home/ci": true, "/srv/app": true},
		files: map[string]string{"/srv/app/main.go": "package main\n\nfunc old() {}\n"}}
	h := newHarness(t, func(o *launchOptions) {
		o.Host, o.CWD = "ci@build:2222", "/srv/app"
		o.Remote = func(spec string) (RemoteHost, error) {
			if spec != "ci@build:2222" {
				return nil, errors.New("unexpected host " + spec)
			}
			return remote, nil
		}
	})
	return h, remote
}

// reconnectHarness is remoteHarness ready, with the waits asked before each reconnect
// try recorded.
func reconnectHarness(t *testing.T) (*harness, *fakeRemote, *[]time.Duration) {
	t.Helper()
	var waits []time.Duration
	h, remote := remoteHarness(t)
	inner := h.tab.env.After
	h.tab.env.After = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		if _, ok := fn(time.Time{}).(reconnectDue); ok {
			waits = append(waits, d)
		}
		return inner(d, fn)
	}
	h.ready()
	h.msgs(systemInit())
	return h, remote, &waits
}

// listState is what the session list says of a session's state: why it is not
// running, or "idle".
func listState(s Status) (string, bool) {
	if s.Phase == session.PhaseExited {
		return s.Ended, false
	}
	if s.Phase == session.PhaseReady && !s.TurnRunning {
		return "idle", false
	}
	return "", false
}

// @ completion on a host asks for no more paths than it shows: the limit goes to the
// host (head -n), so a huge repository's listing does not cross the connection whole.
func TestRemoteListingIsBoundedOnTheHost(t *testing.T) {
	h, remote := remoteHarness(t)
	h.ready()
	list := h.tab.remoteLister("/srv/app")
	if _, err := list(context.Background(), 500); err != nil {
		t.Fatal(err)
	}
	last := remote.ran[len(remote.ran)-1]
	if !strings.Contains(last, `head -n "$1" sh 501`) {
		t.Fatalf("ran %q; want the listing cut at 501 lines on the host", last)
	}
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
		state, _ := listState(h.tab.Status())
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
	if state, _ := listState(h.tab.Status()); state != "idle" {
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
	if state, _ := listState(h.tab.Status()); !strings.Contains(state, "FATAL: heap out of memory") {
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
	if state, _ := listState(h.tab.Status()); strings.Contains(state, "try") {
		t.Fatalf("state %q", state)
	}
}
