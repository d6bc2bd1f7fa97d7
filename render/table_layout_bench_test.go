package render

import (
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// BenchmarkTableLayout draws every table of the 100 KB bench answer at the
// transcript's usual width, by the direct layout and by lipgloss.
func BenchmarkTableLayout(b *testing.B) {
	cfg := &themes.New(themes.Dark).Markdown
	tables := tablesOf(joinListParagraphs(Sanitize(benchAnswer(100_000))), cfg)
	for _, tc := range tables {
		if _, ok := layoutTable(tc.rows, tc.align, tc.header, 116, cfg); !ok {
			b.Fatalf("layoutTable declined a bench table: %q", tc.rows)
		}
	}
	b.Run("layout", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, tc := range tables {
				layoutTable(tc.rows, tc.align, tc.header, 116, cfg)
			}
		}
	})
	b.Run("lipgloss", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, tc := range tables {
				lipglossTable(copyRows(tc.rows), tc.align, tc.header, 116, cfg)
			}
		}
	})
}
