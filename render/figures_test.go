package render

import "testing"

func TestContextBar(t *testing.T) {
	tests := []struct {
		share float64
		want  string
	}{
		{0, "    "},
		{0.0001, "▏   "},
		{0.5, "██  "},
		{0.55, "██▎ "},
		{1, "████"},
		{2, "████"},
	}
	for _, tt := range tests {
		if got := contextBar(tt.share, 4); got != tt.want {
			t.Errorf("contextBar(%v) = %q, want %q", tt.share, got, tt.want)
		}
	}
}

func TestFigures(t *testing.T) {
	tests := []struct{ got, want string }{
		{FormatTokensCompact(950), "950"},
		{FormatTokensCompact(12000), "12k"},
		{FormatTokensCompact(12345), "12.3k"},
		{FormatTokensCompact(1_250_000), "1.2M"},
		{FormatPercent(0.02), "<1%"},
		{FormatPercent(0), "0%"},
		{FormatPercent(42.4), "42%"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%d: got %q, want %q", i, tt.got, tt.want)
		}
	}
}
