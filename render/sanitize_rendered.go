package render

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// SanitizeRendered makes the output of a third-party renderer (glamour,
// chroma) as safe as Sanitize makes plain text. Their input is sanitized,
// yet they can still produce characters it never held: markdown decodes
// entities, so "&#27;]0;x&#7;" becomes a raw OSC after Sanitize has run,
// and "&shy;" a soft hyphen. Here SGR sequences are kept, every text run is
// sanitized, and an OSC 8 hyperlink survives only if its visible text is
// exactly its target (see keepHyperlink); any other escape or control is
// shown as a picture.
func SanitizeRendered(s string) string {
	start := unchangedPrefix(s)
	if start == len(s) {
		return s // the usual case: styled text that needs nothing
	}
	return sanitizeRenderedFrom(s, start)
}

// sanitizeRenderedFrom is SanitizeRendered for s whose first start bytes
// need no change.
func sanitizeRenderedFrom(s string, start int) string {
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:start])
	var link *pendingLink // an open OSC 8 hyperlink, its text not yet judged
	out := func() *strings.Builder {
		if link != nil {
			return &link.body
		}
		return &b
	}
	text := start // start of the text run not yet written
	for i := start; i < len(s); {
		if s[i] != 0x1b {
			i++
			continue
		}
		n, kind, target := escapeAt(s[i:])
		if kind == escNone {
			i++
			continue // left in the text run: Sanitize shows it as ␛
		}
		out().WriteString(Sanitize(s[text:i]))
		switch kind {
		case escSGR:
			if end, k := styledSpaces(s, i, i+n); k > 0 {
				n = end - i // padding, kept whole
			}
			out().WriteString(s[i : i+n])
		case escLinkOpen:
			if link != nil {
				link.close(&b) // glamour never nests; drop the outer target
			}
			link = &pendingLink{open: s[i : i+n], target: target}
		case escLinkClose:
			if link != nil {
				link.body.WriteString(s[i : i+n])
				link.close(&b)
				link = nil
			}
		}
		i += n
		text = i
	}
	out().WriteString(Sanitize(s[text:]))
	if link != nil {
		link.body.WriteString(ansi.ResetHyperlink())
		link.close(&b)
	}
	return b.String()
}

// unchangedPrefix is how much of s SanitizeRendered copies as it is before
// anything needs its attention: SGR sequences and text runs Sanitize leaves
// alone, up to the start of the first run that holds something else (a
// control, a hyperlink, any other escape). A run is judged from its start,
// as SanitizeRendered judges it: grapheme clusters never span an ESC.
func unchangedPrefix(s string) int {
	run := 0
	for {
		i := firstUnsafe(s[run:])
		if i < 0 {
			return len(s)
		}
		i += run
		if s[i] != 0x1b {
			return run
		}
		n, kind, _ := escapeAt(s[i:])
		if kind != escSGR {
			return run
		}
		run = i + n
		if end, k := styledSpaces(s, i, run); k > 0 {
			run = end // padding: SGR, a space and a reset, repeated
		}
	}
}

// pendingLink collects the text of an OSC 8 hyperlink until its end.
type pendingLink struct {
	open, target string
	body         strings.Builder // sanitized text and SGR, then the closing OSC 8
}

// close writes the link, without its hyperlink when the text deceives.
func (l *pendingLink) close(b *strings.Builder) {
	body := l.body.String()
	if keepHyperlink(body, l.target) {
		b.WriteString(l.open)
		b.WriteString(body)
		return
	}
	b.WriteString(stripHyperlinks(body))
}

// keepHyperlink reports whether a hyperlink shows exactly where it goes: its
// visible text is its target, which is plain printable ASCII. Markdown links
// whose text differs ("[docs](https://evil.example)",
// "[https://good.example](https://evil.example)") lose the hyperlink; the
// target is printed next to them anyway, as a link of its own.
func keepHyperlink(body, target string) bool {
	if target == "" || len(target) > 2048 {
		return false
	}
	for i := 0; i < len(target); i++ {
		if target[i] <= 0x20 || target[i] >= 0x7f {
			return false
		}
	}
	return strings.TrimSpace(ansi.Strip(body)) == target
}

// stripHyperlinks removes OSC 8 sequences from already sanitized text.
func stripHyperlinks(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			if n, kind, _ := escapeAt(s[i:]); kind == escLinkOpen || kind == escLinkClose {
				i += n
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

type escKind int

const (
	escNone escKind = iota
	escSGR
	escLinkOpen
	escLinkClose
)

// escapeAt recognises the sequences renderers are allowed to emit at the
// start of s: SGR ("\x1b[…m") and OSC 8 ("\x1b]8;params;target" ended by
// BEL or ST). It returns their length, kind and, for OSC 8, the target.
func escapeAt(s string) (n int, kind escKind, target string) {
	if len(s) < 3 {
		return 0, escNone, ""
	}
	switch s[1] {
	case '[':
		for j := 2; j < len(s); j++ {
			c := s[j]
			switch {
			case c == 'm':
				return j + 1, escSGR, ""
			case c >= '0' && c <= '9', c == ';', c == ':':
			default:
				return 0, escNone, ""
			}
		}
	case ']':
		if !strings.HasPrefix(s[2:], "8;") {
			return 0, escNone, ""
		}
		for j := 4; j < len(s); j++ {
			end := 0
			switch {
			case s[j] == 0x07:
				end = j + 1
			case s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\':
				end = j + 2
			case s[j] < 0x20 || s[j] == 0x7f:
				return 0, escNone, ""
			default:
				continue
			}
			body := s[4:j] // params;target
			semi := strings.IndexByte(body, ';')
			if semi < 0 {
				return 0, escNone, ""
			}
			if target = body[semi+1:]; target == "" {
				return end, escLinkClose, ""
			}
			return end, escLinkOpen, target
		}
	}
	return 0, escNone, ""
}
