package tab

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/session"
)

// Reconnecting: a session whose ssh connection dropped shows "disconnected"; gclaude
// stops the claude left running on the host and starts it again on the conversation
// (--resume), waiting longer after each failure, and keeps trying every 30 s until
// the connection is back or the user closes the session. A try that cannot reach the
// host (sshd gone, the network down) is one more failure, not the end; what ssh
// cannot fix by waiting (a changed host key, a refused login, no claude there) ends
// the tries with its reason. A claude that comes back but dies again soon after
// (remote claude killed, 255) counts as the same outage and backs off the same way.
// A decision that was waiting is shown as lost (its dialog closes with a notice),
// never answered; the draft stays.

// reconnectDelays are the waits before each try; the last repeats until the user
// closes the session.
var reconnectDelays = []time.Duration{time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second}

// stableUptime is how long a claude must have run after answering initialize for a
// later drop to count as a new outage (the waits start again from the first).
const stableUptime = time.Minute

// reconnecting is a remote tab's state while it is brought back.
type reconnecting struct {
	active  bool      // tries go on: the connection dropped and has not come back
	tries   int       // tries in this outage
	next    time.Time // when the next try starts (zero while one runs)
	why     string    // the last failure, one sanitised line
	told    string    // the last failure said in the transcript (a new one is said again)
	readyAt time.Time // when the claude in use answered initialize
}

// reconnectDue asks for the next try of the tab whose claude is of generation gen.
type reconnectDue struct{ gen int }

// disconnected takes in a lost connection: the tab shows it and a reconnect is
// scheduled. A claude that had not run for stableUptime since it came back is the
// same outage: the wait grows on.
func (t *Tab) disconnected(ev process.Exited, details []string) tea.Cmd {
	if !t.retry.active && !t.retry.readyAt.IsZero() && t.now().Sub(t.retry.readyAt) >= stableUptime {
		t.retry.tries = 0
	}
	t.retry.active = true
	gen, pid := t.link.Gen(), ev.RemotePID
	h, herr := t.env.Remote(t.place.Host)
	stopLeft := func() tea.Msg {
		// A dropped connection does not stop the claude on the host; it must be gone
		// before another resumes the same conversation.
		if herr == nil && pid > 0 {
			ctx, cancel := context.WithTimeout(context.Background(), RemoteTimeout)
			defer cancel()
			_ = h.Kill(ctx, pid)
		}
		return nil
	}
	return tea.Batch(stopLeft, t.retryLater(gen, exitReason(ev), details))
}

// retryLater schedules the next try after the tries so far, says why in the tab's
// state and, when the reason is new, in the transcript.
func (t *Tab) retryLater(gen int, why string, details []string) tea.Cmd {
	delay := reconnectDelays[min(t.retry.tries, len(reconnectDelays)-1)]
	t.retry.tries++
	t.retry.next = t.now().Add(delay)
	t.retry.why = why
	t.sess.Ended = t.retryState()
	if t.retry.tries == 1 || why != t.retry.told {
		t.retry.told = why
		headline := "disconnected: the connection to " + t.place.Host + " was lost"
		if t.retry.tries > 1 {
			headline = "still disconnected from " + t.place.Host
		}
		if why != "" {
			headline += " (" + why + ")"
		}
		t.notice(noticeWarning, session.ExitText(fmt.Sprintf("%s · reconnecting in %s (try %d), then every %s until you close this session",
			headline, delay, t.retry.tries, reconnectDelays[len(reconnectDelays)-1]), details))
	}
	return t.after(delay, func(time.Time) tea.Msg { return reconnectDue{gen: gen} })
}

// retryPhase is the status bar's word while the session waits for the next try: the
// try's number and time.
func (t *Tab) retryPhase() string {
	return fmt.Sprintf("disconnected · try %d at %s", t.retry.tries, t.retry.next.Format("15:04:05"))
}

// retryState is the session list's: the same, and the last failure.
func (t *Tab) retryState() string {
	if t.retry.why == "" {
		return t.retryPhase()
	}
	return t.retryPhase() + " · " + t.retry.why
}

func (msg reconnectDue) handle(t *Tab) tea.Cmd {
	if t.link.Gen() != msg.gen || t.sess.Phase != session.PhaseExited || !t.retry.active {
		return nil // the user restarted it, or closed it, meanwhile
	}
	t.retry.next = time.Time{}
	t.sess.Ended = fmt.Sprintf("reconnecting · try %d", t.retry.tries)
	return t.resumeCLI()
}

// retryFailed takes in a try that ended before its claude answered: another try is
// scheduled when waiting can fix what failed, and true is returned; otherwise the
// tries end.
func (t *Tab) retryFailed(err error, details []string) (tea.Cmd, bool) {
	if !t.retry.active || t.closing {
		return nil, false
	}
	if !worthRetrying(err) {
		t.retry = reconnecting{readyAt: t.retry.readyAt}
		return nil, false
	}
	t.sessionEnded("disconnected")
	return t.retryLater(t.link.Gen(), oneLineReason(err.Error()), details), true
}

// reconnected notes a claude that answered initialize: the tries stop, and the count
// starts again only once it has run for stableUptime.
func (t *Tab) reconnected() {
	t.retry.active, t.retry.next = false, time.Time{}
	t.retry.readyAt = t.now()
}

// worthRetrying says whether waiting can fix a try's failure: the host unreachable,
// refusing, timing out or dropping the connection, yes; a changed or unknown host
// key, a refused login, no claude or no folder there, no (the user must act).
func worthRetrying(err error) bool {
	var se *process.SSHError
	if !errors.As(err, &se) {
		return false
	}
	switch se.Kind {
	case process.SSHFailed, process.SSHUnknownHost, process.SSHRefused, process.SSHTimedOut, process.SSHDisconnected:
		return true
	}
	return false
}

// exitReason is why a claude on a host ended, in one line: its own stderr's last
// line when it said something (a claude that keeps dying says why), else "" (the
// connection was lost, which the notice says anyway).
func exitReason(ev process.Exited) string {
	for i := len(ev.Stderr) - 1; i >= 0; i-- {
		if l := oneLineReason(ev.Stderr[i]); l != "" {
			return l
		}
	}
	return ""
}

// oneLineReason is untrusted text (a host's stderr) made safe for one line.
func oneLineReason(s string) string {
	return strings.TrimSpace(render.OneLine(render.Sanitize(strings.TrimSpace(s))))
}
