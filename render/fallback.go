package render

import (
	"fmt"
	"sync/atomic"
)

// Fallbacks counts how often render's own reproductions handed their work back
// to the library they reproduce: a whole document to glamour (Markdown, Panics
// among them: a bug in the fast path that recover turned into a fallback) and a
// Go code block to chroma (GoLexer). A count that grows where it did not is the
// first sign that a library upgrade moved away from its copy.
type Fallbacks struct {
	Markdown, Panics, GoLexer int64
}

var fallbackCounts struct {
	markdown, panics, goLexer atomic.Int64
}

// fallbackLog receives one line per fallback; nil when nobody listens.
var fallbackLog atomic.Pointer[func(string)]

// SetFallbackLog sends a line for each fallback to log (the --debug-file);
// nil stops it. log must be safe to call from any goroutine.
func SetFallbackLog(log func(string)) {
	if log == nil {
		fallbackLog.Store(nil)
		return
	}
	fallbackLog.Store(&log)
}

// FallbackCounts is the number of each fallback since the program started.
func FallbackCounts() Fallbacks {
	return Fallbacks{
		Markdown: fallbackCounts.markdown.Load(),
		Panics:   fallbackCounts.panics.Load(),
		GoLexer:  fallbackCounts.goLexer.Load(),
	}
}

// noteFallback counts one fallback in n and logs why, with the running count.
func noteFallback(n *atomic.Int64, what, why string, size int) {
	count := n.Add(1)
	if log := fallbackLog.Load(); log != nil {
		(*log)(fmt.Sprintf("fallback %s #%d (%d bytes): %s", what, count, size, why))
	}
}
