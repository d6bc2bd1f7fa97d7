package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
)

func withNotify(channel string) func(*Options) {
	return func(o *Options) { o.Notify = channel }
}

func TestNotifyDecisionOnlyWhileBlurred(t *testing.T) {
	h := newHarness(t, withNotify(NotifyBell))
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
	h := newHarness(t, withNotify(NotifyOff))
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
		{"short turn", 2 * time.Second, NotifyBell, nil},
		{"long turn bell", 30 * time.Second, NotifyBell, []string{"\a"}},
		{"long turn osc9", 30 * time.Second, NotifyOSC9, []string{"\x1b]9;claude finished · project\a"}},
		{"long turn osc777", 30 * time.Second, NotifyOSC777, []string{"\x1b]777;notify;gclaude;claude finished · project\a"}},
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

func TestResolveNotify(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, tc := range []struct {
		choice string
		env    func(string) string
		want   string
	}{
		{"auto", env("TERM_PROGRAM", "iTerm.app"), NotifyOSC9},
		{"auto", env("TERM_PROGRAM", "ghostty"), NotifyOSC777},
		{"auto", env("TERM_PROGRAM", "iTerm.app", "TMUX", "/tmp/tmux-0/default,1,0"), NotifyBell},
		{"auto", env("TERM", "xterm-256color"), NotifyBell},
		{"", env(), NotifyBell},
		{"off", env("TERM_PROGRAM", "iTerm.app"), NotifyOff},
		{"osc777", env(), NotifyOSC777},
	} {
		got, err := ResolveNotify(tc.choice, tc.env)
		if err != nil || got != tc.want {
			t.Errorf("ResolveNotify(%q) = %q, %v; want %q", tc.choice, got, err, tc.want)
		}
	}
	if _, err := ResolveNotify("loud", env()); err == nil {
		t.Error("an unknown channel was accepted")
	}
}
