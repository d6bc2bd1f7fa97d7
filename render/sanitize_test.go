package render

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestSanitize(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "hello, world", "hello, world"},
		{"newlines kept", "a\nb\n", "a\nb\n"},
		{"unicode kept", "héllo 世界 🎉", "héllo 世界 🎉"},
		{"osc title", "\x1b]0;evil\x07", "␛]0;evil␇"},
		{"csi clear screen", "\x1b[2J\x1b[H", "␛[2J␛[H"},
		{"sgr colour", "\x1b[31mred\x1b[0m", "␛[31mred␛[0m"},
		{"osc 8 hyperlink", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "␛]8;;http://x␛\\link␛]8;;␛\\"},
		{"osc 52 clipboard", "\x1b]52;c;ZXZpbA==\x07", "␛]52;c;ZXZpbA==␇"},
		{"dcs", "\x1bPq#0;2;0;0;0\x1b\\", "␛Pq#0;2;0;0;0␛\\"},
		{"apc", "\x1b_Gf=100;AAAA\x1b\\", "␛_Gf=100;AAAA␛\\"},
		{"pm and sos", "\x1b^pm\x1b\\\x1bXsos\x1b\\", "␛^pm␛\\␛Xsos␛\\"},
		{"c1 csi", "\u009b2J", "␛[2J"},
		{"c1 osc and st", "\u009d0;t\u009c", "␛]0;t␛\\"},
		{"c1 dcs apc pm sos", "\u0090\u009f\u009e\u0098", "␛P␛_␛^␛X"},
		{"bel", "ding\a", "ding␇"},
		{"nul", "a\x00b", "a␀b"},
		{"backspace", "abc\b\b", "abc␈␈"},
		{"del", "x\x7fy", "x␡y"},
		{"vertical tab form feed", "a\vb\fc", "a␋b␌c"},
		{"crlf", "one\r\ntwo\r\n", "one\ntwo\n"},
		{"lone cr", "50%\r100%", "50%␍100%"},
		{"cr at end", "x\r", "x␍"},
		{"tab at line start", "\tx", "    x"},
		{"tab stops", "ab\tc\td", "ab  c   d"},
		{"tab after newline", "abc\n\tx", "abc\n    x"},
		{"tab after unsafe prefix", "abcdef\x07\tx", "abcdef␇ x"},
		{"invalid utf8", "a\xffb\xc3", "a\uFFFDb\uFFFD"},
		{"overlong encoding", "\xc0\xaf", "\uFFFD\uFFFD"},
		{"bidi override", "abc\u202Edcba", "abc⟨U+202E⟩dcba"},
		{"bidi isolates", "\u2066x\u2069", "⟨U+2066⟩x⟨U+2069⟩"},
		{"escape as last byte", "tail\x1b", "tail␛"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Sanitize(tt.in)
			if got != tt.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tt.in, got, tt.want)
			}
			assertSafe(t, got)
		})
	}
}

func TestSanitizeCleanInputIsNotCopied(t *testing.T) {
	in := strings.Repeat("clean text é 世\n", 10)
	allocs := testing.AllocsPerRun(10, func() { _ = Sanitize(in) })
	if allocs != 0 {
		t.Errorf("Sanitize allocated %v times for clean input", allocs)
	}
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b]0;evil\x07", "\u009b31m", "\r\n\t\x00", "\xff\xfe", "\u202e", "a\tb\rc",
		"rm\u00ad\u00ad; curl x | sh", "👨\u200d👩\u200d👧 👍🏽 ⚠️ 1️⃣ 🇺🇸", "क्षनि \u0301 \u1100\u1161", "\t日本\t語\u200b\U000E0041"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := Sanitize(in)
		assertSafe(t, out)
		assertCellsAgree(t, in, out)
		if again := Sanitize(out); again != out {
			t.Fatalf("not idempotent: %q → %q → %q", in, out, again)
		}
		if strings.Count(out, "\n") != strings.Count(in, "\n") {
			t.Fatalf("line count changed: %q → %q", in, out)
		}
	})
}

// assertSafe fails if s contains anything a terminal could act on.
func assertSafe(t *testing.T, s string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Fatalf("invalid UTF-8 in %q", s)
	}
	for i, r := range s {
		switch {
		case r < 0x20 && r != '\n':
			t.Fatalf("control %U at %d in %q", r, i, s)
		case r == 0x7f:
			t.Fatalf("DEL at %d in %q", i, s)
		case r >= 0x80 && r <= 0x9f:
			t.Fatalf("C1 %U at %d in %q", r, i, s)
		case r >= 0xa0 && unicode.Is(markedRunes, r):
			t.Fatalf("invisible or disputed %U at %d in %q", r, i, s)
		}
	}
}

func BenchmarkSanitizeClean(b *testing.B) {
	in := strings.Repeat("The quick brown fox jumps over the lazy dog. 世界\n", 2000)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		_ = Sanitize(in)
	}
}

func BenchmarkSanitizeHostile(b *testing.B) {
	in := strings.Repeat("\x1b[31mred\x1b[0m\tcol\r\n\u009b2J \u202e ok \xff\n", 2000)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		_ = Sanitize(in)
	}
}
