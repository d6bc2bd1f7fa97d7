// Package notify tells the user that gclaude needs them while the terminal is not
// focused: a permission, plan or question dialog opened, or a long turn ended. It
// picks the channel (bell, OSC 9, OSC 777) and keeps the terminal's focus state; the
// root forwards focus reports and asks it for the window title.
package notify

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Notification channels (--notify, $GCLAUDE_NOTIFY).
const (
	Auto   = "auto"   // a desktop notification where the terminal is known to show one, else the bell
	Bell   = "bell"   // BEL: tmux and most terminals mark the window or bounce the dock
	OSC9   = "osc9"   // ESC ] 9 ; text BEL: iTerm2, WezTerm, Ghostty, recent kitty
	OSC777 = "osc777" // ESC ] 777 ; notify ; title ; text BEL: Ghostty, urxvt, foot, VTE with the notify patch
	Off    = "off"
)

// Choices are the values --notify accepts, in the order help shows them.
var Choices = []string{Auto, Bell, OSC9, OSC777, Off}

// LongTurn is how long a turn must have run for its end to be worth a notification.
const LongTurn = 5 * time.Second

// Resolve turns a --notify value into the channel used: auto is decided from the
// terminal's environment. Inside tmux or screen an OSC would be swallowed, so the bell
// (which tmux forwards and marks) is used.
func Resolve(choice string, getenv func(string) string) (string, error) {
	switch choice {
	case "", Auto:
	case Bell, OSC9, OSC777, Off:
		return choice, nil
	default:
		return "", fmt.Errorf("unknown value %q (want %s)", choice, strings.Join(Choices, ", "))
	}
	if getenv("TMUX") != "" || strings.HasPrefix(getenv("TERM"), "screen") || strings.HasPrefix(getenv("TERM"), "tmux") {
		return Bell, nil
	}
	switch prog := getenv("TERM_PROGRAM"); prog {
	case "iTerm.app", "WezTerm":
		return OSC9, nil
	case "ghostty":
		return OSC777, nil
	}
	switch {
	case getenv("KITTY_WINDOW_ID") != "":
		return OSC9, nil
	case strings.HasPrefix(getenv("TERM"), "rxvt"), strings.HasPrefix(getenv("TERM"), "foot"):
		return OSC777, nil
	}
	return Bell, nil
}

// sequence is what is written to the terminal for one notification. The text is
// gclaude's own words; control characters are removed anyway so it cannot end the OSC.
func sequence(channel, text string) string {
	text = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == ';' && channel == OSC777 {
			return ' '
		}
		return r
	}, text)
	switch channel {
	case Bell:
		return "\a"
	case OSC9:
		return "\x1b]9;" + text + "\a"
	case OSC777:
		return "\x1b]777;notify;gclaude;" + text + "\a"
	}
	return ""
}

// Notifier is the channel in use and what the terminal said about its focus. Until
// the terminal reports a blur it counts as focused: one without focus reporting never
// notifies.
type Notifier struct {
	channel string // resolved: never auto
	blurred bool
}

// New resolves choice (an unknown value falls back to the bell; the flag's own check
// refuses it before).
func New(choice string, getenv func(string) string) Notifier {
	ch, err := Resolve(choice, getenv)
	if err != nil {
		ch = Bell
	}
	return Notifier{channel: ch}
}

// SetFocused follows the terminal's focus reports.
func (n *Notifier) SetFocused(focused bool) { n.blurred = !focused }

// ReportsFocus is whether the terminal should be asked for focus reports.
func (n Notifier) ReportsFocus() bool { return n.channel != Off }

// Send tells the user that gclaude needs them, if the terminal is not focused.
func (n Notifier) Send(text string) tea.Cmd {
	if !n.blurred {
		return nil
	}
	if seq := sequence(n.channel, text); seq != "" {
		return tea.Raw(seq)
	}
	return nil
}

// DecisionOpened notifies about a dialog that asks for a decision, in project (the
// sanitised folder name).
func (n Notifier) DecisionOpened(project string) tea.Cmd {
	return n.Send("claude needs your decision · " + project)
}

// TurnEnded notifies about the end of a turn that ran long enough to be left alone.
func (n Notifier) TurnEnded(started, now time.Time, project string) tea.Cmd {
	if started.IsZero() || now.Sub(started) < LongTurn {
		return nil
	}
	return n.Send("claude finished · " + project)
}

// Title is the window title: the project (the sanitised folder name, "" for none)
// and, in front where a tab shows it, how many decisions wait for the user.
func Title(project string, waiting int) string {
	title := "gclaude"
	if project != "" {
		title += " · " + project
	}
	if waiting > 0 {
		title = fmt.Sprintf("[%d waiting] %s", waiting, title)
	}
	return title
}
