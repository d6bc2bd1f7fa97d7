package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// UserPrompt renders what the user typed: "❯ text", wrapped with a hanging
// indent, the user's own line breaks kept.
func UserPrompt(text string, width int, st *themes.Styles) string {
	text = Sanitize(strings.TrimRight(text, "\n"))
	icon := st.Transcript.UserPromptIcon.Render(st.Icons.UserPrompt) + " "
	return clamp(hangRows(icon, "  ", text, max(width, 1), st.Transcript.UserPrompt.Render), width)
}

// ThinkingBlock is one thinking block of an answer.
type ThinkingBlock struct {
	Text      string
	Duration  time.Duration // how long the model thought; 0 if unknown
	Streaming bool          // still thinking
	Expanded  bool          // show the text, not just the one-line summary
	Spinner   string        // spinner frame while streaming
}

// Thinking renders "∴ Thought for 3s" and, expanded, the thinking text in
// muted italics under it.
func Thinking(b ThinkingBlock, width int, st *themes.Styles) string {
	width = max(width, 1)
	icon := st.Icons.Thinking
	var head string
	switch {
	case b.Streaming:
		if b.Spinner != "" {
			icon = Sanitize(b.Spinner)
		}
		head = "Thinking…"
	case b.Duration > 0:
		head = "Thought for " + FormatDuration(b.Duration)
	default:
		head = "Thought"
	}
	// No key is named: which key expands depends on the focus (enter sends a prompt
	// while the editor has it), and the help line names the keys of the focus.
	out := st.Transcript.ThinkingHeader.Render(Truncate(icon+" "+head, width))
	if !b.Expanded || strings.TrimSpace(b.Text) == "" {
		return out
	}
	body := wrap(Sanitize(strings.TrimSpace(b.Text)), max(width-2, 1))
	rows := strings.Split(body, "\n")
	for i, r := range rows {
		if r != "" {
			rows[i] = "  " + st.Transcript.ThinkingBody.Render(r)
		}
	}
	return clamp(out+"\n"+strings.Join(rows, "\n"), width)
}

// NoticeLevel is the severity of a system notice.
type NoticeLevel int

const (
	NoticeInfo NoticeLevel = iota
	NoticeWarning
	NoticeError
)

// Notice renders a system notice with a level icon; the text is wrapped
// with a hanging indent.
func Notice(level NoticeLevel, text string, width int, st *themes.Styles) string {
	icon, iconStyle, style := st.Icons.Info, st.Notice.InfoIcon, st.Notice.Info
	switch level {
	case NoticeWarning:
		icon, iconStyle, style = st.Icons.Warning, st.Notice.WarningIcon, st.Notice.Warning
	case NoticeError:
		icon, iconStyle, style = st.Icons.Error, st.Notice.ErrorIcon, st.Notice.Error
	}
	text = Sanitize(strings.TrimSpace(text))
	return clamp(hangRows(iconStyle.Render(icon)+" ", "  ", text, max(width, 1), style.Render), width)
}

// hangRows wraps text after a prefix and styles each row on its own, so
// a style never spills into the indentation.
func hangRows(first, rest, text string, width int, style func(...string) string) string {
	inner := max(width-max(ansi.StringWidth(first), ansi.StringWidth(rest)), 1)
	rows := strings.Split(wrap(text, inner), "\n")
	for i, r := range rows {
		p := rest
		if i == 0 {
			p = first
		}
		rows[i] = p + style(r)
	}
	return strings.Join(rows, "\n")
}

// RetryInfo describes an API retry (system/api_retry).
type RetryInfo struct {
	Attempt     int
	MaxRetries  int
	Delay       time.Duration // time until the retry; pass the remaining time to count down
	ErrorStatus int           // HTTP status, 0 if none (connection error)
	Error       string        // "server_error", "rate_limit", …
}

// APIRetry renders "↻ API error 500 (server_error) · retrying in 4.0s
// (attempt 2/10)".
func APIRetry(r RetryInfo, width int, st *themes.Styles) string {
	cause := "API error"
	if r.ErrorStatus != 0 {
		cause += fmt.Sprintf(" %d", r.ErrorStatus)
	}
	if r.Error != "" {
		cause += " (" + strings.ReplaceAll(r.Error, "_", " ") + ")"
	}
	text := fmt.Sprintf("%s · retrying in %s (attempt %d/%d)", cause, FormatDuration(r.Delay), r.Attempt, r.MaxRetries)
	return clamp(hangRows(st.Notice.WarningIcon.Render(st.Icons.Retry)+" ", "  ", Sanitize(text), max(width, 1), st.Notice.Warning.Render), width)
}

// TurnStats are the figures shown after a turn.
type TurnStats struct {
	Duration     time.Duration
	CostUSD      float64 // this turn's cost; 0 hides it
	InputTokens  int     // including cache reads and writes
	OutputTokens int
	IsError      bool   // the turn ended in an error
	Reason       string // shown when set, e.g. "interrupted", "api error"
}

// TurnFooter renders "12.3s · $0.0042 · 1.2k in · 340 out".
func TurnFooter(s TurnStats, width int, st *themes.Styles) string {
	var parts []string
	if s.Reason != "" {
		parts = append(parts, Sanitize(OneLine(s.Reason)))
	}
	if s.Duration > 0 {
		parts = append(parts, FormatDuration(s.Duration))
	}
	if s.CostUSD > 0 {
		parts = append(parts, FormatCost(s.CostUSD))
	}
	if s.InputTokens > 0 || s.OutputTokens > 0 {
		parts = append(parts, FormatTokens(s.InputTokens)+" in", FormatTokens(s.OutputTokens)+" out")
	}
	style := st.Transcript.Footer
	if s.IsError {
		style = st.Transcript.FooterError
	}
	return style.Render(Truncate(strings.Join(parts, " · "), max(width, 1)))
}

// FormatTokens is "950", "1.2k", "3.4M".
func FormatTokens(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d", n)
	case n < 1_000_000:
		return fmt.Sprintf("%.1fk", float64(n)/1000)
	default:
		return fmt.Sprintf("%.1fM", float64(n)/1_000_000)
	}
}

// FormatCost is "$0.0042" below a cent, else "$1.23".
func FormatCost(usd float64) string {
	if usd < 0.01 {
		return fmt.Sprintf("$%.4f", usd)
	}
	return fmt.Sprintf("$%.2f", usd)
}
