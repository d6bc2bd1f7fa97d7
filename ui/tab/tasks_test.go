package tab

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/tasks"
	"github.com/gclaude/gclaude/ui/transcript"
)

// The exp07 captures' Agent call.
const agentToolUse = "toolu_fake001"

// stopBackend is the fake backend that also records control requests (stop_task) and
// can refuse them.
type stopBackend struct {
	*fakeBackend
	mu   sync.Mutex
	reqs []protocol.ClientRequest
	err  error
}

func (b *stopBackend) Request(_ context.Context, req protocol.ClientRequest) (protocol.ControlResponseBody, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reqs = append(b.reqs, req)
	if b.err != nil {
		return protocol.ControlResponseBody{Subtype: "error", Error: b.err.Error()}, b.err
	}
	return protocol.ControlResponseBody{Subtype: "success"}, nil
}

// newTaskHarness is a harness of the given size whose backend records requests.
func newTaskHarness(t *testing.T, w, h int) (*harness, *stopBackend) {
	t.Helper()
	var sb *stopBackend
	hs := newHarness(t, func(o *launchOptions) {
		sb = &stopBackend{fakeBackend: o.Backend.(*fakeBackend)}
		o.Backend = sb
	})
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs, sb
}

// captureMessages decodes a capture's stdout, as the session would deliver it.
func captureMessages(t *testing.T, name string) []protocol.Message {
	t.Helper()
	data := capturefiles.Read(t, name+".jsonl")
	var msgs []protocol.Message
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 8<<20)
	for sc.Scan() {
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			msg, err := protocol.Decode(line)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			msgs = append(msgs, msg)
		}
	}
	return msgs
}

// play feeds capture messages one frame each, 100 ms apart, the way the session turns
// them into events, and fires the tick timers in between.
func (h *harness) play(msgs []protocol.Message) {
	for _, msg := range msgs {
		h.advance(100 * time.Millisecond)
		switch m := msg.(type) {
		case *protocol.ControlResponse:
		case *protocol.CanUseTool:
			h.events(process.PermissionRequest{Req: m})
		default:
			h.msgs(m)
		}
	}
}

// upTo is msgs before the n-th (from 1) message of kind.
func upTo(t *testing.T, msgs []protocol.Message, kind string, n int) []protocol.Message {
	t.Helper()
	for i, m := range msgs {
		if m.Kind() == kind {
			if n--; n == 0 {
				return msgs[:i]
			}
		}
	}
	t.Fatalf("no %s", kind)
	return nil
}

// startTaskTurn sends a prompt and plays exp07a until its subagent runs Bash: the
// task is running, its Bash call has no result yet.
// capturedTaskID is the task_id of the capture's first task_started.
func capturedTaskID(t *testing.T, name string) string {
	t.Helper()
	for _, msg := range captureMessages(t, name) {
		if ts, ok := msg.(*protocol.TaskStarted); ok {
			return ts.TaskID
		}
	}
	t.Fatalf("%s: no task_started", name)
	return ""
}

func startTaskTurn(t *testing.T, h *harness) []protocol.Message {
	t.Helper()
	h.ready()
	h.typeText("List the work files with a subagent")
	h.keys("enter")
	msgs := captureMessages(t, "exp07a_task_subagent")
	running := upTo(t, msgs, "user", 2) // the subagent's Bash result
	h.play(running)
	return msgs[len(running):]
}

func TestTaskPaneNarrowOverlay(t *testing.T) {
	h, _ := newTaskHarness(t, 80, 24)
	startTaskTurn(t, h)
	if h.tab.taskPane.Side(h.width) || strings.Contains(h.screen(), "╭─ Tasks") {
		t.Fatalf("pane shown on a narrow terminal before alt+t:\n%s", h.screen())
	}
	h.keys("alt+t")
	scr := h.screen()
	if h.tab.focus != focusTasks || !strings.Contains(scr, "╭─ Tasks · 1 running") || !strings.Contains(scr, "List work files") {
		t.Fatalf("alt+t did not open the overlay:\n%s", scr)
	}
	if strings.Contains(scr, "List the work files with a subagent") {
		t.Errorf("the overlay does not cover the transcript:\n%s", scr)
	}
	h.keys("alt+t")
	if h.tab.focus != focusInput || strings.Contains(h.screen(), "╭─ Tasks") {
		t.Fatalf("alt+t did not close the overlay:\n%s", h.screen())
	}
	// Typing while the pane has the focus goes to the prompt, not into the void;
	// the pane's own letters (j, k, s) stay the pane's.
	h.keys("alt+t")
	h.typeText("hi")
	if h.draft() != "hi" || h.tab.focus != focusInput || strings.Contains(h.screen(), "╭─ Tasks") {
		t.Fatalf("typing in the pane: draft %q, focus %v\n%s", h.draft(), h.tab.focus, h.screen())
	}
	h.keys("alt+t")
	h.typeText("j")
	if h.draft() != "hi" || h.tab.focus != focusTasks {
		t.Fatalf("j is the pane's key: draft %q, focus %v", h.draft(), h.tab.focus)
	}
	h.keys("alt+t")
	h.keys("alt+t", "esc")
	if h.tab.focus != focusInput || strings.Contains(h.screen(), "╭─ Tasks") {
		t.Fatalf("esc did not close the overlay:\n%s", h.screen())
	}
}

func TestTaskPaneWideBeside(t *testing.T) {
	h, _ := newTaskHarness(t, 160, 40)
	if h.tab.taskPane.Side(h.width) {
		t.Fatal("side pane shown with no tasks")
	}
	startTaskTurn(t, h)
	if !h.tab.taskPane.Side(h.width) {
		t.Fatal("no side pane while a task runs")
	}
	tw := h.tab.taskPane.LeftWidth(h.width)
	if w, _ := h.tab.transcript.Size(); w != tw || tw >= 160 || tw < 80 {
		t.Fatalf("transcript width %d, side pane leaves %d", w, tw)
	}
	beside := false
	for _, l := range strings.Split(h.screen(), "\n") {
		r := []rune(l)
		if len(r) > tw && strings.Contains(string(r[tw:]), "List the work files with") {
			t.Fatalf("transcript line runs into the pane: %q", l)
		}
		if len(r) > tw && strings.HasPrefix(string(r[tw:]), "│ Tasks · 1 running") {
			beside = true
		}
	}
	if !beside {
		t.Fatalf("pane title not at column %d:\n%s", tw, h.screen())
	}
	// alt+t focuses it (its keys show), and gives the focus back.
	h.keys("alt+t")
	if h.tab.focus != focusTasks || !h.tab.taskPane.Focused() || !strings.Contains(h.screen(), "enter open") {
		t.Fatalf("alt+t did not focus the side pane:\n%s", h.screen())
	}
	h.keys("alt+t")
	if h.tab.focus != focusInput || h.tab.taskPane.Focused() || !h.tab.taskPane.Side(h.width) {
		t.Fatal("alt+t did not give the focus back (the pane stays while there are tasks)")
	}
	// Too narrow for the pane: the transcript takes the whole width again.
	h.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	if w, _ := h.tab.transcript.Size(); w != 100 || h.tab.taskPane.Side(h.width) {
		t.Fatalf("at 100 columns the transcript is %d wide", w)
	}
}

func TestTaskStopSendsStopTask(t *testing.T) {
	h, b := newTaskHarness(t, 160, 40)
	startTaskTurn(t, h)
	task, _ := h.tab.tasks.ByToolUseID(agentToolUse)
	h.keys("alt+t", "s")
	if h.tab.taskPane.Confirming() != task.ID || !strings.Contains(h.screen(), "Stop this task?") {
		t.Fatalf("s did not ask for confirmation:\n%s", h.screen())
	}
	if len(b.reqs) != 0 {
		t.Fatal("stop sent before the confirmation")
	}
	h.keys("y")
	if len(b.reqs) != 1 || b.reqs[0] != (protocol.StopTask{TaskID: task.ID}) {
		t.Fatalf("requests = %#v, want stop_task %s", b.reqs, task.ID)
	}
	if tk, _ := h.tab.tasks.Task(task.ID); !tk.Stopping {
		t.Fatal("task not marked stopping")
	}
	if !strings.Contains(h.screen(), "● stopping") {
		t.Errorf("the Agent call does not say stopping:\n%s", h.screen())
	}
}

func TestTaskStopRefused(t *testing.T) {
	h, b := newTaskHarness(t, 160, 40)
	b.err = errors.New("no such task")
	startTaskTurn(t, h)
	task, _ := h.tab.tasks.ByToolUseID(agentToolUse)
	h.keys("alt+t", "s", "y")
	if tk, _ := h.tab.tasks.Task(task.ID); tk.Stopping || !tk.Running() {
		t.Fatalf("a refused stop left the task %+v", tk)
	}
	if !strings.Contains(h.screen(), "could not stop “List work files”: no such task") {
		t.Fatalf("refusal not shown:\n%s", h.screen())
	}
}

func TestOpenTaskFromTranscript(t *testing.T) {
	h, _ := newTaskHarness(t, 160, 40)
	startTaskTurn(t, h)
	taskID := capturedTaskID(t, "exp07a_task_subagent")
	// The transcript's o key on the Agent call.
	h.keys("tab", "g", "j", "o")
	if h.tab.focus != focusTasks || !strings.Contains(strings.Join(h.tab.taskPane.OpenTasks(), ","), taskID) {
		t.Fatalf("o did not open the task: focus %v, open %v", h.tab.focus, h.tab.taskPane.OpenTasks())
	}
	// The subagent's own transcript shows in the pane.
	if !strings.Contains(h.screen(), "ls /home/dev/project") {
		t.Fatalf("open task's transcript not shown:\n%s", h.screen())
	}
	// esc closes the open task, then the pane gives the focus back where it came from.
	h.keys("esc", "esc")
	if h.tab.focus != focusTranscript {
		t.Fatalf("focus %v, want the transcript", h.tab.focus)
	}
	// A call that started no task says so.
	h.send(transcript.OpenTaskMsg{ToolUseID: "toolu_nothing"})
	if h.tab.focus != focusTranscript || !strings.Contains(h.screen(), "started no task") {
		t.Fatalf("unknown call: focus %v\n%s", h.tab.focus, h.screen())
	}
}

// TestTaskWheel: the wheel scrolls the open task when the mouse is over the pane, the
// transcript when it is over the transcript.
func TestTaskWheel(t *testing.T) {
	h, _ := newTaskHarness(t, 160, 40)
	startTaskTurn(t, h)
	parent := agentToolUse
	long := strings.Repeat("a line of the subagent's notes\n\n", 60)
	h.msgs(&protocol.Assistant{ParentToolUseID: &parent, Message: protocol.APIMessage{ID: "msg_sub_long", Role: "assistant",
		Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: long}}}})
	h.keys("alt+t", "enter")
	h.screen() // the pane sizes the open transcript when it draws
	sub := h.tab.taskPane.OpenView()
	if sub == nil || sub.Conversation() != h.tab.conversation.SubTranscript(agentToolUse) || !sub.Following() {
		t.Fatal("no open subagent transcript at its tail")
	}
	tw := h.tab.taskPane.LeftWidth(h.width)
	h.send(tea.MouseWheelMsg{X: tw - 5, Y: 10, Button: tea.MouseWheelUp})
	if !sub.Following() {
		t.Fatal("the wheel over the transcript scrolled the open task")
	}
	h.send(tea.MouseWheelMsg{X: tw + 5, Y: 10, Button: tea.MouseWheelUp})
	if sub.Following() {
		t.Fatal("the wheel over the pane did not scroll the open task")
	}
}

func TestTaskCountInStatusBar(t *testing.T) {
	h, _ := newTaskHarness(t, 120, 30)
	rest := startTaskTurn(t, h)
	if !strings.Contains(h.screen(), "1 task running") {
		t.Fatalf("status bar lacks the task count:\n%s", h.screen())
	}
	h.play(rest)
	if strings.Contains(h.screen(), "task running") {
		t.Fatalf("count left after the task finished:\n%s", h.screen())
	}
}

func TestPermissionDialogNamesSubagent(t *testing.T) {
	h, _ := newTaskHarness(t, 100, 30)
	h.ready()
	h.typeText("write with a subagent")
	h.keys("enter")
	msgs := captureMessages(t, "exp07c_task_subagent_write_perm")
	h.play(upTo(t, msgs, "user", 2))
	if h.tab.dialogs.Len() != 1 {
		t.Fatalf("dialogs = %d", h.tab.dialogs.Len())
	}
	if !strings.Contains(h.screen(), "asked by subagent “Write a file”") {
		t.Fatalf("dialog does not name the subagent:\n%s", h.screen())
	}
}

// TestBackgroundTaskFollowUpTurn: the turn's result comes while the background agent
// runs; when it ends, the CLI starts a turn by itself (init, assistant, result). The
// follow-up answer and its footer show, and nothing is left spinning.
func TestBackgroundTaskFollowUpTurn(t *testing.T) {
	h, _ := newTaskHarness(t, 120, 40)
	h.ready()
	h.typeText("list the files in the background")
	h.keys("enter")
	msgs := captureMessages(t, "exp07d_task_background")
	first := upTo(t, msgs, "result/success", 1)
	h.play(first[:len(first)+1])

	if h.tab.turn.Running || strings.Contains(h.screen(), "esc to interrupt") {
		t.Fatalf("turn still running after its result:\n%s", h.screen())
	}
	if !strings.Contains(h.screen(), "1 task running") || !h.tab.Animating() {
		t.Fatalf("background task not counted, or the clock stopped:\n%s", h.screen())
	}
	if !strings.Contains(h.screen(), "● running · background") {
		t.Errorf("Agent call lacks the live status:\n%s", h.screen())
	}

	h.play(msgs[len(first)+1:])
	scr := h.screen()
	if h.tab.turn.Running || h.tab.tasks.RunningCount() != 0 || h.tab.Animating() {
		t.Fatalf("still running: turn %v tasks %d animating %v", h.tab.turn.Running, h.tab.tasks.RunningCount(), h.tab.Animating())
	}
	if strings.Contains(scr, "task running") || strings.Contains(scr, "esc to interrupt") {
		t.Fatalf("running left on screen:\n%s", scr)
	}
	if !strings.Contains(scr, "✓ completed") {
		t.Errorf("background Agent call does not say it completed:\n%s", scr)
	}
	if strings.Count(scr, "$0.0") < 2 {
		t.Errorf("want a footer for each turn:\n%s", scr)
	}
	last := msgs[len(msgs)-2].(*protocol.Assistant).Message.Content[0].Text
	if !strings.Contains(scr, strings.Fields(last)[0]) || h.tab.conversation.Len() == 0 {
		t.Errorf("follow-up answer %q not shown:\n%s", last, scr)
	}
	for _, frame := range spinnerFrames {
		if strings.Contains(scr, frame) {
			t.Fatalf("spinner %q left on screen:\n%s", frame, scr)
		}
	}
}

func TestToolProgressShowsElapsed(t *testing.T) {
	h, _ := newTaskHarness(t, 100, 30)
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"))
	h.msgs(&protocol.ToolProgress{ToolUseID: "toolu_1", ToolName: "Bash", ElapsedTimeSeconds: 14})
	h.advance(100 * time.Millisecond)
	if st, _ := h.tab.conversation.ToolState("toolu_1"); st != render.ToolRunning {
		t.Fatalf("tool state %v", st)
	}
	if !strings.Contains(h.screen(), "· 14s") {
		t.Fatalf("running Bash lacks the elapsed time the CLI reported:\n%s", h.screen())
	}
}

func TestExitSettlesTasks(t *testing.T) {
	h, _ := newTaskHarness(t, 160, 40)
	startTaskTurn(t, h)
	h.events(process.Exited{Code: 1, Err: errors.New("exit status 1")})
	if h.tab.tasks.RunningCount() != 0 || h.tab.Animating() {
		t.Fatalf("tasks running after exit: %d", h.tab.tasks.RunningCount())
	}
	if st, _ := h.tab.conversation.ToolState(agentToolUse); st != render.ToolInterrupted {
		t.Fatalf("Agent call state %v after exit", st)
	}
	if !strings.Contains(h.screen(), "claude exited") {
		t.Fatalf("pane does not say why the task stopped:\n%s", h.screen())
	}
}

func TestClearForgetsTasks(t *testing.T) {
	h, _ := newTaskHarness(t, 160, 40)
	startTaskTurn(t, h)
	h.typeText("/clear")
	h.keys("enter")
	if h.tab.tasks.Len() != 0 || h.tab.taskPane.Side(h.width) {
		t.Fatalf("tasks kept after /clear: %d", h.tab.tasks.Len())
	}
	// The new transcript still shows the store's status on its Agent calls.
	h.send(session.CLIStarted{Gen: h.tab.link.Gen(), Backend: h.b})
	h.typeText("again")
	h.keys("enter")
	h.play(upTo(t, captureMessages(t, "exp07a_task_subagent"), "user", 2))
	if !strings.Contains(h.screen(), "● running") {
		t.Fatalf("new transcript lacks the live status:\n%s", h.screen())
	}
}

var _ tasks.Action = tasks.Close{}

// ctrl+b while a turn runs asks the CLI to move its foreground commands and subagents
// to the background (background_tasks); with no turn running it stays the editor's.
func TestCtrlBBackgroundsTheRunningCommands(t *testing.T) {
	h, b := newTaskHarness(t, 160, 40)
	h.typeText("ab")
	h.keys("ctrl+b")
	if len(b.reqs) != 0 {
		t.Fatalf("ctrl+b with no turn running sent %#v", b.reqs)
	}
	startTaskTurn(t, h)
	h.keys("ctrl+b")
	if len(b.reqs) != 1 || b.reqs[0] != (protocol.BackgroundTasks{}) {
		t.Fatalf("requests = %#v, want one background_tasks", b.reqs)
	}
	b.err = errors.New("no lane")
	h.keys("ctrl+b")
	if !strings.Contains(h.screen(), "could not move the commands to the background: no lane") {
		t.Fatalf("a refused ctrl+b is not shown:\n%s", h.screen())
	}
}

// /tasks and its alias /bashes give the task pane the focus.
func TestTasksCommandOpensThePane(t *testing.T) {
	for _, name := range []string{"/tasks", "/bashes"} {
		h, _ := newTaskHarness(t, 160, 40)
		startTaskTurn(t, h)
		h.typeText(name)
		h.keys("enter")
		if h.tab.focus != focusTasks {
			t.Errorf("%s did not focus the task pane:\n%s", name, h.screen())
		}
	}
}
