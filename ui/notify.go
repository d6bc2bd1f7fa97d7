package ui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/render"
)

// Notification channels (--notify, $GCLAUDE_NOTIFY). A notification is sent only while
// the terminal reports that it is not focused: a permission, plan or question dialog
// opened, or a long turn ended.
const (
	NotifyAuto   = "auto"   // a desktop notification where the terminal is known to show one, else the bell
	NotifyBell   = "bell"   // BEL: tmux and most terminals mark the window or bounce the dock
	NotifyOSC9   = "osc9"   // ESC ] 9 ; text BEL: iTerm2, WezTerm, Ghostty, recent kitty
	NotifyOSC777 = "osc777" // ESC ] 777 ; notify ; title ; text BEL: Ghostty, urxvt, foot, VTE with the notify patch
	NotifyOff    = "off"
)

// NotifyChoices are the values --notify accepts, in the order help shows them.
var NotifyChoices = []string{NotifyAuto, NotifyBell, NotifyOSC9, NotifyOSC777, NotifyOff}

// longTurn is how long a turn must have run for its end to be worth a notification.
const longTurn = 5 * time.Second

// notifyState is what the root knows about the terminal's focus. Until the terminal
// reports a blur it counts as focused: one without focus reporting never notifies.
type notifyState struct {
	channel string // resolved: never auto
	blurred bool
}

// ResolveNotify turns a --notify value into the channel used: auto is decided from the
// terminal's environment. Inside tmux or screen an OSC would be swallowed, so the bell
// (which tmux forwards and marks) is used.
func ResolveNotify(choice string, getenv func(string) string) (string, error) {
	switch choice {
	case "", NotifyAuto:
	case NotifyBell, NotifyOSC9, NotifyOSC777, NotifyOff:
		return choice, nil
	default:
		return "", fmt.Errorf("unknown value %q (want %s)", choice, strings.Join(NotifyChoices, ", "))
	}
	if getenv("TMUX") != "" || strings.HasPrefix(getenv("TERM"), "screen") || strings.HasPrefix(getenv("TERM"), "tmux") {
		return NotifyBell, nil
	}
	switch prog := getenv("TERM_PROGRAM"); prog {
	case "iTerm.app", "WezTerm":
		return NotifyOSC9, nil
	case "ghostty":
		return NotifyOSC777, nil
	}
	switch {
	case getenv("KITTY_WINDOW_ID") != "":
		return NotifyOSC9, nil
	case strings.HasPrefix(getenv("TERM"), "rxvt"), strings.HasPrefix(getenv("TERM"), "foot"):
		return NotifyOSC777, nil
	}
	return NotifyBell, nil
}

// notifySequence is what is written to the terminal for one notification. The text is
// gclaude's own words; control characters are removed anyway so it cannot end the OSC.
func notifySequence(channel, text string) string {
	text = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == ';' && channel == NotifyOSC777 {
			return ' '
		}
		return r
	}, text)
	switch channel {
	case NotifyBell:
		return "\a"
	case NotifyOSC9:
		return "\x1b]9;" + text + "\a"
	case NotifyOSC777:
		return "\x1b]777;notify;gclaude;" + text + "\a"
	}
	return ""
}

// handleFocus follows the terminal's focus reports.
func (m *Model) handleFocus(focused bool) {
	m.notify.blurred = !focused
}

// notifyUser tells the user that gclaude needs them, if the terminal is not focused.
func (m *Model) notifyUser(text string) tea.Cmd {
	if !m.notify.blurred {
		return nil
	}
	seq := notifySequence(m.notify.channel, text)
	if seq == "" {
		return nil
	}
	return tea.Raw(seq)
}

// decisionsWaiting is how many permission, plan and question dialogs wait for an answer.
func (m *Model) decisionsWaiting() int {
	n := 0
	for _, q := range m.dialogs {
		if q.requestID != "" {
			n++
		}
	}
	return n
}

// decisionOpened notifies about a dialog that asks for a decision.
func (m *Model) decisionOpened(d queuedDialog) tea.Cmd {
	if d.requestID == "" {
		return nil
	}
	return m.notifyUser("claude needs your decision · " + m.projectName())
}

// turnEnded notifies about the end of a turn that ran long enough to be left alone.
func (m *Model) turnEnded(started time.Time) tea.Cmd {
	if started.IsZero() || m.now().Sub(started) < longTurn {
		return nil
	}
	return m.notifyUser("claude finished · " + m.projectName())
}

// projectName is the working folder's name, sanitised, for titles and notifications.
func (m *Model) projectName() string {
	return render.Sanitize(folderName(m.sess.CWD))
}
