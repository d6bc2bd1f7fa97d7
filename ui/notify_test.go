package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui/notify"
)

func withNotify(channel string) func(*Options) {
	return func(o *Options) { o.Notify = channel }
}

func TestNotifyDecisionOnlyWhileBlurred(t *testing.T) {
	h := newHarness(t, withNotify(notify.Bell))
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"))
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	if len(h.raw) != 0 {
		t.Fatalf("focused terminal was notified: %q", h.raw)
	}
	h.send(tea.BlurMsg{})
	h.events(process.PermissionRequest{Req: bashRequest("req-2", "toolu_2")})
	if len(h.raw) != 1 || h.raw[0] != "\a" {
		t.Fatalf("blurred terminal: raw = %q, want one bell", h.raw)
	}
	h.send(tea.FocusMsg{})
	h.events(process.PermissionRequest{Req: bashRequest("req-3", "toolu_3")})
	if len(h.raw) != 1 {
		t.Fatalf("focus came back but still notified: %q", h.raw)
	}
}

func TestNotifyOffSendsNothingAndAsksNoFocus(t *testing.T) {
	h := newHarness(t, withNotify(notify.Off))
	if h.m.View().ReportFocus {
		t.Fatal("focus reporting on although notifications are off")
	}
	h.send(tea.BlurMsg{})
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"))
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	if len(h.raw) != 0 {
		t.Fatalf("raw = %q, want nothing", h.raw)
	}
}

func TestNotifyLongTurnEnd(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ran     time.Duration
		channel string
		want    []string
	}{
		{"short turn", 2 * time.Second, notify.Bell, nil},
		{"long turn bell", 30 * time.Second, notify.Bell, []string{"\a"}},
		{"long turn osc9", 30 * time.Second, notify.OSC9, []string{"\x1b]9;claude finished · project\a"}},
		{"long turn osc777", 30 * time.Second, notify.OSC777, []string{"\x1b]777;notify;gclaude;claude finished · project\a"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, withNotify(tc.channel))
			h.typeText("go")
			h.keys("enter")
			h.msgs(systemInit())
			h.send(tea.BlurMsg{})
			h.now = h.now.Add(tc.ran)
			h.msgs(result())
			if strings.Join(h.raw, "|") != strings.Join(tc.want, "|") {
				t.Fatalf("raw = %q, want %q", h.raw, tc.want)
			}
		})
	}
}

func TestTitleCountsWaitingDecisions(t *testing.T) {
	h := newHarness(t)
	if got := h.m.View().WindowTitle; got != "gclaude · project" {
		t.Fatalf("title = %q", got)
	}
	h.typeText("go")
	h.keys("enter")
	h.msgs(systemInit(), toolUse("toolu_1"))
	h.events(process.PermissionRequest{Req: bashRequest("req-1", "toolu_1")})
	h.events(process.PermissionRequest{Req: bashRequest("req-2", "toolu_2")})
	if got := h.m.View().WindowTitle; got != "[2 waiting] gclaude · project" {
		t.Fatalf("title = %q", got)
	}
}

func TestTitleFolderNameIsSanitised(t *testing.T) {
	h := newHarness(t, func(o *Options) { o.CWD = "/tmp/evil\x1b]0;pwned\a" })
	if got := h.m.View().WindowTitle; strings.ContainsAny(got, "\x1b\a") {
		t.Fatalf("title carries control characters: %q", got)
	}
}
