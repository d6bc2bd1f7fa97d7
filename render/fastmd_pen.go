package render

import (
	"strings"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// pen follows the SGR style and OSC 8 link that the bytes written so far
// leave active, as lipgloss's WrapWriter does. Unlike it, a pen reads only
// the escape sequences: text runs are copied without being looked at, which
// is what makes the fast renderer fast. The fast path only writes escape
// sequences it made itself (text holding ESC falls back to glamour), so
// every sequence arrives whole.
//
// The style is kept as an id of the memo's interned styles (0: no style),
// so following a sequence seen before is a lookup, and reopening the style
// after a newline writes a cached string.
type pen struct {
	p     *ansi.Parser // only for sequences the memo has not seen; nil until then
	style uv.Style     // scratch for the parser; the style is id
	id    int32
	link  uv.Link
	memo  *sgrMemo
}

// sgrMemo remembers the style an SGR sequence leaves after a given style:
// the same few sequences recur thousands of times in a render, and parsing
// them is most of the cost of following the pen. It also keeps what a
// render's writers reuse: pens, block writers, padding runs and the links
// OSC 8 sequences set. One memo belongs to one renderer at a time.
type sgrMemo struct {
	styles  []internedStyle
	ids     map[uv.Style]int32
	steps   map[sgrStep]sgrResult
	recent  [64]sgrRecent // steps looked up lately, by recentSlot
	pens    []*pen
	writers []*blockWriter
	pads    map[string]string  // a padding token repeated, by token
	links   map[string]uv.Link // the link an OSC 8 sequence sets
}

type internedStyle struct {
	style uv.Style
	seq   string // style.String(), once asked for
	built bool
}

type sgrStep struct {
	from int32
	seq  string
}

// sgrResult holds the memo's own copy of the sequence: callers' sequences
// may be views of buffers that are reused.
type sgrResult struct {
	to  int32
	seq string
}

func newSGRMemo() *sgrMemo {
	return &sgrMemo{
		styles: []internedStyle{{built: true}},
		ids:    map[uv.Style]int32{{}: 0},
		steps:  map[sgrStep]sgrResult{},
		pads:   map[string]string{},
		links:  map[string]uv.Link{},
	}
}

// size is how many entries the memo holds, to bound its growth.
func (m *sgrMemo) size() int { return len(m.styles) + len(m.steps) + len(m.links) }

// sgrRecent is a step of the memo's small cache in front of its map: a
// render cycles through a few sequences (a theme's colours), and comparing
// one sequence is cheaper than hashing it.
type sgrRecent struct {
	from, to int32
	seq      string // the memo's copy; "" for an empty slot
}

// recentSlot picks a cache slot from the bytes that tell a theme's SGR
// sequences apart: their length and the last digits of their colour.
func recentSlot(from int32, seq string) int {
	n := len(seq)
	h := uint(n)*31 + uint(from)*17 + uint(seq[n-2])*7 + uint(seq[n-3])*3
	if n > 5 {
		h += uint(seq[n-5])*5 + uint(seq[n-6])
	}
	return int(h & 63)
}

func (m *sgrMemo) get(from int32, seq string) (int32, bool) {
	slot := &m.recent[recentSlot(from, seq)]
	if slot.from == from && slot.seq == seq && seq != "" {
		return slot.to, true
	}
	res, ok := m.steps[sgrStep{from, seq}]
	if ok {
		*slot = sgrRecent{from: from, to: res.to, seq: res.seq}
	}
	return res.to, ok
}

func (m *sgrMemo) put(from int32, seq string, to int32) {
	seq = strings.Clone(seq)
	m.steps[sgrStep{from, seq}] = sgrResult{to, seq}
}

// intern returns the id of a style, adding it if new.
func (m *sgrMemo) intern(st uv.Style) int32 {
	if id, ok := m.ids[st]; ok {
		return id
	}
	id := int32(len(m.styles))
	m.styles = append(m.styles, internedStyle{style: st})
	m.ids[st] = id
	return id
}

// seqOf is the sequence that opens interned style id.
func (m *sgrMemo) seqOf(id int32) string {
	s := &m.styles[id]
	if !s.built {
		s.seq, s.built = s.style.String(), true
	}
	return s.seq
}

// padding is tok repeated n times, from a cached run grown as needed.
func (m *sgrMemo) padding(tok string, n int) string {
	run := m.pads[tok]
	if len(run) < n*len(tok) {
		run = strings.Repeat(tok, max(n, 2*len(run)/max(len(tok), 1)))
		m.pads[strings.Clone(tok)] = run
	}
	return run[:n*len(tok)]
}

// newPen returns a pen with no style or link, reusing one of memo's.
func newPen(memo *sgrMemo) *pen {
	if n := len(memo.pens); n > 0 {
		p := memo.pens[n-1]
		memo.pens = memo.pens[:n-1]
		return p
	}
	return &pen{memo: memo}
}

// release returns the pen to its memo; the pen is unusable after.
func (p *pen) release() {
	if p.p != nil {
		ansi.PutParser(p.p)
		p.p = nil
	}
	p.id, p.link = 0, uv.Link{}
	p.memo.pens = append(p.memo.pens, p)
}

// parse runs a sequence through ansi's parser, from the pen's state.
func (p *pen) parse(seq string) {
	if p.p == nil {
		p.p = ansi.GetParser()
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
	}
	p.style = p.memo.styles[p.id].style
	for i := 0; i < len(seq); i++ {
		p.p.Advance(seq[i])
	}
	p.id = p.memo.intern(p.style)
}

func (p *pen) feed(seq string) {
	if seq == ansi.ResetStyle || seq == "\x1b[0m" {
		p.id = 0
		return
	}
	isSGR := len(seq) > 2 && seq[1] == '[' && seq[len(seq)-1] == 'm'
	if !isSGR {
		if l, ok := p.memo.links[seq]; ok {
			p.link = l
			return
		}
		p.parse(seq)
		// An OSC 8 of three fields sets the whole link whatever the one
		// before (uv.ReadLink), so the result can be kept; the others
		// leave the link as it was.
		if len(seq) < 1024 && strings.HasPrefix(seq, "\x1b]8;") && strings.Count(seq, ";") == 2 {
			p.memo.links[strings.Clone(seq)] = p.link
		}
		return
	}
	if to, ok := p.memo.get(p.id, seq); ok {
		p.id = to
		return
	}
	from := p.id
	p.parse(seq)
	p.memo.put(from, seq, p.id)
}

func (p *pen) styled() bool { return p.id != 0 }
func (p *pen) linked() bool { return p.link != uv.Link{} }

// open is the sequence that reopens the pen's style.
func (p *pen) open() string { return p.memo.seqOf(p.id) }

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
			mw.writeRun(s)
			break
		}
		if i > 0 {
			mw.writeRun(s[:i])
		}
		if s[i] == '\n' {
			p.aroundNewline(mw)
			s = s[i+1:]
			continue
		}
		n := escLen(s[i:])
		if end, k := styledSpacesAt(s, i, n); k > 0 {
			// Padding: every unit ends in a reset, so both pens end
			// unstyled, links untouched, and the line k cells wider.
			p.id = 0
			mw.writeStyledSpaces(s[i:end], k)
			s = s[end:]
			continue
		}
		p.feed(s[i : i+n])
		mw.writeEsc(s[i : i+n])
		s = s[i+n:]
	}
	if p.styled() {
		mw.writeEsc(ansi.ResetStyle)
	}
	if p.linked() {
		mw.writeEsc(ansi.ResetHyperlink())
	}
}

// styledSpacesAt is styledSpaces for the escape sequence of n bytes at
// s[i], when that is a well-formed SGR sequence.
func styledSpacesAt(s string, i, n int) (end, k int) {
	if j := sgrEnd(s, i); j == i+n {
		return styledSpaces(s, i, j)
	}
	return i, 0
}

// aroundNewline writes a newline as a WrapWriter does: the pen closed
// before it and reopened after it.
func (p *pen) aroundNewline(mw *blockWriter) {
	if p.styled() {
		mw.writeEsc(ansi.ResetStyle)
	}
	if p.linked() {
		mw.writeEsc(ansi.ResetHyperlink())
	}
	mw.newline()
	// Sequences made here go through write, which splits what it is given.
	if p.linked() {
		mw.write(ansi.SetHyperlink(p.link.URL, p.link.Params))
	}
	if p.styled() {
		mw.write(p.open())
	}
}
