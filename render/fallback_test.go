package render

import (
	"strings"
	"sync"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// logLines collects what the render package logs while a test runs.
func logLines(t *testing.T) func() []string {
	var mu sync.Mutex
	var lines []string
	SetFallbackLog(func(l string) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, l)
	})
	t.Cleanup(func() { SetFallbackLog(nil) })
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), lines...)
	}
}

// A panic in the fast path (here raised by the glamour that renders an
// image's paragraph apart) falls back to glamour, and is counted and logged, not hidden.
func TestFastRenderPanicIsCountedAndLogged(t *testing.T) {
	lines := logLines(t)
	st := themes.New(themes.Dark)
	before := FallbackCounts()
	out, ok := fastRender("text\n\n![img](https://x.example/i.png)\n\nmore\n", &st.Markdown, 80, chromaFormatter,
		func(string) (string, error) { panic("broken piece") })
	if ok || out != "" {
		t.Fatalf("a panicking render reported success: %q", out)
	}
	after := FallbackCounts()
	if after.Panics != before.Panics+1 || after.Markdown != before.Markdown+1 {
		t.Errorf("counts went from %+v to %+v, want one more panic and markdown fallback", before, after)
	}
	got := lines()
	if len(got) != 1 || !strings.Contains(got[0], "fallback markdown") || !strings.Contains(got[0], "panic in the fast path: broken piece") {
		t.Errorf("log lines %q, want one naming the panic", got)
	}
}

// A document the fast path declines is counted and logged with the reason.
func TestFastRenderDeclineIsCountedAndLogged(t *testing.T) {
	lines := logLines(t)
	st := themes.New(themes.Dark)
	before := FallbackCounts()
	// An image needs glamour for a piece, and there is no glamour to ask.
	if _, ok := fastRender("![img](https://x.example/i.png)\n", &st.Markdown, 80, chromaFormatter, nil); ok {
		t.Fatal("the fast path rendered an image without glamour")
	}
	if after := FallbackCounts(); after.Markdown != before.Markdown+1 || after.Panics != before.Panics {
		t.Errorf("counts went from %+v to %+v, want one more markdown fallback", before, after)
	}
	if got := lines(); len(got) != 1 || !strings.Contains(got[0], "fallback markdown") {
		t.Errorf("log lines %q, want one markdown fallback", got)
	}
}

// Go code lexGo cannot vouch for goes to chroma, counted and logged.
func TestGoLexerFallbackIsCountedAndLogged(t *testing.T) {
	lines := logLines(t)
	highlightCache.reset()
	before := FallbackCounts()
	code := `"\" ` + strings.Repeat(`\\ `, 40) // see TestLexGoDeclinesRunawayBacktracking
	if _, err := highlight(code, "go", chromaFormatter, "gclaude-dark"); err != nil {
		t.Fatal(err)
	}
	if after := FallbackCounts(); after.GoLexer != before.GoLexer+1 {
		t.Errorf("counts went from %+v to %+v, want one more Go lexer fallback", before, after)
	}
	if got := lines(); len(got) != 1 || !strings.Contains(got[0], "fallback go lexer") {
		t.Errorf("log lines %q, want one Go lexer fallback", got)
	}
}
