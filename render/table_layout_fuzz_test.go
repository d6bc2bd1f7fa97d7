package render

import (
	"strings"
	"testing"

	east "github.com/yuin/goldmark/extension/ast"
)

// FuzzTableLayout is differential: for any cells (raw bytes, escapes and
// all), shape, alignments, width and theme, layoutTable must draw what the
// lipgloss table draws, or decline. Rows are lines of src, cells split at
// "|"; flags' low bit is the header, the rest pick alignments.
func FuzzTableLayout(f *testing.F) {
	ths := tableThemes()
	pool := tableCellPool(&ths[0].st.Markdown)
	f.Add("a|b\n1|2", uint8(40), uint8(0), uint8(1))
	f.Add(strings.Join(pool[:8], "|")+"\n"+strings.Join(pool[8:16], "|"), uint8(60), uint8(3), uint8(0xb5))
	f.Add(strings.Join(pool[16:24], "|")+"\n"+strings.Join(pool[24:], "|")+"\n|", uint8(12), uint8(5), uint8(0x4f))
	f.Add("漢字テキスト|x\n🎉|a-b-c-d-e-f-g", uint8(10), uint8(4), uint8(0x23))
	f.Fuzz(func(t *testing.T, src string, width, theme, flags uint8) {
		if len(src) > 2048 {
			return
		}
		var tc tableCase
		tc.header = flags&1 != 0
		for i := range 4 {
			tc.align = append(tc.align, east.Alignment(flags>>(2*i)&3))
		}
		for line := range strings.SplitSeq(src, "\n") {
			tc.rows = append(tc.rows, strings.Split(line, "|"))
		}
		var stats layoutStats
		checkLayout(t, "fuzz", tc, int(width)%211, &ths[int(theme)%len(ths)].st.Markdown, &stats)
	})
}
