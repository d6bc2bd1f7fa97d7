package render

import (
	"fmt"
	"strings"
)

// FormatPercent renders a share of the context window; a small but non-zero use shows
// as "<1%" rather than a misleading 0%.
func FormatPercent(p float64) string {
	if p > 0 && p < 1 {
		return "<1%"
	}
	return fmt.Sprintf("%.0f%%", p)
}

// FormatTokensCompact renders a token count in the fewest characters: 950, 12k,
// 12.3k, 1.2M (the status bar and /context; FormatTokens keeps the decimal).
func FormatTokensCompact(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d", n)
	case n < 1_000_000:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/1000), ".0") + "k"
	default:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/1_000_000), ".0") + "M"
	}
}
