package render

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
)

// Widths of the /context report's columns: it stays within the narrowest
// transcript gclaude supports.
const (
	contextNameWidth = 20
	contextBarWidth  = 20
)

// eighths are the partial blocks a bar ends with.
var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// ContextReport is /context's notice: the total, then one bar per category, each
// scaled to the whole window. Deferred tools are listed by the CLI but take no
// context until used, so they are left out.
func ContextReport(u *protocol.ContextUsage) string {
	var b strings.Builder
	b.WriteString("Context window")
	if u.Model != "" {
		b.WriteString(" · " + u.Model)
	}
	pct := u.Percentage
	if u.MaxTokens > 0 {
		pct = 100 * float64(u.TotalTokens) / float64(u.MaxTokens)
	}
	fmt.Fprintf(&b, "\n%s of %s tokens used (%s)", FormatTokensCompact(u.TotalTokens), FormatTokensCompact(u.MaxTokens), FormatPercent(pct))
	for _, c := range u.Categories {
		if c.IsDeferred || c.Kind == "deferred" {
			continue
		}
		share := 0.0
		if u.MaxTokens > 0 {
			share = float64(c.Tokens) / float64(u.MaxTokens)
		}
		name := ansi.Truncate(strings.Join(strings.Fields(c.Name), " "), contextNameWidth, "…")
		fmt.Fprintf(&b, "\n%-*s %7s %-*s %4s", contextNameWidth, name, FormatTokensCompact(c.Tokens),
			contextBarWidth, contextBar(share, contextBarWidth), FormatPercent(100*share))
	}
	if u.IsAutoCompactEnabled && u.AutoCompactThreshold > 0 {
		fmt.Fprintf(&b, "\nauto-compact at %s tokens", FormatTokensCompact(u.AutoCompactThreshold))
	}
	return b.String()
}

// contextBar draws share (0–1) of width cells in eighths of a cell; any share above zero
// shows at least a sliver.
func contextBar(share float64, width int) string {
	share = min(max(share, 0), 1)
	n := int(share*float64(width*8) + 0.5)
	if n == 0 && share > 0 {
		n = 1
	}
	s := strings.Repeat("█", n/8) + eighths[n%8]
	return s + strings.Repeat(" ", width-len([]rune(s)))
}
