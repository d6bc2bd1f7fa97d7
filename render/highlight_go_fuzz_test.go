package render

import "testing"

// FuzzGoLexer is differential: whatever the input, lexGo's tokens are
// chroma's Go lexer's, or lexGo declines.
func FuzzGoLexer(f *testing.F) {
	for _, s := range goEdgeCases {
		if len(s) <= 1024 {
			f.Add(s)
		}
	}
	f.Add(benchGoCode(f)[:1000])
	f.Fuzz(func(t *testing.T, code string) {
		if len(code) > 1024 {
			return
		}
		// An unclosed string full of backslashes costs chroma up to its
		// 250 ms timeout per attempt (the answer is the same either way,
		// see TestLexGoDeclinesRunawayBacktracking): not worth the time.
		l := newGoLexer(code)
		l.run()
		if l.strMemo.worst > stringSteps {
			return
		}
		checkLexGo(t, "fuzz", code)
	})
}
