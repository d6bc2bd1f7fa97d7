package render

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

func TestFormatters(t *testing.T) {
	durations := map[time.Duration]string{
		400 * time.Millisecond: "0.4s", 3 * time.Second: "3.0s", 42 * time.Second: "42s",
		185 * time.Second: "3m 05s", 3720 * time.Second: "1h 02m",
	}
	for d, want := range durations {
		if got := FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%v) = %q, want %q", d, got, want)
		}
	}
	tokens := map[int]string{0: "0", 999: "999", 1234: "1.2k", 3_400_000: "3.4M"}
	for n, want := range tokens {
		if got := FormatTokens(n); got != want {
			t.Errorf("FormatTokens(%d) = %q, want %q", n, got, want)
		}
	}
	costs := map[float64]string{0.000188: "$0.0002", 0.5: "$0.50", 12.345: "$12.35"}
	for c, want := range costs {
		if got := FormatCost(c); got != want {
			t.Errorf("FormatCost(%v) = %q, want %q", c, got, want)
		}
	}
}

func TestSmallBlocks(t *testing.T) {
	st := themes.New(themes.Mono)
	tests := []struct{ got, want string }{
		{UserPrompt("hi\nthere", 40, st), "❯ hi\n  there"},
		{Thinking(ThinkingBlock{Text: "x", Duration: 3 * time.Second}, 40, st), "∴ Thought for 3.0s"}, // no key: enter sends while the prompt has focus
		{Thinking(ThinkingBlock{Text: "a b", Duration: 3 * time.Second, Expanded: true}, 40, st), "∴ Thought for 3.0s\n  a b"},
		{Thinking(ThinkingBlock{Streaming: true}, 40, st), "∴ Thinking…"},
		{Notice(NoticeError, "boom", 40, st), "✗ boom"},
		{APIRetry(RetryInfo{Attempt: 2, MaxRetries: 10, Delay: 4 * time.Second, ErrorStatus: 529, Error: "server_error"}, 80, st),
			"↻ API error 529 (server error) · retrying in 4.0s (attempt 2/10)"},
		{APIRetry(RetryInfo{Attempt: 1, MaxRetries: 10, Delay: 500 * time.Millisecond, Error: "unknown"}, 80, st),
			"↻ API error (unknown) · retrying in 0.5s (attempt 1/10)"},
		{TurnFooter(TurnStats{Duration: 2 * time.Second, CostUSD: 0.02, InputTokens: 1500, OutputTokens: 20}, 80, st), "2.0s · $0.02 · 1.5k in · 20 out"},
	}
	for i, tt := range tests {
		if got := ansi.Strip(tt.got); got != tt.want {
			t.Errorf("case %d: got %q, want %q", i, got, tt.want)
		}
	}
}

func TestNoticeWrapsWithHangingIndent(t *testing.T) {
	out := ansi.Strip(Notice(NoticeWarning, strings.Repeat("word ", 10), 20, themes.New(themes.Mono)))
	for i, l := range strings.Split(out, "\n") {
		if i > 0 && !strings.HasPrefix(l, "  ") {
			t.Errorf("row %d not indented: %q", i, l)
		}
	}
}
