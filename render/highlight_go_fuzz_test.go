package render

import "testing"

// FuzzGoLexer is differential: whatever the input, lexGo's tokens are
// chroma's Go lexer's, or lexGo declines.
func FuzzGoLexer(f *testing.F) {
	for _, s := range goEdgeCases {
		if len(s) <= 4096 {
			f.Add(s)
		}
	}
	f.Add(benchGoCode(f)[:3000])
	f.Fuzz(func(t *testing.T, code string) {
		if len(code) > 4096 {
			return
		}
		checkLexGo(t, "fuzz", code)
	})
}
