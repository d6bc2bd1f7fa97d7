package transcript

import (
	"fmt"
	"strings"
	"time"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Notice kinds for AddNotice.
const (
	NoticeInfo  = "info"
	NoticeWarn  = "warn"
	NoticeError = "error"
)

// noticeItem is a system notice: information, a warning, an error, the
// "Interrupted" marker, or a live API-retry countdown.
type noticeItem struct {
	itemBase
	level       render.NoticeLevel
	text        string
	interrupted bool       // the "■ Interrupted" marker
	retry       *retryInfo // set on an API-retry notice
}

// retryInfo is the state of a run of API retries shown in one notice.
type retryInfo struct {
	attempt, maxRetries int
	status              int
	err                 string
	deadline            time.Time
	remaining           time.Duration
	// done is set when the retries are over (content arrived or the turn
	// ended); the countdown stops.
	done bool
}

func noticeLevel(kind string) render.NoticeLevel {
	switch strings.ToLower(kind) {
	case NoticeWarn, "warning":
		return render.NoticeWarning
	case NoticeError:
		return render.NoticeError
	}
	return render.NoticeInfo
}

func (n *noticeItem) canExpand() bool { return false }

// tick counts the retry down; it reports whether the notice is still live.
func (n *noticeItem) tick(now time.Time) bool {
	r := n.retry
	if r == nil || r.done {
		return false
	}
	rem := max(r.deadline.Sub(now), 0).Round(100 * time.Millisecond)
	if rem != r.remaining {
		r.remaining = rem
		n.touch()
	}
	return true
}

func (n *noticeItem) render(width int, st *themes.Styles) []string {
	switch {
	case n.interrupted:
		return []string{st.Transcript.Interrupted.Render(render.Truncate(st.Icons.Interrupted+" Interrupted", width))}
	case n.retry != nil:
		return n.renderRetry(width, st)
	}
	return splitRendered(render.Notice(n.level, n.text, width, st))
}

func (n *noticeItem) renderRetry(width int, st *themes.Styles) []string {
	r := n.retry
	if !r.done && r.remaining > 0 {
		return splitRendered(render.APIRetry(render.RetryInfo{
			Attempt: r.attempt, MaxRetries: r.maxRetries, Delay: r.remaining,
			ErrorStatus: r.status, Error: r.err,
		}, width, st))
	}
	icon := st.Notice.WarningIcon.Render(st.Icons.Retry) + " "
	return []string{icon + st.Notice.Warning.Render(render.Truncate(render.Sanitize(n.retryText()), width-2))}
}

// retryText is the notice once the countdown is over.
func (n *noticeItem) retryText() string {
	r := n.retry
	cause := "API error"
	if r.status != 0 {
		cause += fmt.Sprintf(" %d", r.status)
	}
	if r.err != "" {
		cause += " (" + strings.ReplaceAll(r.err, "_", " ") + ")"
	}
	if r.done {
		return fmt.Sprintf("%s · retried %d %s", cause, r.attempt, render.Plural(r.attempt, "time"))
	}
	return fmt.Sprintf("%s · retrying now (attempt %d/%d)", cause, r.attempt, r.maxRetries)
}

func (n *noticeItem) plain() string {
	switch {
	case n.interrupted:
		return "Interrupted"
	case n.retry != nil:
		return n.retryText()
	}
	return render.Sanitize(n.text)
}

func (n *noticeItem) markdown() string {
	return "> " + strings.ReplaceAll(n.plain(), "\n", "\n> ") + "\n"
}

// footerItem closes a turn: duration, the turn's cost and tokens.
type footerItem struct {
	itemBase
	stats render.TurnStats
}

func (f *footerItem) render(width int, st *themes.Styles) []string {
	return []string{"  " + render.TurnFooter(f.stats, max(width-2, 1), st)}
}

func (f *footerItem) plain() string {
	s := f.stats
	var parts []string
	if s.Reason != "" {
		parts = append(parts, s.Reason)
	}
	if s.Duration > 0 {
		parts = append(parts, render.FormatDuration(s.Duration))
	}
	if s.CostUSD > 0 {
		parts = append(parts, render.FormatCost(s.CostUSD))
	}
	if s.InputTokens > 0 || s.OutputTokens > 0 {
		parts = append(parts, render.FormatTokens(s.InputTokens)+" in", render.FormatTokens(s.OutputTokens)+" out")
	}
	return strings.Join(parts, " · ")
}

func (f *footerItem) markdown() string { return "_" + f.plain() + "_\n" }
