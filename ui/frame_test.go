package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/frame"
	"github.com/gclaude/gclaude/ui/inline"
	"github.com/gclaude/gclaude/ui/session"
)

// Session output (inline printing included) marks the frame stale and schedules one
// redraw; the due redraw and any other message draw afresh (the pacing itself:
// ui/frame's tests).
func TestNoteFrameRoutesOutputAndInput(t *testing.T) {
	m := &Model{}
	t1 := time.Unix(1000, 0)
	m.frame.Store(tea.NewView("old"), time.Now(), 0)
	for _, msg := range []tea.Msg{session.Events{}, inline.PrintedMsg{}, inline.RenderedMsg{}} {
		m.noteFrame(msg, nil)
		if _, ok := m.frame.Cached(time.Now()); !ok {
			t.Fatalf("%T: output within the frame interval must reuse the last frame", msg)
		}
	}
	m.frame.Due()
	m.frame.Store(tea.NewView("old"), t1, 0)
	if m.noteFrame(session.Events{}, nil) == nil {
		t.Fatal("session output must schedule a redraw")
	}
	if m.noteFrame(session.Events{}, nil) != nil {
		t.Fatal("one pending redraw is enough")
	}
	m.noteFrame(frameDueMsg{}, nil)
	if _, ok := m.frame.Cached(t1.Add(time.Millisecond)); ok {
		t.Fatal("the due redraw must draw")
	}
	for _, msg := range []tea.Msg{tea.KeyPressMsg{Code: 'a', Text: "a"}, tea.WindowSizeMsg{Width: 90, Height: 30}, tickMsg{}, tea.PasteMsg{Content: "x"}} {
		m.frame.Store(tea.NewView("old"), t1, 0)
		m.noteFrame(session.Events{}, nil) // output just before the key
		m.noteFrame(msg, nil)
		if _, ok := m.frame.Cached(t1); ok {
			t.Errorf("%T: the next View must draw afresh", msg)
		}
	}
}

// Through the root: a streamed delta shows after the due redraw, typed text at once.
func TestFrameCacheShowsStreamAndKeys(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("hello")
	h.keys("enter")
	start := &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: "msg_s", Role: "assistant"}}}
	block := &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}}
	h.msgs(systemInit(), start, block)
	h.m.View()
	h.events(process.Message{Msg: &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventContentBlockDelta,
		Delta: &protocol.Delta{Type: protocol.DeltaText, Text: "streamed words"}}}})
	h.advance(frame.Interval) // fires the frame timer
	if got := stripANSI(h.m.View().Content); !strings.Contains(got, "streamed words") {
		t.Fatalf("the due frame must show the delta:\n%s", got)
	}
	h.events(process.Message{Msg: &protocol.StreamEvent{Event: protocol.StreamEventBody{Type: protocol.EventContentBlockDelta,
		Delta: &protocol.Delta{Type: protocol.DeltaText, Text: " and more"}}}})
	h.typeText("xyz")
	if got := stripANSI(h.m.View().Content); !strings.Contains(got, "xyz") {
		t.Fatalf("typed text must show on the next frame:\n%s", got)
	}
}

// The status bar is redrawn whenever what it shows changes, and only then.
func TestStatusLineFollowsItsState(t *testing.T) {
	h := newHarness(t)
	h.ready()
	first := h.m.statusLine()
	if again := h.m.statusLine(); again != first {
		t.Fatal("the same state drew a different bar")
	}
	h.typeText("hi")
	h.keys("enter")
	h.msgs(systemInit(), result())
	if got := stripANSI(h.m.statusLine()); !strings.Contains(got, "$0.0123") {
		t.Fatalf("the bar must show the new cost: %q", got)
	}
	h.send(tea.WindowSizeMsg{Width: 100, Height: 24})
	if got := h.m.statusLine(); len(stripANSI(got)) == len(stripANSI(first)) {
		t.Fatalf("the bar must be redrawn at the new width: %q", stripANSI(got))
	}
}
