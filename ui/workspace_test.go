package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tab"
)

// openTab runs /open dir and returns the new tab, now in front, with its claude ready.
func (h *harness) openTab(dir string) *tab.Tab {
	h.t.Helper()
	before := len(h.m.tabs.all)
	h.typeText("/open " + dir)
	h.keys("enter")
	if len(h.m.tabs.all) != before+1 {
		h.t.Fatalf("/open %s: %d tabs, want %d\n%s", dir, len(h.m.tabs.all), before+1, h.screen())
	}
	t := h.m.tabs.front
	if t != h.m.tabs.all[before] {
		h.t.Fatalf("the new tab is not in front")
	}
	h.ready()
	return t
}

// flat is a screen's words on one line (notices wrap).
func flat(screen string) string { return strings.Join(strings.Fields(screen), " ") }

// eventsFor injects events into tab t's claude, as its reader would deliver them.
func (h *harness) eventsFor(t *tab.Tab, evs ...process.Event) {
	h.send(tabMsg{id: t.ID(), msg: session.Events{Gen: t.Gen(), Events: evs}})
}

func TestOpenStartsASessionInTheFolder(t *testing.T) {
	h := newHarness(t)
	h.ready()
	dir := t.TempDir()
	second := h.openTab(dir)
	if second.Place().Dir != dir || len(h.starts) != 1 || h.starts[0].Dir != dir {
		t.Fatalf("place %q, starts %+v: want claude started in %s", second.Place().Dir, h.starts, dir)
	}
	h.typeText("/open " + filepath.Join(dir, "missing"))
	h.keys("enter")
	if len(h.m.tabs.all) != 2 || !strings.Contains(flat(h.screen()), "does not exist") {
		t.Fatalf("/open of a missing folder: %d tabs\n%s", len(h.m.tabs.all), h.screen())
	}
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	h.typeText("/open " + file)
	h.keys("enter")
	if len(h.m.tabs.all) != 2 || !strings.Contains(flat(h.screen()), "is not a folder") {
		t.Fatalf("/open of a file: %d tabs\n%s", len(h.m.tabs.all), h.screen())
	}
}

// A decision of a session in the background never takes the keyboard: the draft in
// front stays, the title counts it, and the inbox answers it in its own session.
func TestBackgroundDecisionGoesToTheInbox(t *testing.T) {
	h := newHarness(t)
	h.ready()
	first, firstBackend := h.m.tabs.front, h.b
	second := h.openTab(t.TempDir())
	secondBackend := h.b
	h.send(keyMsg("alt+,")) // back to the first
	if h.m.tabs.front != first {
		t.Fatalf("alt+, did not bring the first session back")
	}
	h.typeText("half a thought")
	h.eventsFor(second, process.PermissionRequest{Req: bashRequest("req-9", "toolu_9")})
	h.typeText(" and more")
	if h.draft() != "half a thought and more" || h.m.tabs.front != first {
		t.Fatalf("draft %q, front %d: the background decision took the keyboard", h.draft(), h.m.tabs.front.ID())
	}
	if title := h.m.windowTitle(); !strings.HasPrefix(title, "[1 waiting]") {
		t.Fatalf("title %q, want [1 waiting]", title)
	}
	h.send(keyMsg("alt+i"))
	screen := h.screen()
	if !h.m.inbox.open || !strings.Contains(screen, "touch x") || !strings.Contains(screen, h.m.tabs.name(second)) {
		t.Fatalf("the inbox does not show the decision with its session's name:\n%s", screen)
	}
	h.keys("1") // still arming: nothing is answered
	if len(secondBackend.responds) != 0 {
		t.Fatalf("answered while arming: %+v", secondBackend.responds)
	}
	h.now = h.now.Add(time.Second)
	h.advance(0)
	h.keys("1")
	if len(secondBackend.responds) != 1 || secondBackend.responds[0].id != "req-9" || len(firstBackend.responds) != 0 {
		t.Fatalf("responds: second %+v, first %+v", secondBackend.responds, firstBackend.responds)
	}
	if _, ok := secondBackend.responds[0].decision.(protocol.PermissionAllow); !ok {
		t.Fatalf("decision %T, want allow", secondBackend.responds[0].decision)
	}
	if h.m.tabs.front != first || h.m.inbox.open || h.draft() != "half a thought and more" {
		t.Fatalf("after answering: front %d, inbox %v, draft %q", h.m.tabs.front.ID(), h.m.inbox.open, h.draft())
	}
	if title := h.m.windowTitle(); strings.Contains(title, "waiting") {
		t.Fatalf("title %q after the answer", title)
	}
}

// A request withdrawn by its session leaves the inbox too.
func TestWithdrawnDecisionLeavesTheInbox(t *testing.T) {
	h := newHarness(t)
	h.ready()
	first := h.m.tabs.front
	second := h.openTab(t.TempDir())
	h.send(keyMsg("alt+."))
	if h.m.tabs.front != first {
		t.Fatalf("alt+. did not cycle back to the first session")
	}
	h.eventsFor(second, process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	h.send(keyMsg("alt+i"))
	if !h.m.inbox.open {
		t.Fatal("inbox not open")
	}
	h.eventsFor(second, process.Cancelled{RequestID: "req-1"})
	if h.m.inbox.open || h.m.tabs.waiting() != 0 {
		t.Fatalf("withdrawn request still in the inbox: open %v waiting %d", h.m.inbox.open, h.m.tabs.waiting())
	}
}

// /close ends the session in front and closes its claude; the other comes to the front.
func TestCloseEndsTheSession(t *testing.T) {
	h := newHarness(t)
	h.ready()
	first := h.m.tabs.front
	h.openTab(t.TempDir())
	second := h.b
	h.typeText("/close")
	h.keys("enter")
	if len(h.m.tabs.all) != 1 || h.m.tabs.front != first || second.closed != 1 {
		t.Fatalf("after /close: %d tabs, front %d, closed %d", len(h.m.tabs.all), h.m.tabs.front.ID(), second.closed)
	}
	h.typeText("/close")
	h.keys("enter")
	if len(h.m.tabs.all) != 1 || !strings.Contains(h.screen(), "only session") {
		t.Fatalf("closing the last session:\n%s", h.screen())
	}
}

// A restored workspace lists every saved session and starts claude only for the one
// in front; the others start when first shown.
func TestRestoredWorkspaceStartsOnlyWhatIsShown(t *testing.T) {
	var saves []SavedWorkspace
	dirA, dirB := t.TempDir(), t.TempDir()
	h := newHarness(t, func(o *Options) {
		o.CWD = dirA
		o.Resume = ResumeOptions{ID: "id-a"}
		o.Workspace = WorkspaceOptions{Launch: 0, Front: 2, Save: func(w SavedWorkspace) <-chan error { saves = append(saves, w); return nil },
			Restore: []SavedTab{{Dir: dirA, SessionID: "id-a"}, {Dir: dirB, SessionID: "id-b", Title: "bee"}, {Dir: dirB, SessionID: "id-c", Mode: "plan"}}}
	})
	if len(h.m.tabs.all) != 3 || h.m.tabs.front != h.m.tabs.all[2] {
		t.Fatalf("%d tabs, front %d: want 3 with the saved front in front", len(h.m.tabs.all), h.m.tabs.index(h.m.tabs.front))
	}
	if len(h.starts) != 1 || h.starts[0].Resume != "id-c" || h.starts[0].Dir != dirB {
		t.Fatalf("starts %+v: want only the front session, resumed in its folder", h.starts)
	}
	if h.m.tabs.all[1].Status().Opened || h.m.tabs.all[1].Status().Running {
		t.Fatal("a session never shown was started")
	}
	h.send(keyMsg("alt+,"))
	if len(h.starts) != 2 || h.starts[1].Resume != "id-b" {
		t.Fatalf("showing the second session: starts %+v", h.starts)
	}
	if len(saves) == 0 || len(saves[len(saves)-1].Tabs) != 3 || saves[len(saves)-1].Front != 1 {
		t.Fatalf("saves %+v: want the workspace saved with its new front", saves)
	}
}

// On a wide screen the session list stays beside the transcript, each session's state
// read from its events; on a narrow one it is not drawn.
func TestSidebarShowsEverySessionsState(t *testing.T) {
	h := newHarness(t)
	h.ready()
	second := h.openTab(t.TempDir())
	h.send(keyMsg("alt+."))
	h.eventsFor(second, process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	if strings.Contains(h.screen(), "Sessions") {
		t.Fatalf("the list is drawn at 80 columns:\n%s", h.screen())
	}
	h.send(tea.WindowSizeMsg{Width: 140, Height: 30})
	screen := h.screen()
	for _, want := range []string{"Sessions", "▶ project", "idle", "waiting for you (1)"} {
		if !strings.Contains(screen, want) {
			t.Errorf("wide screen lacks %q:\n%s", want, screen)
		}
	}
	for i, line := range strings.Split(screen, "\n") {
		if w := ansi.StringWidth(line); w > 140 {
			t.Fatalf("line %d is %d cells wide", i, w)
		}
	}
}

// ruleRequest is a Bash request whose suggestion is the rule Bash(npm test).
func ruleRequest(id, toolUseID, command string) *protocol.CanUseTool {
	msg, err := protocol.Decode([]byte(`{"type":"control_request","request_id":"` + id + `","request":{"subtype":"can_use_tool","tool_name":"Bash","input":{"command":"` + command + `"},"tool_use_id":"` + toolUseID + `",` +
		`"permission_suggestions":[{"type":"addRules","rules":[{"toolName":"Bash","ruleContent":"` + command + `"}],"behavior":"allow","destination":"localSettings"}]}}`))
	if err != nil {
		panic(err)
	}
	return msg.(*protocol.CanUseTool)
}

// "Allow in every session" answers the other sessions' requests the CLI says the same
// rule covers, now and later, each with the rule kept for that session only; a request
// for anything else still asks.
func TestWorkspaceRuleAnswersEverySession(t *testing.T) {
	h := newHarness(t)
	h.ready()
	first, firstBackend := h.m.tabs.front, h.b
	second := h.openTab(t.TempDir())
	secondBackend := h.b
	h.eventsFor(second, process.PermissionRequest{Req: ruleRequest("b-1", "tu-b1", "npm test")})
	h.send(keyMsg("alt+,"))
	h.eventsFor(first, process.PermissionRequest{Req: ruleRequest("a-1", "tu-a1", "npm test")})
	if !strings.Contains(flat(h.screen()), "in every session of this workspace") {
		t.Fatalf("the workspace choice is not offered:\n%s", h.screen())
	}
	h.now = h.now.Add(time.Second)
	h.advance(0)
	h.keys("3") // Yes · Yes, and always allow … · Yes, and allow … in every session
	if len(firstBackend.responds) != 1 || len(secondBackend.responds) != 1 {
		t.Fatalf("responds: first %+v, second %+v", firstBackend.responds, secondBackend.responds)
	}
	for _, r := range []fakeResponse{firstBackend.responds[0], secondBackend.responds[0]} {
		allow, ok := r.decision.(protocol.PermissionAllow)
		if !ok || len(allow.UpdatedPermissions) != 1 || allow.UpdatedPermissions[0].Destination != protocol.DestSession {
			t.Fatalf("answer %+v: want an allow with the rule kept for the session", r.decision)
		}
	}
	h.eventsFor(second, process.PermissionRequest{Req: ruleRequest("b-2", "tu-b2", "npm test")})
	h.eventsFor(second, process.PermissionRequest{Req: ruleRequest("b-3", "tu-b3", "rm -rf build")})
	if len(secondBackend.responds) != 2 || secondBackend.responds[1].id != "b-2" || second.Status().Waiting != 1 {
		t.Fatalf("later requests: responds %+v, waiting %d", secondBackend.responds, second.Status().Waiting)
	}
}

// A long reply that settled in a background session is rendered once every session is
// quiet, off the update loop, and the first frame after switching shows exactly what
// rendering it then would have.
func TestBackgroundReplyIsWarmedBeforeTheSwitch(t *testing.T) {
	h := newHarness(t)
	h.ready()
	first := h.m.tabs.front
	second := h.openTab(t.TempDir())
	h.send(keyMsg("alt+,"))
	if h.m.tabs.front != first {
		t.Fatal("not back in the first session")
	}
	reply := "# Title\n\n" + strings.Repeat("Some *markdown* text that wraps across the width of the screen.\n\n", 40) + "THE END"
	h.eventsFor(second, process.Message{Msg: systemInit()}, process.Message{Msg: assistantText("msg_9", reply)}, process.Message{Msg: result()})
	if second.Transcript().Warm() == nil {
		t.Fatal("nothing to warm: the reply was drawn while hidden")
	}
	h.advance(warmQuiet)
	if second.Transcript().Warm() != nil {
		t.Fatal("the background reply was not warmed")
	}
	h.send(keyMsg("alt+."))
	if !strings.Contains(h.screen(), "THE END") {
		t.Fatalf("the switched-to session does not show its reply's end:\n%s", h.screen())
	}
}
