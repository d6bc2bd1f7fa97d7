package render

import (
	"bytes"
	"io"
	"maps"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"
)

// chroma's terminal formatters write each token on its own: an escape
// sequence that depends only on the token's type (and the style), the
// value, and a reset when there was a sequence. Their cost is in working
// that sequence out again for every token (a style lookup through the
// category chain and fmt.Sprintf). formatTokens asks the formatter once per
// type and style, with a probe token, and then writes the same bytes.

// perTokenFormatters name the formatters whose output is the concatenation
// of their output for each token alone (chroma v2.27.0's tty_*.go).
var perTokenFormatters = map[string]bool{
	"terminal16m": true, "terminal256": true, "terminal16": true, "terminal8": true, "terminal": true,
}

// tokenWrap is what a formatter writes before and after a token's value.
type tokenWrap struct{ before, after string }

// write is what the formatter writes for value: since chroma v2.16 the tty
// formatters (writeToken) close the style before each newline in a token and
// reopen it after, so that every line stands alone; a style that writes
// nothing leaves the value bare.
func (wr tokenWrap) write(b *bytes.Buffer, value string) {
	if wr.before == "" && wr.after == "" {
		b.WriteString(value)
		return
	}
	for {
		i := strings.IndexByte(value, '\n')
		if i < 0 {
			break
		}
		line, nl := value[:i], "\n"
		if strings.HasSuffix(line, "\r") {
			line, nl = line[:len(line)-1], "\r\n"
		}
		b.WriteString(wr.before)
		b.WriteString(line)
		b.WriteString(wr.after)
		b.WriteString(nl)
		value = value[i+1:]
	}
	if value != "" {
		b.WriteString(wr.before)
		b.WriteString(value)
		b.WriteString(wr.after)
	}
}

type wrapKey struct {
	formatter string
	st        *chroma.Style
}

var tokenWraps = struct {
	sync.Mutex
	m map[wrapKey]map[chroma.TokenType]tokenWrap
}{m: map[wrapKey]map[chroma.TokenType]tokenWrap{}}

// formatTokens is f.Format(w, st, toks), f being the formatter of that
// name, taking the shortcut for the per-token ones.
func formatTokens(w io.Writer, name string, f chroma.Formatter, st *chroma.Style, toks []chroma.Token) error {
	wraps, ok := wrapsFor(name, f, st, toks)
	if !ok {
		return f.Format(w, st, chroma.Literator(toks...))
	}
	b, direct := w.(*bytes.Buffer) // highlight's: write into it, not via a copy
	if !direct {
		b = new(bytes.Buffer)
	}
	n := 0
	for _, t := range toks {
		wr := wraps[t.Type]
		n += len(wr.before) + len(t.Value) + len(wr.after)
	}
	b.Grow(n)
	for _, t := range toks {
		wraps[t.Type].write(b, t.Value)
	}
	if direct {
		return nil
	}
	_, err := w.Write(b.Bytes())
	return err
}

// wrapsFor returns the wraps of f and st for every type in toks; false if
// f is not a per-token formatter or a probe did not come out as expected.
// A map once stored is never written again, so it is read unlocked.
func wrapsFor(name string, f chroma.Formatter, st *chroma.Style, toks []chroma.Token) (map[chroma.TokenType]tokenWrap, bool) {
	if !perTokenFormatters[name] || formatters.Registry[name] == nil {
		return nil, false
	}
	k := wrapKey{name, st}
	tokenWraps.Lock()
	defer tokenWraps.Unlock()
	m := tokenWraps.m[k]
	var grown map[chroma.TokenType]tokenWrap
	var probe bytes.Buffer
	for _, t := range toks {
		if _, ok := m[t.Type]; ok {
			continue
		}
		if _, ok := grown[t.Type]; ok {
			continue
		}
		probe.Reset()
		if err := f.Format(&probe, st, chroma.Literator(chroma.Token{Type: t.Type, Value: "\x00"})); err != nil {
			return nil, false
		}
		before, after, found := strings.Cut(probe.String(), "\x00")
		if !found {
			return nil, false
		}
		if grown == nil {
			grown = maps.Clone(m)
			if grown == nil {
				grown = map[chroma.TokenType]tokenWrap{}
			}
		}
		grown[t.Type] = tokenWrap{before, after}
	}
	if grown != nil {
		if len(tokenWraps.m) >= 32 { // styles are few; bound them anyway
			clear(tokenWraps.m)
		}
		tokenWraps.m[k], m = grown, grown
	}
	return m, true
}
