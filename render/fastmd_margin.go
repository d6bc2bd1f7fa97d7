package render

import (
	"bytes"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// blockWriter reproduces, byte for byte, what glamour's margin writer
// (an indenting writer over a padding writer) makes of a block's text, in
// runs instead of rune by rune:
//
//   - at the start of every line (empty ones too) the indent pen is closed,
//     the indent token written, and the pen reopened;
//   - each '\n' is wrapped in the indenting layer's pen resets and
//     restores (the padding layer's own pen is always closed at a newline,
//     as the indenting layer has just closed its pen, so it adds nothing);
//   - before each '\n' the line is padded to padTo cells with padTok,
//     written past both layers.
//
// With pad false it is glamour's bare indenting writer (code blocks): no
// padding layer, and everything goes straight to dst.
type blockWriter struct {
	dst       *bytes.Buffer
	indent    string // the whole indentation, tokens already styled
	pad       bool
	padTo     int
	padTok    string
	ipen      *pen // the indenting layer's pen
	midLine   bool // the indent of the current line is written
	lineWidth int  // cells the padding layer has seen on this line
}

// newBlockWriter returns a writer, reusing one of memo's (see close).
func newBlockWriter(dst *bytes.Buffer, indent string, pad bool, padTo int, padTok string, memo *sgrMemo) *blockWriter {
	var w *blockWriter
	if n := len(memo.writers); n > 0 {
		w = memo.writers[n-1]
		memo.writers = memo.writers[:n-1]
	} else {
		w = new(blockWriter)
	}
	*w = blockWriter{dst: dst, indent: indent, pad: pad, padTo: padTo, padTok: padTok, ipen: newPen(memo)}
	return w
}

func (w *blockWriter) write(s string) {
	for s != "" {
		i := nextStop(s)
		if i < 0 {
			w.writeRun(s)
			return
		}
		if i > 0 {
			w.writeRun(s[:i])
		}
		if s[i] == '\n' {
			w.newline()
			s = s[i+1:]
			continue
		}
		n := escLen(s[i:])
		w.writeEsc(s[i : i+n])
		s = s[i+n:]
	}
}

// writeRun writes text holding no newline or ESC.
func (w *blockWriter) writeRun(t string) {
	if !w.midLine {
		w.startLine()
	}
	w.padText(t)
}

// writeEsc writes one whole escape sequence.
func (w *blockWriter) writeEsc(seq string) {
	if !w.midLine {
		w.startLine()
	}
	w.ipen.feed(seq)
	w.padSeq(seq)
}

// writeStyledSpaces writes a run of k styled spaces (see styledSpaces): the
// indenting layer's pen ends unstyled, its link as it was.
func (w *blockWriter) writeStyledSpaces(run string, k int) {
	if !w.midLine {
		w.startLine()
	}
	w.ipen.id = 0
	if w.pad {
		w.lineWidth += k
	}
	w.dst.WriteString(run)
}

// newline ends a line (an empty one gets its indentation too).
func (w *blockWriter) newline() {
	if !w.midLine {
		w.startLine()
	}
	w.midLine = false
	w.ipenNewline()
}

// reserve grows the destination for s written through w, so that a big
// block is not copied as the destination doubles: s, and per line the
// indentation, a little for the pens, and the padding. A line's width is
// guessed from its bytes less about 10 per escape sequence (an SGR colour
// is 19, a reset 3); an eighth more absorbs the error.
func (w *blockWriter) reserve(s string) {
	n := len(s)
	for {
		i := strings.IndexByte(s, '\n')
		line := s
		if i >= 0 {
			line = s[:i]
		}
		n += len(w.indent) + 16
		if w.pad {
			width := len(line) - 10*strings.Count(line, "\x1b")
			n += min(max(w.padTo-width, 0), w.padTo) * len(w.padTok)
		}
		if i < 0 {
			break
		}
		s = s[i+1:]
	}
	w.dst.Grow(n + n/8)
}

// startLine writes the indentation, with the indent pen closed around it.
func (w *blockWriter) startLine() {
	ip := w.ipen
	if ip.styled() {
		w.padSeq(ansi.ResetStyle)
	}
	if ip.linked() {
		w.padSeq(ansi.ResetHyperlink())
	}
	w.dst.WriteString(w.indent)
	w.midLine = true
	if ip.styled() {
		w.padSeq(ip.open())
	}
	if ip.linked() {
		w.padSeq(ansi.SetHyperlink(ip.link.URL, ip.link.Params))
	}
}

// ipenNewline passes '\n' through the indenting layer's pen.
func (w *blockWriter) ipenNewline() {
	ip := w.ipen
	if ip.styled() {
		w.padSeq(ansi.ResetStyle)
	}
	if ip.linked() {
		w.padSeq(ansi.ResetHyperlink())
	}
	w.padNewline()
	if ip.linked() {
		w.padSeq(ansi.SetHyperlink(ip.link.URL, ip.link.Params))
	}
	if ip.styled() {
		w.padSeq(ip.open())
	}
}

// padText, padSeq and padNewline are the padding layer: a text run without
// newline or escape, a whole escape sequence, and a newline.
func (w *blockWriter) padText(t string) {
	if w.pad {
		w.lineWidth += visibleWidth(t)
	}
	w.dst.WriteString(t)
}

func (w *blockWriter) padSeq(seq string) {
	w.dst.WriteString(seq)
}

func (w *blockWriter) padNewline() {
	if !w.pad {
		w.dst.WriteByte('\n')
		return
	}
	if n := w.padTo - w.lineWidth; n > 0 {
		w.dst.WriteString(w.ipen.memo.padding(w.padTok, n))
	}
	w.lineWidth = 0
	w.dst.WriteByte('\n')
}

// close flushes the pens as the writers' Close methods do, and gives the
// writer back to its memo: it is unusable after.
func (w *blockWriter) close() {
	ip := w.ipen
	if ip.styled() {
		w.padSeq(ansi.ResetStyle)
	}
	if ip.linked() {
		w.padSeq(ansi.ResetHyperlink())
	}
	memo := ip.memo
	ip.release()
	*w = blockWriter{}
	memo.writers = append(memo.writers, w)
}
