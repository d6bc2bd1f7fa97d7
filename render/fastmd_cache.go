package render

import (
	"bytes"
	"sync"

	"github.com/alecthomas/chroma/v2/quick"
)

// renderCache keeps recent renders of pieces that cost far more than the
// fast path: glamour's rendering of a table and chroma's highlighting of a
// code block. A streamed answer renders each of them several times (its
// chunk, the unfinished tail while it is the tail, the final render), so
// all but the first are lookups. Entries go oldest first once the total
// size passes the limit.
type renderCache struct {
	mu    sync.Mutex
	m     map[string]string
	order []string
	size  int
	limit int
}

func newRenderCache(limit int) *renderCache {
	return &renderCache{m: map[string]string{}, limit: limit}
}

func (c *renderCache) get(k string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *renderCache) put(k, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[k]; ok || len(k)+len(v) > c.limit/4 {
		return
	}
	c.m[k] = v
	c.order = append(c.order, k)
	c.size += len(k) + len(v)
	for c.size > c.limit && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.size -= len(old) + len(c.m[old])
		delete(c.m, old)
	}
}

func (c *renderCache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m, c.order, c.size = map[string]string{}, nil, 0
}

// highlightCache holds chroma's output by formatter, theme, language and code.
var highlightCache = newRenderCache(4 << 20)

// highlight is quick.Highlight through highlightCache, with Go lexed by
// lexGo (the same tokens, without regexp2).
func highlight(code, lang, formatter, theme string) (string, error) {
	k := formatter + "\x00" + theme + "\x00" + lang + "\x00" + code
	if v, ok := highlightCache.get(k); ok {
		return v, nil
	}
	var b bytes.Buffer
	done := false
	if goLexerOn && isGoLang(lang) {
		var err error
		if done, err = highlightGo(&b, code, formatter, theme); err != nil {
			return "", err
		}
		if !done {
			noteFallback(&fallbackCounts.goLexer, "go lexer", "a string literal regexp2 may time out on", len(code))
		}
	}
	if !done {
		if err := quick.Highlight(&b, code, lang, formatter, theme); err != nil {
			return "", err
		}
	}
	highlightCache.put(k, b.String())
	return b.String(), nil
}
