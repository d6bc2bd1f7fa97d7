package ui

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/filehead"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

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

func remoteHarness(t *testing.T) (*harness, *fakeRemote) {
	remote := &fakeRemote{home: "/home/ci", dirs: map[string]bool{"/home/ci": true, "/srv/app": true},
		files: map[string]string{"/srv/app/main.go": "package main\n\nfunc old() {}\n"}}
	h := newHarness(t, func(o *Options) {
		o.RemoteHost = func(spec string) (RemoteHost, error) {
			if spec != "ci@build:2222" {
				return nil, errors.New("unexpected host " + spec)
			}
			return remote, nil
		}
	})
	h.ready()
	return h, remote
}

// /open --host starts the session's claude on that machine, in the folder found there;
// a folder that is not there is said, and nothing opens.
func TestOpenOnAnotherMachine(t *testing.T) {
	h, _ := remoteHarness(t)
	h.typeText("/open --host ci@build:2222 /srv/missing")
	h.keys("enter")
	if len(h.m.tabs.all) != 1 || !strings.Contains(flat(h.screen()), "does not exist on ci@build:2222") {
		t.Fatalf("a missing remote folder: %d tabs\n%s", len(h.m.tabs.all), h.screen())
	}
	h.typeText("/open --host ci@build:2222 /srv/app")
	h.keys("enter")
	if len(h.m.tabs.all) != 2 || len(h.starts) != 1 || h.starts[0].Host != "ci@build:2222" || h.starts[0].Dir != "/srv/app" {
		t.Fatalf("%d tabs, starts %+v", len(h.m.tabs.all), h.starts)
	}
	if name := h.m.tabs.name(h.m.tabs.front); name != "app @ build" {
		t.Fatalf("name %q, want the folder and the host", name)
	}
	h.typeText("/open --host ci@build:2222 ~")
	h.keys("enter")
	if len(h.starts) != 2 || h.starts[1].Dir != "/home/ci" {
		t.Fatalf("~ on the host: starts %+v", h.starts)
	}
}

// A permission dialog for a remote session previews the file as it is on that machine,
// never this machine's file of the same name.
func TestRemotePreviewReadsTheHostsFile(t *testing.T) {
	h, _ := remoteHarness(t)
	h.typeText("/open --host ci@build:2222 /srv/app")
	h.keys("enter")
	h.ready()
	h.events(process.PermissionRequest{Req: editReq("r-1", "tu-1", "/srv/app/main.go", "func old() {}", "func renamed() {}")})
	screen := h.screen()
	if !strings.Contains(screen, "old()") || !strings.Contains(screen, "renamed()") {
		t.Fatalf("the diff of the remote file is not shown:\n%s", screen)
	}
}

// A remote Write over a device or an Edit of a 600 MB file asks the host for no more
// than the preview can show, and says what the file is (before, the whole file was
// read over ssh: /dev/zero never ended).
func TestRemotePreviewReadsABoundedHead(t *testing.T) {
	h, remote := remoteHarness(t)
	remote.special = map[string]filehead.Kind{"/dev/zero": filehead.CharDevice}
	remote.huge = map[string]int64{"/srv/app/huge.sql": 600 << 20}
	h.typeText("/open --host ci@build:2222 /srv/app")
	h.keys("enter")
	h.ready()
	h.events(process.PermissionRequest{Req: writeReq("r-1", "tu-1", "/dev/zero", "x")})
	if screen := flat(h.screen()); !strings.Contains(screen, "it is a character device on") || !strings.Contains(screen, "ci@build:2222, not previewed") {
		t.Fatalf("the Write over a device:\n%s", h.screen())
	}
	h.advance(time.Second) // armed
	h.keys("esc")
	h.events(process.PermissionRequest{Req: editReq("r-2", "tu-2", "huge.sql", "old row", "new row")})
	if screen := flat(h.screen()); !strings.Contains(screen, "it is 600.0 MB, larger than 4") || !strings.Contains(screen, "+ new row") {
		t.Fatalf("the Edit of a 600 MB file:\n%s", h.screen())
	}
	for _, l := range remote.limits {
		if l != 4<<20 {
			t.Fatalf("ReadHead asked for %v: want 4 MiB each time", remote.limits)
		}
	}
}

// writeReq is a Write permission request.
func writeReq(id, toolUseID, path, content string) *protocol.CanUseTool {
	msg, err := protocol.Decode([]byte(`{"type":"control_request","request_id":"` + id + `","request":{"subtype":"can_use_tool","tool_name":"Write","input":{"file_path":"` + path + `","content":"` + content + `"},"tool_use_id":"` + toolUseID + `"}}`))
	if err != nil {
		panic(err)
	}
	return msg.(*protocol.CanUseTool)
}

// A dropped connection shows "disconnected", stops the claude left on the host, and
// resumes the conversation there after a wait; the draft stays.
func TestDisconnectedSessionReconnects(t *testing.T) {
	h, remote := remoteHarness(t)
	h.typeText("/open --host ci@build:2222 /srv/app")
	h.keys("enter")
	h.ready()
	h.msgs(systemInit())
	h.typeText("half typed")
	h.events(process.Exited{Code: 255, Disconnected: true, RemotePID: 4242, Err: &process.SSHError{Kind: process.SSHDisconnected}})
	if state, _ := tabState(h.m.tabs.front.Status()); !strings.Contains(state, "disconnected") {
		t.Fatalf("state %q", state)
	}
	// The session itself says so; it does not tell the user to restart claude by hand.
	if screen := flat(h.screen()); !strings.Contains(screen, "disconnected") || strings.Contains(screen, "press enter to restart") {
		t.Fatalf("the session should say it is disconnected and reconnecting:\n%s", h.screen())
	}
	if len(remote.killed) != 1 || remote.killed[0] != 4242 {
		t.Fatalf("killed %v: the claude left on the host must be stopped", remote.killed)
	}
	starts := len(h.starts)
	h.advance(time.Second)
	if len(h.starts) != starts+1 || h.starts[starts].Resume != "sess-1" || h.starts[starts].Host != "ci@build:2222" {
		t.Fatalf("starts %+v: want the conversation resumed on the host", h.starts)
	}
	if h.draft() != "half typed" {
		t.Fatalf("draft %q", h.draft())
	}
}

// editReq is an Edit permission request.
func editReq(id, toolUseID, path, old, new string) *protocol.CanUseTool {
	msg, err := protocol.Decode([]byte(`{"type":"control_request","request_id":"` + id + `","request":{"subtype":"can_use_tool","tool_name":"Edit","input":{"file_path":"` + path + `","old_string":"` + old + `","new_string":"` + new + `"},"tool_use_id":"` + toolUseID + `"}}`))
	if err != nil {
		panic(err)
	}
	return msg.(*protocol.CanUseTool)
}

// A remote session in a folder of the same name as a local one is told apart by its
// host; only two of the same name on the same host are numbered.
func TestRemoteTabNamedByHostNotNumbered(t *testing.T) {
	h, remote := remoteHarness(t)
	remote.dirs["/srv/project"] = true
	remote.dirs["/opt/project"] = true
	h.typeText("/open --host ci@build:2222 /srv/project")
	h.keys("enter")
	if name := h.m.tabs.name(h.m.tabs.front); name != "project @ build" {
		t.Fatalf("name %q, want the folder and the host without a number (the local one is %q)", name, h.m.tabs.name(h.m.tabs.all[0]))
	}
	h.typeText("/open --host ci@build:2222 /opt/project")
	h.keys("enter")
	if name := h.m.tabs.name(h.m.tabs.front); name != "project #2 @ build" {
		t.Fatalf("name %q, want the second on that host numbered", name)
	}
}
