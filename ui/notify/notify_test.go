package notify

import (
	"fmt"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

func env(kv ...string) func(string) string {
	return func(k string) string {
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i] == k {
				return kv[i+1]
			}
		}
		return ""
	}
}

func TestResolve(t *testing.T) {
	for _, tc := range []struct {
		choice string
		env    func(string) string
		want   string
	}{
		{"auto", env("TERM_PROGRAM", "iTerm.app"), OSC9},
		{"auto", env("TERM_PROGRAM", "ghostty"), OSC777},
		{"auto", env("TERM_PROGRAM", "iTerm.app", "TMUX", "/tmp/tmux-0/default,1,0"), Bell},
		{"auto", env("TERM", "xterm-256color"), Bell},
		{"auto", env("KITTY_WINDOW_ID", "1"), OSC9},
		{"auto", env("TERM", "foot"), OSC777},
		{"", env(), Bell},
		{"off", env("TERM_PROGRAM", "iTerm.app"), Off},
		{"osc777", env(), OSC777},
	} {
		got, err := Resolve(tc.choice, tc.env)
		if err != nil || got != tc.want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", tc.choice, got, err, tc.want)
		}
	}
	if _, err := Resolve("loud", env()); err == nil {
		t.Error("an unknown channel was accepted")
	}
	if n := New("loud", env()); n.channel != Bell {
		t.Errorf("an unknown channel must fall back to the bell, got %q", n.channel)
	}
}

// raw is what a Cmd writes to the terminal, "" for none.
func raw(cmd tea.Cmd) string {
	if cmd == nil {
		return ""
	}
	if r, ok := cmd().(tea.RawMsg); ok {
		return fmt.Sprint(r.Msg)
	}
	return "not a raw write"
}

func TestSendOnlyWhileBlurred(t *testing.T) {
	n := New(OSC777, env())
	if got := raw(n.DecisionOpened("p")); got != "" {
		t.Fatalf("a focused terminal was notified: %q", got)
	}
	n.SetFocused(false)
	if got := raw(n.DecisionOpened("p;\x1b]0;x")); got != "\x1b]777;notify;gclaude;claude needs your decision · p  ]0 x\a" {
		t.Fatalf("blurred: %q", got)
	}
	n.SetFocused(true)
	if got := raw(n.Send("x")); got != "" {
		t.Fatalf("focus came back but still notified: %q", got)
	}
	off := New(Off, env())
	off.SetFocused(false)
	if off.ReportsFocus() || raw(off.Send("x")) != "" {
		t.Fatal("off must neither ask for focus reports nor notify")
	}
}

func TestTurnEndedOnlyAfterALongTurn(t *testing.T) {
	n := New(OSC9, env())
	n.SetFocused(false)
	start := time.Unix(1000, 0)
	if got := raw(n.TurnEnded(start, start.Add(LongTurn-time.Second), "p")); got != "" {
		t.Fatalf("short turn notified: %q", got)
	}
	if got := raw(n.TurnEnded(time.Time{}, start, "p")); got != "" {
		t.Fatalf("no turn notified: %q", got)
	}
	if got := raw(n.TurnEnded(start, start.Add(LongTurn), "p")); got != "\x1b]9;claude finished · p\a" {
		t.Fatalf("long turn: %q", got)
	}
}

func TestTitle(t *testing.T) {
	for _, tc := range []struct {
		project string
		waiting int
		want    string
	}{
		{"", 0, "gclaude"},
		{"proj", 0, "gclaude · proj"},
		{"proj", 2, "[2 waiting] gclaude · proj"},
	} {
		if got := Title(tc.project, tc.waiting); got != tc.want {
			t.Errorf("Title(%q, %d) = %q, want %q", tc.project, tc.waiting, got, tc.want)
		}
	}
}
