package input

import (
	"strings"
	"testing"
)

// vimCase is a key sequence typed in NORMAL mode on a draft; "|" marks the cursor
// (before the character it is on), "<esc>" is the escape key.
type vimCase struct {
	name, before, keys, after string
	mode                      VimMode
	register                  string
}

func splitCursor(t *testing.T, s string) VimBuffer {
	t.Helper()
	i := strings.Index(s, "|")
	if i < 0 {
		t.Fatalf("no cursor in %q", s)
	}
	return VimBuffer{Text: s[:i] + s[i+1:], Cursor: len([]rune(s[:i]))}
}

func showCursor(b VimBuffer) string {
	r := []rune(b.Text)
	c := min(max(b.Cursor, 0), len(r))
	return string(r[:c]) + "|" + string(r[c:])
}

// vimKeys splits a key string into keys: single characters and <esc>.
func vimKeys(s string) []string {
	var keys []string
	for s != "" {
		if rest, ok := strings.CutPrefix(s, "<esc>"); ok {
			keys, s = append(keys, "esc"), rest
			continue
		}
		r := []rune(s)
		keys, s = append(keys, string(r[0])), string(r[1:])
	}
	return keys
}

// typeVim types keys into v: those vim leaves alone are inserted, as the editor
// would in INSERT mode.
func typeVim(v *Vim, b VimBuffer, keys string) VimBuffer {
	for _, k := range vimKeys(keys) {
		next, handled := v.Key(k, b)
		if !handled {
			r := []rune(b.Text)
			next = VimBuffer{Text: string(splice(r, b.Cursor, b.Cursor, k)), Cursor: b.Cursor + 1}
		}
		b = next
	}
	return b
}

func runVimCases(t *testing.T, cases []vimCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := &Vim{mode: VimNormal}
			got := typeVim(v, splitCursor(t, c.before), c.keys)
			if s := showCursor(got); s != c.after {
				t.Errorf("%q on %q: got %q, want %q", c.keys, c.before, s, c.after)
			}
			if v.Mode() != c.mode {
				t.Errorf("mode %v, want %v", v.Mode(), c.mode)
			}
			if reg, _ := v.Register(); c.register != "" && reg != c.register {
				t.Errorf("register %q, want %q", reg, c.register)
			}
		})
	}
}

func TestVimMotions(t *testing.T) {
	runVimCases(t, []vimCase{
		{name: "h", before: "ab|c", keys: "h", after: "a|bc", mode: VimNormal},
		{name: "h stops at line start", before: "a\n|bc", keys: "h", after: "a\n|bc", mode: VimNormal},
		{name: "l", before: "|abc", keys: "l", after: "a|bc", mode: VimNormal},
		{name: "l stops on last char", before: "ab|c\nd", keys: "l", after: "ab|c\nd", mode: VimNormal},
		{name: "3l", before: "|abcde", keys: "3l", after: "abc|de", mode: VimNormal},
		{name: "j keeps column", before: "a|bc\ndef", keys: "j", after: "abc\nd|ef", mode: VimNormal},
		{name: "j onto short line", before: "ab|c\nd", keys: "j", after: "abc\n|d", mode: VimNormal},
		{name: "k", before: "abc\nd|ef", keys: "k", after: "a|bc\ndef", mode: VimNormal},
		{name: "w", before: "|foo bar", keys: "w", after: "foo |bar", mode: VimNormal},
		{name: "w over punctuation", before: "|foo.bar", keys: "w", after: "foo|.bar", mode: VimNormal},
		{name: "3w", before: "|a b c d", keys: "3w", after: "a b c |d", mode: VimNormal},
		{name: "w across lines", before: "|foo\nbar", keys: "w", after: "foo\n|bar", mode: VimNormal},
		{name: "W", before: "|foo.bar baz", keys: "W", after: "foo.bar |baz", mode: VimNormal},
		{name: "b", before: "foo b|ar", keys: "b", after: "foo |bar", mode: VimNormal},
		{name: "b to previous word", before: "foo |bar", keys: "b", after: "|foo bar", mode: VimNormal},
		{name: "2b", before: "a b |c", keys: "2b", after: "|a b c", mode: VimNormal},
		{name: "e", before: "|foo bar", keys: "e", after: "fo|o bar", mode: VimNormal},
		{name: "e to next word", before: "fo|o bar", keys: "e", after: "foo ba|r", mode: VimNormal},
		{name: "0", before: "x\n  ab|c", keys: "0", after: "x\n|  abc", mode: VimNormal},
		{name: "^", before: "x\n  ab|c", keys: "^", after: "x\n  |abc", mode: VimNormal},
		{name: "$", before: "|abc\nd", keys: "$", after: "ab|c\nd", mode: VimNormal},
		{name: "gg", before: "  a\nb\nc|c", keys: "gg", after: "  |a\nb\ncc", mode: VimNormal},
		{name: "G", before: "|a\nb\n c", keys: "G", after: "a\nb\n |c", mode: VimNormal},
		{name: "2G", before: "|a\nbb\nc", keys: "2G", after: "a\n|bb\nc", mode: VimNormal},
		{name: "f", before: "|a,b,c", keys: "f,", after: "a|,b,c", mode: VimNormal},
		{name: "2f", before: "|a,b,c", keys: "2f,", after: "a,b|,c", mode: VimNormal},
		{name: "t", before: "|abc", keys: "tc", after: "a|bc", mode: VimNormal},
		{name: "F", before: "a,b,|c", keys: "F,", after: "a,b|,c", mode: VimNormal},
		{name: "f without match", before: "|abc", keys: "fz", after: "|abc", mode: VimNormal},
		{name: "unknown key does nothing", before: "a|bc", keys: "Z", after: "a|bc", mode: VimNormal},
		{name: "esc cancels a count", before: "|abcd", keys: "3<esc>l", after: "a|bcd", mode: VimNormal},
	})
}

func TestVimOperators(t *testing.T) {
	runVimCases(t, []vimCase{
		{name: "x", before: "a|bc", keys: "x", after: "a|c", mode: VimNormal, register: "b"},
		{name: "3x", before: "|abcde", keys: "3x", after: "|de", mode: VimNormal, register: "abc"},
		{name: "x on last char", before: "ab|c", keys: "x", after: "a|b", mode: VimNormal},
		{name: "X", before: "ab|c", keys: "X", after: "a|c", mode: VimNormal, register: "b"},
		{name: "dw", before: "|foo bar", keys: "dw", after: "|bar", mode: VimNormal, register: "foo "},
		{name: "dw last word stops at line end", before: "a |foo\nbar", keys: "dw", after: "a| \nbar", mode: VimNormal, register: "foo"},
		{name: "2dw", before: "|a b c", keys: "2dw", after: "|c", mode: VimNormal},
		{name: "d2w", before: "|a b c", keys: "d2w", after: "|c", mode: VimNormal},
		{name: "de", before: "|foo bar", keys: "de", after: "| bar", mode: VimNormal},
		{name: "db", before: "foo |bar", keys: "db", after: "|bar", mode: VimNormal},
		{name: "d$", before: "a|bc\nd", keys: "d$", after: "|a\nd", mode: VimNormal},
		{name: "D", before: "a|bc", keys: "D", after: "|a", mode: VimNormal, register: "bc"},
		{name: "d0", before: "ab|c", keys: "d0", after: "|c", mode: VimNormal},
		{name: "dd", before: "a\nb|b\nc", keys: "dd", after: "a\n|c", mode: VimNormal, register: "bb"},
		{name: "dd last line", before: "a\n b|b", keys: "dd", after: "|a", mode: VimNormal},
		{name: "dd only line", before: "a|b", keys: "dd", after: "|", mode: VimNormal},
		{name: "2dd", before: "|a\nb\nc", keys: "2dd", after: "|c", mode: VimNormal, register: "a\nb"},
		{name: "3dd with fewer lines takes the rest", before: "a\n|b\nc", keys: "3dd", after: "|a", mode: VimNormal},
		{name: "dj", before: "|a\nb\nc", keys: "dj", after: "|c", mode: VimNormal},
		{name: "dk", before: "a\nb\n|c", keys: "dk", after: "|a", mode: VimNormal},
		{name: "dG", before: "a\n|b\nc", keys: "dG", after: "|a", mode: VimNormal},
		{name: "dgg", before: "a\n|b\nc", keys: "dgg", after: "|c", mode: VimNormal},
		{name: "df", before: "|a,b", keys: "df,", after: "|b", mode: VimNormal},
		{name: "dt", before: "|a,b", keys: "dt,", after: "|,b", mode: VimNormal},
		{name: "cw", before: "|foo bar", keys: "cwbaz<esc>", after: "ba|z bar", mode: VimNormal},
		{name: "cw leaves insert mode on", before: "|foo bar", keys: "cw", after: "| bar", mode: VimInsert, register: "foo"},
		{name: "ciw", before: "a fo|o b", keys: "ciwx", after: "a x| b", mode: VimInsert, register: "foo"},
		{name: "diw", before: "a fo|o b", keys: "diw", after: "a | b", mode: VimNormal},
		{name: "daw", before: "a fo|o b", keys: "daw", after: "a |b", mode: VimNormal},
		{name: "di\"", before: `say "he|llo" x`, keys: `di"`, after: `say "|" x`, mode: VimNormal},
		{name: "da\"", before: `say "he|llo" x`, keys: `da"`, after: `say | x`, mode: VimNormal},
		{name: "ci(", before: "f(a, |b)", keys: "ci(x", after: "f(x|)", mode: VimInsert},
		{name: "di{ nested", before: "{a {b} |c}", keys: "di{", after: "{|}", mode: VimNormal},
		{name: "cc keeps indent", before: "a\n  b|b\nc", keys: "cc", after: "a\n  |\nc", mode: VimInsert},
		{name: "C", before: "a|bc", keys: "Cx", after: "ax|", mode: VimInsert},
		{name: "s", before: "a|bc", keys: "sx", after: "ax|c", mode: VimInsert},
		{name: "yy p", before: "|ab\ncd", keys: "yyp", after: "ab\n|ab\ncd", mode: VimNormal, register: "ab"},
		{name: "yy P", before: "ab\n|cd", keys: "yyP", after: "ab\n|cd\ncd", mode: VimNormal},
		{name: "2yy", before: "|a\nb\nc", keys: "2yyG", after: "a\nb\n|c", mode: VimNormal, register: "a\nb"},
		{name: "yw", before: "|foo bar", keys: "yw$p", after: "foo barfoo| ", mode: VimNormal, register: "foo "},
		{name: "x p swaps", before: "|ab", keys: "xp", after: "b|a", mode: VimNormal},
		{name: "3p", before: "|a", keys: "x3p", after: "aa|a", mode: VimNormal},
		{name: "dd p", before: "|a\nb", keys: "ddp", after: "b\n|a", mode: VimNormal},
		{name: "r", before: "a|bc", keys: "rx", after: "a|xc", mode: VimNormal},
		{name: "J", before: "|a\n  b", keys: "J", after: "a| b", mode: VimNormal},
		{name: "u undoes dw", before: "|foo bar", keys: "dwu", after: "|foo bar", mode: VimNormal},
		{name: "u undoes an insert", before: "a|b", keys: "ixyz<esc>u", after: "a|b", mode: VimNormal},
		{name: "u twice", before: "|abc", keys: "xxuu", after: "|abc", mode: VimNormal},
		{name: "u with nothing to undo", before: "a|b", keys: "u", after: "a|b", mode: VimNormal},
	})
}

func TestVimInsertCommands(t *testing.T) {
	runVimCases(t, []vimCase{
		{name: "i", before: "a|b", keys: "ix", after: "ax|b", mode: VimInsert},
		{name: "a", before: "a|b", keys: "ax", after: "abx|", mode: VimInsert},
		{name: "a on empty", before: "|", keys: "ax", after: "x|", mode: VimInsert},
		{name: "I", before: "  a|b", keys: "Ix", after: "  x|ab", mode: VimInsert},
		{name: "A", before: "|ab\nc", keys: "Ax", after: "abx|\nc", mode: VimInsert},
		{name: "o", before: "a|b\nc", keys: "ox", after: "ab\nx|\nc", mode: VimInsert},
		{name: "O", before: "a\n|b", keys: "Ox", after: "a\nx|\nb", mode: VimInsert},
		{name: "esc moves left", before: "a|b", keys: "ix<esc>", after: "a|xb", mode: VimNormal},
		{name: "esc at line start stays", before: "a\n|b", keys: "i<esc>", after: "a\n|b", mode: VimNormal},
		{name: "A esc", before: "|ab", keys: "Ac<esc>", after: "ab|c", mode: VimNormal},
	})
}

func TestVimVisual(t *testing.T) {
	runVimCases(t, []vimCase{
		{name: "v shows VISUAL", before: "|abc", keys: "vl", after: "a|bc", mode: VimVisual},
		{name: "vld", before: "|abcd", keys: "vld", after: "|cd", mode: VimNormal, register: "ab"},
		{name: "vex", before: "|foo bar", keys: "vex", after: "| bar", mode: VimNormal},
		{name: "vy", before: "|abc", keys: "vlly$p", after: "abcab|c", mode: VimNormal, register: "abc"},
		{name: "vc", before: "a|bc", keys: "vcx", after: "ax|c", mode: VimInsert},
		{name: "v backwards", before: "ab|cd", keys: "vhhd", after: "|d", mode: VimNormal},
		{name: "esc leaves", before: "|ab", keys: "vl<esc>", after: "a|b", mode: VimNormal},
		{name: "v leaves", before: "|ab", keys: "vlv", after: "a|b", mode: VimNormal},
		{name: "counted motion", before: "|a b c", keys: "v2wd", after: "|", mode: VimNormal},
	})
}

// INSERT is the mode on entering vim mode (as in Claude Code); only esc is vim's there.
func TestVimStartsInInsert(t *testing.T) {
	v := NewVim()
	if v.Mode() != VimInsert {
		t.Fatalf("mode %v, want INSERT", v.Mode())
	}
	for _, k := range []string{"h", "d", "enter", "up"} {
		if _, handled := v.Key(k, VimBuffer{Text: "ab", Cursor: 1}); handled {
			t.Errorf("%q taken in INSERT mode", k)
		}
	}
	if _, handled := v.Key("esc", VimBuffer{Text: "ab", Cursor: 1}); !handled || v.Mode() != VimNormal {
		t.Errorf("esc: handled %v, mode %v", handled, v.Mode())
	}
}

func TestVimIndicator(t *testing.T) {
	for mode, want := range map[VimMode]string{VimInsert: "-- INSERT --", VimNormal: "", VimVisual: "-- VISUAL --"} {
		if got := mode.Indicator(); got != want {
			t.Errorf("mode %d: %q, want %q", mode, got, want)
		}
	}
}

func TestVimModeNames(t *testing.T) {
	for mode, want := range map[VimMode]string{VimInsert: "INSERT", VimNormal: "NORMAL", VimVisual: "VISUAL"} {
		if got := mode.String(); got != want {
			t.Errorf("mode %d: %q, want %q", mode, got, want)
		}
	}
}

func TestVimPending(t *testing.T) {
	v := &Vim{mode: VimNormal}
	b := VimBuffer{Text: "abc"}
	b, _ = v.Key("d", b)
	if !v.Pending() {
		t.Fatal("d is not pending")
	}
	v.Key("esc", b)
	if v.Pending() {
		t.Fatal("esc did not cancel d")
	}
}
