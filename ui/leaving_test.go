package ui

import (
	"testing"
)

// Leaving after a turn names the command that comes back to the conversation;
// leaving before anything was said prints nothing.
func TestResumeLineAfterATurn(t *testing.T) {
	h := newHarness(t)
	h.ready()
	if got := h.m.ResumeLine(); got != "" {
		t.Fatalf("nothing was said, yet the resume line is %q", got)
	}
	h.typeText("hello")
	h.keys("enter")
	in := systemInit()
	in.SessionID = "0c4f7d1e-2b8a-4a55-9c1e-5f3a2d7b9e10"
	h.msgs(in, assistantText("msg_1", "hi"), result())
	want := "Resume this conversation with: gclaude --resume 0c4f7d1e-2b8a-4a55-9c1e-5f3a2d7b9e10"
	if got := h.m.ResumeLine(); got != want {
		t.Fatalf("resume line = %q, want %q", got, want)
	}
}

// A resumed conversation can be come back to even if nothing new was said; an id
// the shell would split is quoted.
func TestResumeLineOfResumedConversation(t *testing.T) {
	h := newHarness(t, func(o *Options) { o.Resume.ID = "bird watching" })
	h.ready()
	if got, want := h.m.ResumeLine(), `Resume this conversation with: gclaude --resume 'bird watching'`; got != want {
		t.Fatalf("resume line = %q, want %q", got, want)
	}
}

// /clear starts a conversation with no id: until it says something there is
// nothing to come back to.
func TestResumeLineAfterClear(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("hello")
	h.keys("enter")
	h.msgs(systemInit(), result())
	h.typeText("/clear")
	h.keys("enter")
	if got := h.m.ResumeLine(); got != "" {
		t.Fatalf("after /clear the resume line is %q", got)
	}
}
