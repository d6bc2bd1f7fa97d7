package tab

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

func bgStarted() *protocol.TaskStarted {
	return &protocol.TaskStarted{TaskID: "b71", ToolUseID: "toolu_1", Description: "research cmd", IsBackgrounded: true, TaskType: protocol.TaskLocalBash}
}

func bgDone() *protocol.TaskNotification {
	return &protocol.TaskNotification{TaskID: "b71", ToolUseID: "toolu_1", Status: "completed",
		Summary: `Background command "research cmd" completed (exit code 0)`}
}

// A background task that finishes while the session is idle is announced at once,
// so the turn the CLI then starts by itself follows a line that says why.
func TestTaskFinishedWhileIdleIsAnnounced(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"), bgStarted(), result())
	h.msgs(bgDone(), systemInit(), assistantText("msg_2", "Follow-up after bg."))
	md := h.tab.conversation.Markdown()
	note := strings.Index(md, `> Background command "research cmd" completed (exit code 0)`)
	follow := strings.Index(md, "Follow-up after bg.")
	if note < 0 || follow < 0 || note > follow {
		t.Fatalf("the finished task is not announced before the follow-up turn:\n%s", md)
	}
}

// A task that finishes during a turn is announced after that turn, not in the middle
// of its answer.
func TestTaskFinishedDuringTurnIsAnnouncedAfterIt(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"), bgStarted(), bgDone())
	if strings.Contains(h.tab.conversation.Markdown(), "research cmd\" completed") {
		t.Fatal("announced in the middle of the turn")
	}
	h.msgs(assistantText("msg_2", "Done."), result())
	md := h.tab.conversation.Markdown()
	if i, j := strings.Index(md, "Done."), strings.Index(md, "research cmd\" completed"); j < 0 || j < i {
		t.Fatalf("not announced after the turn:\n%s", md)
	}
}

// A result with turns queued behind it does not end the turn: the announcement waits
// for the last of them.
func TestTaskFinishedWaitsForQueuedTurns(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"), bgStarted(), bgDone())
	queued := result()
	queued.QueuedTurnCount = 1
	h.msgs(assistantText("msg_2", "First."), queued)
	if strings.Contains(h.tab.conversation.Markdown(), "research cmd\" completed") {
		t.Fatal("announced while a queued turn still runs")
	}
	h.msgs(systemInit(), assistantText("msg_3", "Second."), result())
	md := h.tab.conversation.Markdown()
	if i, j := strings.Index(md, "Second."), strings.Index(md, "research cmd\" completed"); j < 0 || j < i {
		t.Fatalf("not announced after the last turn:\n%s", md)
	}
}
