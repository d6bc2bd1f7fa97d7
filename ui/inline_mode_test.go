package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/inline"
)

func inlineHarness(t *testing.T) *harness {
	t.Helper()
	return newHarness(t, func(o *Options) { o.Inline = true })
}

// printedText is everything printed into the scrollback so far, without styling.
func (h *harness) printedText() string { return stripANSI(strings.Join(h.printed, "\n")) }

func streamDelta(text string) *protocol.StreamEvent {
	return &protocol.StreamEvent{APIMessageID: "msg_1", Event: protocol.StreamEventBody{Type: protocol.EventContentBlockDelta,
		Delta: &protocol.Delta{Type: protocol.DeltaText, Text: text}}}
}

func TestInlinePrintsFinishedItemsOnceInOrder(t *testing.T) {
	h := inlineHarness(t)
	v := h.m.View()
	if v.AltScreen || v.MouseMode != tea.MouseModeNone {
		t.Fatalf("inline mode: alt screen %v, mouse %v", v.AltScreen, v.MouseMode)
	}
	if !strings.Contains(h.printedText(), "✻ gclaude") {
		t.Fatalf("no banner printed: %q", h.printed)
	}
	h.ready()
	h.typeText("hello")
	h.keys("enter")
	h.msgs(systemInit(),
		&protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_1", Role: "assistant"}}},
		&protocol.StreamEvent{APIMessageID: "msg_1", Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}},
		streamDelta("The answer streams "))
	if strings.Contains(h.printedText(), "The answer streams") {
		t.Fatal("a streaming answer was printed before it finished")
	}
	if !strings.Contains(stripANSI(h.m.View().Content), "The answer streams") {
		t.Fatalf("the live part does not show the streaming answer:\n%s", stripANSI(h.m.View().Content))
	}
	if !strings.Contains(h.printedText(), "hello") {
		t.Fatalf("the sent prompt is not in the scrollback: %q", h.printedText())
	}
	h.msgs(streamDelta("and ends."), assistantText("msg_1", "The answer streams and ends."), result())
	got := h.printedText()
	if strings.Count(got, "The answer streams and ends.") != 1 {
		t.Fatalf("answer printed %d times: %q", strings.Count(got, "The answer streams and ends."), got)
	}
	if strings.Index(got, "hello") > strings.Index(got, "The answer streams") {
		t.Fatalf("printed out of order: %q", got)
	}
	if strings.Contains(stripANSI(h.m.View().Content), "The answer streams") {
		t.Fatalf("a printed answer is still in the live part:\n%s", stripANSI(h.m.View().Content))
	}
}

func TestInlineChunksFitTheReserve(t *testing.T) {
	h := inlineHarness(t)
	h.ready()
	var long []string
	for i := range 100 {
		long = append(long, "line "+strings.Repeat("x", i)+".")
	}
	h.msgs(assistantText("msg_1", strings.Join(long, "\n\n")))
	room := inline.Reserve(h.m.height)
	for _, p := range h.printed {
		rows := 0
		for _, l := range strings.Split(p, "\n") {
			_, r := inline.SoftWrapSafe(l, h.m.width)
			rows += r
		}
		if rows > room && strings.Count(p, "\n") > 0 {
			t.Fatalf("a chunk of %d rows exceeds the reserve of %d", rows, room)
		}
	}
	for i := range 100 {
		// A line exactly as wide as the screen got a space (inline.SoftWrapSafe).
		if !strings.Contains(strings.ReplaceAll(h.printedText()+"\n", " \n", "\n"), "line "+strings.Repeat("x", i)+".\n") {
			t.Fatalf("line %d missing from the scrollback", i)
		}
	}
}

func TestInlineDialogInLivePartAndHelpFullScreen(t *testing.T) {
	h := inlineHarness(t)
	h.ready()
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"))
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	if v := h.m.View(); v.AltScreen || !strings.Contains(v.Content, "touch x") {
		t.Fatalf("the dialog is not in the inline live part (alt %v):\n%s", v.AltScreen, stripANSI(v.Content))
	}
	if rows := strings.Count(h.m.View().Content, "\n") + 1; rows > h.m.height-inline.Reserve(h.m.height) {
		t.Fatalf("live part of %d rows leaves less than the reserve", rows)
	}
}

func TestInlineHelpOpensFullScreenAndPrintsWait(t *testing.T) {
	h := inlineHarness(t)
	h.ready()
	h.keys("?")
	if !h.m.View().AltScreen {
		t.Fatal("help is not full-screen")
	}
	before := len(h.printed)
	h.msgs(assistantText("msg_1", "printed after help closes"))
	if len(h.printed) != before {
		t.Fatal("printed while the alternate screen was up")
	}
	h.keys("esc")
	if h.m.View().AltScreen {
		t.Fatal("help did not close")
	}
	h.advance(inline.FrameWait)
	if !strings.Contains(h.printedText(), "printed after help closes") {
		t.Fatalf("nothing printed after the help closed: %q", h.printedText())
	}
}

// Printing an answer does not shrink the live part: the prompt stays where it was.
func TestInlineLivePartKeepsItsHeight(t *testing.T) {
	h := inlineHarness(t)
	h.ready()
	h.typeText("hello")
	h.keys("enter")
	h.msgs(systemInit(),
		&protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_1", Role: "assistant"}}},
		&protocol.StreamEvent{APIMessageID: "msg_1", Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}},
		streamDelta("one\n\ntwo\n\nthree\n\n"))
	h.m.frame.Invalidate()
	streaming := strings.Count(h.m.View().Content, "\n")
	h.msgs(assistantText("msg_1", "one\n\ntwo\n\nthree"), result())
	h.m.frame.Invalidate()
	if after := strings.Count(h.m.View().Content, "\n"); after != streaming {
		t.Fatalf("the live part went from %d to %d rows when the answer was printed", streaming+1, after+1)
	}
}

// tab opens the transcript full-screen (browse, expand, search, y) and gives it back.
func TestInlineTranscriptBrowserIsFullScreen(t *testing.T) {
	h := inlineHarness(t)
	h.ready()
	h.msgs(assistantText("msg_1", "an answer to browse"))
	h.keys("tab")
	if v := h.m.View(); !v.AltScreen || !strings.Contains(stripANSI(v.Content), "an answer to browse") {
		t.Fatalf("tab did not open the transcript full-screen (alt %v)", v.AltScreen)
	}
	h.keys("esc")
	if h.m.View().AltScreen {
		t.Fatal("esc did not return to the inline view")
	}
}

// The finished blocks of a streaming answer go to the scrollback while it streams; the
// live part shows only the rest, and each block is printed once.
func TestInlinePrintsStreamingAnswerBlocksAsTheyEnd(t *testing.T) {
	h := inlineHarness(t)
	h.ready()
	h.typeText("hello")
	h.keys("enter")
	h.msgs(systemInit(),
		&protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_1", Role: "assistant"}}},
		&protocol.StreamEvent{APIMessageID: "msg_1", Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}},
		streamDelta("First block is done.\n\n```go\nx := 1\n```\n\nSecond blo"))
	printed := h.printedText()
	if !strings.Contains(printed, "● First block is done.") {
		t.Fatalf("the finished blocks were not printed while streaming: %q", printed)
	}
	h.m.frame.Invalidate()
	live := stripANSI(h.m.View().Content)
	if strings.Contains(live, "First block") || !strings.Contains(live, "Second blo") {
		t.Fatalf("the live part should show only the unfinished block:\n%s", live)
	}
	full := "First block is done.\n\n```go\nx := 1\n```\n\nSecond block ends."
	h.msgs(streamDelta("ck ends."), assistantText("msg_1", full), result())
	got := h.printedText()
	for _, want := range []string{"First block is done.", "x := 1", "Second block ends."} {
		if n := strings.Count(got, want); n != 1 {
			t.Fatalf("%q printed %d times: %q", want, n, got)
		}
	}
	if strings.Count(got, "●") != 1 {
		t.Fatalf("the answer has more than one bullet: %q", got)
	}
}

// A retry discards the streamed preview: what was printed of it is marked as cut off,
// and the answer that streams again is printed after it.
func TestInlineRetryAfterPrintedStart(t *testing.T) {
	h := inlineHarness(t)
	h.ready()
	h.typeText("hello")
	h.keys("enter")
	start := func(id string) []protocol.Message {
		return []protocol.Message{
			&protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: id, Role: "assistant"}}},
			&protocol.StreamEvent{APIMessageID: id, Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}},
		}
	}
	h.msgs(append([]protocol.Message{systemInit()}, start("msg_1")...)...)
	h.msgs(streamDelta("Early block.\n\nMore text.\n\nStill"))
	if !strings.Contains(h.printedText(), "Early block.") {
		t.Fatalf("the first block was not printed: %q", h.printedText())
	}
	status := 529
	h.msgs(&protocol.APIRetry{Attempt: 1, MaxRetries: 3, RetryDelayMS: 10, ErrorStatus: &status, Error: "overloaded_error"})
	h.msgs(append(start("msg_2"), assistantText("msg_2", "The whole answer."), result())...)
	got := h.printedText()
	cut, again := strings.Index(got, "cut off"), strings.Index(got, "The whole answer.")
	if cut < 0 || again < cut {
		t.Fatalf("want the cut-off note, then the new answer: %q", got)
	}
}

// A message the CLI abandoned mid-stream is not printed while it may still be
// discarded: when another message answers, the abandoned text never reaches the
// scrollback.
func TestInlineAbandonedStreamIsNotPrinted(t *testing.T) {
	h := inlineHarness(t)
	h.ready()
	h.typeText("hello")
	h.keys("enter")
	h.msgs(systemInit(),
		&protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_1", Role: "assistant"}}},
		&protocol.StreamEvent{APIMessageID: "msg_1", Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}},
		streamDelta("Abandoned text"),
		&protocol.StreamEvent{APIMessageID: "msg_1", AbandonedBlocks: &protocol.AbandonedBlocks{APIMessageID: "msg_1"},
			Event: protocol.StreamEventBody{Type: protocol.EventMessageStop}})
	if strings.Contains(h.printedText(), "Abandoned text") {
		t.Fatalf("an abandoned stream was printed: %q", h.printedText())
	}
	h.msgs(&protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_2", Role: "assistant"}}},
		assistantText("msg_2", "The real answer."), result())
	got := h.printedText()
	if strings.Contains(got, "Abandoned text") || !strings.Contains(got, "The real answer.") {
		t.Fatalf("printed %q", got)
	}
}
