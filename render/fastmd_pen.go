package render

import (
	"strings"
	"unicode/utf8"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// pen follows the SGR style and OSC 8 link that the bytes written so far
// leave active, as lipgloss's WrapWriter does. Unlike it, a pen reads only
// the escape sequences: text runs are copied without being looked at, which
// is what makes the fast renderer fast. The fast path only writes escape
// sequences it made itself (text holding ESC falls back to glamour), so
// every sequence arrives whole.
type pen struct {
	p     *ansi.Parser
	style uv.Style
	link  uv.Link
	memo  *sgrMemo
}

// sgrMemo remembers the style an SGR sequence leaves after a given style:
// the same few sequences recur thousands of times in a render, and parsing
// them is most of the cost of following the pen.
type sgrMemo struct {
	fromZero map[string]uv.Style  // after no style: most sequences
	from     map[sgrStep]uv.Style // after some other style
	lastSeq  string               // the latest sequence looked up after no style
	lastTo   uv.Style             // and the style it leaves
}

type sgrStep struct {
	from uv.Style
	seq  string
}

func newSGRMemo() *sgrMemo {
	return &sgrMemo{fromZero: map[string]uv.Style{}, from: map[sgrStep]uv.Style{}}
}

func (m *sgrMemo) get(from uv.Style, seq string) (uv.Style, bool) {
	if from.IsZero() {
		if seq == m.lastSeq {
			return m.lastTo, true
		}
		st, ok := m.fromZero[seq]
		if ok {
			m.lastSeq, m.lastTo = seq, st
		}
		return st, ok
	}
	st, ok := m.from[sgrStep{from, seq}]
	return st, ok
}

func (m *sgrMemo) put(from uv.Style, seq string, to uv.Style) {
	if from.IsZero() {
		m.fromZero[seq] = to
		return
	}
	m.from[sgrStep{from, seq}] = to
}

func newPen(memo *sgrMemo) *pen {
	p := &pen{p: ansi.GetParser(), memo: memo}
	p.p.SetHandler(ansi.Handler{
		HandleCsi: func(cmd ansi.Cmd, params ansi.Params) {
			if cmd == 'm' {
				uv.ReadStyle(params, &p.style)
			}
		},
		HandleOsc: func(cmd int, data []byte) {
			if cmd == 8 {
				uv.ReadLink(data, &p.link)
			}
		},
	})
	return p
}

// release returns the parser to its pool; the pen is unusable after.
func (p *pen) release() {
	if p.p != nil {
		ansi.PutParser(p.p)
		p.p = nil
	}
}

func (p *pen) feed(seq string) {
	if seq == ansi.ResetStyle || seq == "\x1b[0m" {
		p.style = uv.Style{}
		return
	}
	isSGR := len(seq) > 2 && seq[1] == '[' && seq[len(seq)-1] == 'm'
	if isSGR && p.memo != nil {
		if st, ok := p.memo.get(p.style, seq); ok {
			p.style = st
			return
		}
	}
	from := p.style
	for i := 0; i < len(seq); i++ {
		p.p.Advance(seq[i])
	}
	if isSGR && p.memo != nil {
		p.memo.put(from, seq, p.style)
	}
}

func (p *pen) styled() bool { return !p.style.IsZero() }
func (p *pen) linked() bool { return p.link != uv.Link{} }

// nextStop is the index of the next '\n' or ESC in s, or -1.
func nextStop(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\n' || c == 0x1b {
			return i
		}
	}
	return -1
}

// escLen is the length of the escape sequence at the start of s: a CSI up
// to its final byte, an OSC up to BEL or ST, else ESC and one byte.
func escLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			if s[j] >= 0x40 && s[j] <= 0x7e {
				return j + 1
			}
		}
	case ']':
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
	default:
		return 2
	}
	return len(s)
}

// wrapInto writes lipgloss.Wrap(s, width, breakpoints) to mw: ansi.Wrap,
// then a pen pass, fed straight to the block writer. ansi.Wrap leaves text
// whose lines all fit untouched, so it is skipped for it.
func wrapInto(mw *blockWriter, s string, width int, breakpoints string, memo *sgrMemo) {
	if !linesFit(s, width) {
		s = ansi.Wrap(s, width, breakpoints)
	}
	p := newPen(memo)
	defer p.release()
	for s != "" {
		i := nextStop(s)
		if i < 0 {
			mw.write(s)
			break
		}
		if i > 0 {
			mw.write(s[:i])
		}
		if s[i] == '\n' {
			p.aroundNewline(mw)
			s = s[i+1:]
			continue
		}
		n := escLen(s[i:])
		p.feed(s[i : i+n])
		mw.write(s[i : i+n])
		s = s[i+n:]
	}
	if p.styled() {
		mw.write(ansi.ResetStyle)
	}
	if p.linked() {
		mw.write(ansi.ResetHyperlink())
	}
}

// aroundNewline writes a newline as a WrapWriter does: the pen closed
// before it and reopened after it.
func (p *pen) aroundNewline(mw *blockWriter) {
	if p.styled() {
		mw.write(ansi.ResetStyle)
	}
	if p.linked() {
		mw.write(ansi.ResetHyperlink())
	}
	mw.write("\n")
	if p.linked() {
		mw.write(ansi.SetHyperlink(p.link.URL, p.link.Params))
	}
	if p.styled() {
		mw.write(p.style.String())
	}
}

// linesFit reports whether every line of s is at most width cells wide.
func linesFit(s string, width int) bool {
	if width < 1 {
		return true // ansi.Wrap returns s as is
	}
	for s != "" {
		line := s
		j := strings.IndexByte(s, '\n')
		if j >= 0 {
			line, s = s[:j], s[j+1:]
		} else {
			s = ""
		}
		if len(line) > width && visibleWidth(line) > width {
			return false
		}
	}
	return true
}

// visibleWidth is ansi.StringWidth with a shortcut for text of ASCII and
// the few one-cell runes rendering adds (no-break space, bullets, box
// drawing, Latin letters), holding only well-formed CSI and OSC sequences
// (plainEscLen). Anything else (wide runes, marks, emoji, other or cut-off
// escapes, control bytes) is measured by ansi.StringWidth, so every string
// gets ansi's answer (TestVisibleWidthAgreesWithAnsi).
func visibleWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n := plainEscLen(s[i:])
			if n == 0 {
				return ansi.StringWidth(s)
			}
			i += n
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !oneCell(r) {
				return ansi.StringWidth(s)
			}
			n++
			i += size
		default:
			return ansi.StringWidth(s)
		}
	}
	return n
}

// plainEscLen is the length of the CSI (parameters, intermediates, a final
// byte) or OSC (printable payload ended by BEL or ST) at the start of s, or 0
// for anything else: those are left to ansi's parser.
func plainEscLen(s string) int {
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			switch c := s[j]; {
			case c >= 0x40 && c <= 0x7e:
				return j + 1
			case c < 0x20 || c > 0x3f:
				return 0
			}
		}
	case ']':
		for j := 2; j < len(s); j++ {
			switch c := s[j]; {
			case c == 0x07:
				return j + 1
			case c == 0x1b:
				if j+1 < len(s) && s[j+1] == '\\' {
					return j + 2
				}
				return 0
			case c < 0x20 || c == 0x7f:
				return 0
			}
		}
	}
	return 0
}

// oneCell reports whether r is one cell wide and never joins a grapheme
// cluster with its neighbours (TestOneCellRunes checks both against ansi).
func oneCell(r rune) bool {
	switch {
	case r == 0xa0, r >= 0xa1 && r <= 0xac, r >= 0xae && r <= 0x2af:
		return true
	case r == 0x2022, r == 0x2026, r == 0x2013, r == 0x2014, r == 0x2192:
		return true
	case r >= 0x2500 && r <= 0x257f:
		return true
	}
	return false
}
