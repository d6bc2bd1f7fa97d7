package render

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Emoji and text presentation selectors: they pick a glyph, not a
// character, and are dropped where they would make lipgloss count a width
// the terminal does not draw ("⚠️" is 2 cells to lipgloss, 1 to wcwidth).
const (
	textPresentation  = '\ufe0e'
	emojiPresentation = '\ufe0f'
)

// nextCluster returns the end of the grapheme cluster starting at s[i], a
// printable ASCII byte or a non-ASCII rune. simple reports a lone rune that
// needs no further check; most text takes this path, without segmenting.
func nextCluster(s string, i int) (end int, simple bool) {
	j := i + 1
	if s[i] >= 0x80 {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !simpleRune(r) {
			return slowCluster(s, i), false
		}
		j = i + size
	}
	if j == len(s) || s[j] < 0x80 {
		return j, true
	}
	if r2, _ := utf8.DecodeRuneInString(s[j:]); mayExtend(r2) {
		return slowCluster(s, i), false
	}
	return j, true
}

// slowCluster segments properly. An invalid byte is a cluster of its own,
// and a cluster never swallows a control byte: those are Sanitize's.
func slowCluster(s string, i int) int {
	if r, size := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && size == 1 {
		return i + 1
	}
	cluster, _ := ansi.FirstGraphemeCluster(s[i:], ansi.GraphemeWidth)
	for j := 1; j < len(cluster); j++ {
		if c := cluster[j]; c < 0x20 || c == 0x7f {
			return i + j
		}
	}
	return i + max(len(cluster), 1)
}

// simpleRune reports a rune that alone is printed as itself in as many
// cells as every layer computes (markedRunes keeps them equal), and that
// never starts a longer cluster with what follows unless that extends it.
func simpleRune(r rune) bool {
	switch {
	case r < 0xa0, r == utf8.RuneError, r == textPresentation, r == emojiPresentation:
		return false
	case r >= 0x1f1e6 && r <= 0x1f1ff: // regional indicators pair up
		return false
	}
	if r < 0x10000 {
		return runeSets().simple.has(r) && !mayExtend(r)
	}
	return !unicode.Is(markedRunes, r) && !mayExtend(r)
}

// mayExtend reports a rune that can continue the cluster before it
// (Grapheme_Cluster_Break Extend, SpacingMark, ZWJ, V, T).
func mayExtend(r rune) bool {
	switch {
	case r < 0x300:
		return false
	case r == 0x200c, r == 0x200d, r == 0x0e33, r == 0x0eb3, r == 0xff9e, r == 0xff9f:
		return true
	case r >= 0x1160 && r <= 0x11ff, r >= 0xd7b0 && r <= 0xd7ff: // Hangul V and T jamo
		return true
	case r >= 0x1f3fb && r <= 0x1f3ff, r >= 0xe0000 && r <= 0xe0fff: // modifiers, tags
		return true
	}
	if r < 0x10000 {
		return runeSets().mark.has(r)
	}
	return unicode.In(r, unicode.M)
}

// bmpSet is a bit a code point of the Basic Multilingual Plane: one bit
// test instead of searching range tables for every rune of non-ASCII text.
type bmpSet [0x10000 / 64]uint64

func (s *bmpSet) has(r rune) bool { return s[r>>6]&(1<<(r&63)) != 0 }

// sanitizeSets are the BMP halves of simpleRune and mayExtend.
type sanitizeSets struct {
	once         sync.Once
	simple, mark bmpSet // printable alone; a combining mark
}

var bmpSets sanitizeSets

// runeSets builds the BMP sets on first use (a few milliseconds), so
// programs that never print non-ASCII text never pay for them.
func runeSets() *sanitizeSets {
	bmpSets.once.Do(func() {
		for r := rune(0xa0); r < 0x10000; r++ {
			if unicode.In(r, unicode.M) {
				bmpSets.mark[r>>6] |= 1 << (r & 63)
			} else if !unicode.Is(markedRunes, r) {
				bmpSets.simple[r>>6] |= 1 << (r & 63)
			}
		}
	})
	return &bmpSets
}

// clusterSafe reports whether a grapheme cluster can be printed unchanged:
// every rune printable as itself, and the cells lipgloss lays out equal to
// the cells a wcwidth terminal advances, at least one.
func clusterSafe(cluster string) bool {
	if r, _ := utf8.DecodeRuneInString(cluster); mayExtend(r) {
		return false // would join whatever is printed before it
	}
	for i, r := range cluster {
		if runeNeedsStandIn(r, i, cluster) {
			return false
		}
	}
	return widthsAgree(cluster)
}

// runeNeedsStandIn reports a rune that is never printed as itself.
func runeNeedsStandIn(r rune, i int, s string) bool {
	switch {
	case r < 0x20, r >= 0x7f && r < 0xa0:
		return true
	case r == utf8.RuneError:
		_, size := utf8.DecodeRuneInString(s[i:])
		return size == 1
	}
	return r >= 0xa0 && unicode.Is(markedRunes, r)
}

// widthsAgree reports whether lipgloss (GraphemeWidth) and a terminal
// (WcWidth, which the marked-rune table keeps equal to glibc's wcwidth)
// give the cluster the same non-zero width.
func widthsAgree(cluster string) bool {
	wc := ansi.StringWidthWc(cluster)
	return wc > 0 && ansi.StringWidth(cluster) == wc
}

// writeCluster writes one grapheme cluster of untrusted text in its safe
// form.
func writeCluster(b *strings.Builder, cluster string) {
	if clusterSafe(cluster) {
		b.WriteString(cluster)
		return
	}
	// Runes that are never printed go first; what is left may fall apart
	// into several clusters, each judged on its own.
	var kept strings.Builder
	flush := func() {
		rest := kept.String()
		kept.Reset()
		for rest != "" {
			sub, _ := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
			if sub == "" {
				sub = rest
			}
			rest = rest[len(sub):]
			fixCluster(b, sub)
		}
	}
	for i, r := range cluster {
		if !runeNeedsStandIn(r, i, cluster) {
			kept.WriteRune(r)
			continue
		}
		flush()
		writeStandIn(b, r, i, cluster)
	}
	flush()
}

// writeStandIn writes the visible form of a rune that is never printed.
func writeStandIn(b *strings.Builder, r rune, i int, s string) {
	switch {
	case r == utf8.RuneError:
		b.WriteRune(utf8.RuneError) // an invalid byte, or U+FFFD itself
	case r < 0xa0:
		writeControl(b, r)
	default:
		b.WriteString(codePointLabel(r))
	}
}

// fixCluster writes a cluster made only of printable runes so that its
// layout width equals its drawn width.
func fixCluster(b *strings.Builder, cluster string) {
	first, size := utf8.DecodeRuneInString(cluster)
	leadingMark := mayExtend(first)
	if !leadingMark && widthsAgree(cluster) {
		b.WriteString(cluster)
		return
	}
	if !leadingMark && size < len(cluster) {
		trimmed := strings.Map(func(r rune) rune {
			if r == textPresentation || r == emojiPresentation {
				return -1
			}
			return r
		}, cluster[size:])
		trimmed = cluster[:size] + trimmed
		if widthsAgree(trimmed) {
			b.WriteString(trimmed)
			return
		}
		// Indic and other complex scripts: a consonant with a spacing vowel
		// sign ("नि") or a conjunct ("क्ष") is one cluster that lipgloss counts
		// as one glyph while terminals without grapheme support draw each
		// code point. Marking them would make the script unreadable; the
		// renderer and the terminal agree on the cells, so nothing is left
		// on screen, only the alignment of what follows on the line suffers.
		if complexScript(trimmed) && ansi.StringWidthWc(trimmed) > 0 {
			b.WriteString(trimmed)
			return
		}
	}
	// Keep the base if it stands on its own and show the rest by code point:
	// a skin-tone modifier, a lone flag letter. A mark with no base (after a
	// control, or first in the text) is shown too: printed, it would join
	// whatever is drawn before it.
	for i, r := range cluster {
		switch {
		case i == 0 && !leadingMark && widthsAgree(string(r)):
			b.WriteRune(r)
		case i > 0 && (r == textPresentation || r == emojiPresentation):
		default:
			b.WriteString(codePointLabel(r))
		}
	}
}

// complexScript reports a cluster built with a spacing combining mark or a
// virama that Unicode 15.1 lets join consonants (Indic_Conjunct_Break=Linker).
func complexScript(s string) bool {
	for _, r := range s {
		switch r {
		case 0x094d, 0x09cd, 0x0acd, 0x0b4d, 0x0c4d, 0x0d4d:
			return true
		}
		if r >= 0x300 && unicode.Is(unicode.Mc, r) {
			return true
		}
	}
	return false
}
