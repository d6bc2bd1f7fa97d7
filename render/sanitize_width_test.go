package render

import (
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

var glibcOnce struct {
	sync.Once
	w []int8
}

func glibcWidths(tb testing.TB) []int8 {
	glibcOnce.Do(func() { glibcOnce.w = loadGlibcWidths(tb) })
	return glibcOnce.w
}

// assertCellsAgree fails unless every line of out takes the same number of
// cells for lipgloss (GraphemeWidth), Bubble Tea's renderer (WcWidth) and a
// glibc wcwidth terminal, and holds nothing such a terminal cannot print.
// Complex-script clusters may be narrower to lipgloss, never wider (see
// fixCluster).
func assertCellsAgree(t *testing.T, in, out string) {
	t.Helper()
	glibc := glibcWidths(t)
	for line := range strings.SplitSeq(out, "\n") {
		for rest := line; rest != ""; {
			cluster, g := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
			rest = rest[len(cluster):]
			terminal := 0
			for _, r := range cluster {
				w := int(glibc[r])
				if w < 0 {
					t.Fatalf("Sanitize(%q) = %q keeps %U, which glibc cannot print", in, out, r)
				}
				terminal += w
			}
			wc := ansi.StringWidthWc(cluster)
			if wc != terminal {
				t.Fatalf("Sanitize(%q) = %q: cluster %q is %d cells to the renderer, %d to the terminal", in, out, cluster, wc, terminal)
			}
			if terminal == 0 {
				t.Fatalf("Sanitize(%q) = %q: zero-width cluster %q", in, out, cluster)
			}
			if g != wc && (g > wc || !complexScript(cluster)) {
				t.Fatalf("Sanitize(%q) = %q: cluster %q is %d cells to lipgloss, %d to the terminal", in, out, cluster, g, wc)
			}
		}
	}
}

// TestSanitizeEveryRune checks every code point alone, after a base letter
// and before one: the output must print in exactly the cells computed.
// Planes 4–13 (unassigned) and 15–16 (private use) are uniform, so every
// 251st code point stands for them.
func TestSanitizeEveryRune(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xd800 && r <= 0xdfff || r >= 0x40000 && r < 0xe0000 && r%251 != 0 || r >= 0xf0000 && r%251 != 0 {
			continue
		}
		s := string(r)
		for _, in := range []string{s, "a" + s, s + "a"} {
			out := Sanitize(in)
			assertSafe(t, out)
			assertCellsAgree(t, in, out)
		}
	}
}

// TestSanitizeInvisible is issue 11's first defect: characters that draw
// nothing, or that gclaude and the terminal measure differently, must be
// shown by code point.
func TestSanitizeInvisible(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a\u00adb", "a⟨U+00AD⟩b"},
		{"zero\u200bwidth", "zero⟨U+200B⟩width"},
		{"\u200c\u200d\u200e\u200f", "⟨U+200C⟩⟨U+200D⟩⟨U+200E⟩⟨U+200F⟩"},
		{"line\u2028para\u2029", "line⟨U+2028⟩para⟨U+2029⟩"},
		{"word\u2060joiner", "word⟨U+2060⟩joiner"},
		{"\ufeffbom", "⟨U+FEFF⟩bom"},
		{"tag\U000E0041\U000E007F", "tag⟨U+E0041⟩⟨U+E007F⟩"},
		{"vs\ufe00 \U000E0100", "vs⟨U+FE00⟩ ⟨U+E0100⟩"},
		{"hangul filler \u3164 \u115f", "hangul filler ⟨U+3164⟩ ⟨U+115F⟩"},
		{"unassigned \U0001FFFE \u0378", "unassigned ⟨U+1FFFE⟩ ⟨U+0378⟩"},
		{"family 👨\u200d👩\u200d👧", "family 👨⟨U+200D⟩👩⟨U+200D⟩👧"},
		{"thumbs 👍🏽", "thumbs 👍⟨U+1F3FD⟩"},
		{"\u0301 mark with no base", "⟨U+0301⟩ mark with no base"},
	}
	for _, tt := range tests {
		if got := Sanitize(tt.in); got != tt.want {
			t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestSanitizeKeepsReadableText: scripts, accents, emoji and flags that
// every layer measures alike pass unchanged.
func TestSanitizeKeepsReadableText(t *testing.T) {
	for _, s := range []string{
		"héllo wörld", "e\u0301", "日本語のテキスト", "한국어", "✅ done 🎉", "🇺🇸 🇯🇵",
		"नमस्ते दुनिया", "Ελληνικά", "עברית", "العربية", "ไทย", "→ … ① ─│┌",
	} {
		if got := Sanitize(s); got != s {
			t.Errorf("Sanitize(%q) = %q, want it unchanged", s, got)
		}
		assertCellsAgree(t, s, s)
	}
}

// TestSanitizeEmojiPresentation: an emoji selector that lipgloss would
// count as two cells on a one-cell base is dropped, not shown.
func TestSanitizeEmojiPresentation(t *testing.T) {
	for in, want := range map[string]string{
		"⚠️ careful": "⚠ careful",
		"❤️":         "❤",
		"1️⃣":        "1⃣",
		"🎉\ufe0f":    "🎉\ufe0f",
	} {
		got := Sanitize(in)
		if got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
		assertCellsAgree(t, in, got)
	}
}

func TestCodePointLabel(t *testing.T) {
	for r, want := range map[rune]string{0xad: "⟨U+00AD⟩", 0x200b: "⟨U+200B⟩", 0xe0041: "⟨U+E0041⟩", 0x10ffff: "⟨U+10FFFF⟩"} {
		if got := codePointLabel(r); got != want {
			t.Errorf("codePointLabel(%U) = %q, want %q", r, got, want)
		}
	}
	if !utf8.ValidString(codePointLabel(0)) {
		t.Error("invalid label")
	}
}
