package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
)

// hyperlinkSpans returns (target, visible text) for every OSC 8 hyperlink.
func hyperlinkSpans(t *testing.T, s string) [][2]string {
	t.Helper()
	var spans [][2]string
	open := -1
	target := ""
	for i := 0; i < len(s); {
		if s[i] != 0x1b {
			i++
			continue
		}
		n, kind, tg := escapeAt(s[i:])
		switch kind {
		case escNone:
			t.Fatalf("escape that is neither SGR nor OSC 8 at %d: %q", i, s[i:min(i+20, len(s))])
		case escLinkOpen:
			open, target = i+n, tg
		case escLinkClose:
			if open >= 0 {
				spans = append(spans, [2]string{target, ansi.Strip(s[open:i])})
				open = -1
			}
		}
		i += n
	}
	return spans
}

// assertRenderedSafe fails on any control character but '\n' and the ESC
// and BEL of SGR and OSC 8 sequences, and on any hyperlink whose visible
// text is not its target.
func assertRenderedSafe(t *testing.T, in, out string) {
	t.Helper()
	for _, sp := range hyperlinkSpans(t, out) {
		if strings.TrimSpace(sp[1]) != sp[0] {
			t.Errorf("Markdown(%q): hyperlink to %q shows %q", in, sp[0], sp[1])
		}
	}
	assertSafe(t, stripHyperlinks(ansi.Strip(out)))
}

// TestMarkdownEntitiesCannotInject: character references in text are shown
// as written, as Claude Code shows them (literal.go), so none decodes to a
// control or invisible character; where markdown still decodes them (a
// link's target) the rendered output is sanitized again.
func TestMarkdownEntitiesCannotInject(t *testing.T) {
	st := themes.New(themes.Dark)
	for in, want := range map[string]string{
		"title &#27;]0;pwned&#7; here":        "title &#27;]0;pwned&#7; here",
		"clear &#x1b;[2J screen":              "clear &#x1b;[2J screen",
		"soft&shy;hyphen":                     "soft&shy;hyphen",
		"zero&#x200b;width":                   "zero&#x200b;width",
		"rtl &#x202e;txet":                    "rtl &#x202e;txet",
		"csi &#x9b;31m":                       "csi &#x9b;31m",
		"`code &#27;[2J`":                     "code &#27;[2J",
		"<b title='&#27;]0;t&#7;'>x</b>":      "<b title='&#27;]0;t&#7;'>x</b>",
		"[a &#27;x](https://a.example/&#27;)": "a &#27;x",
	} {
		out := Markdown(in, 80, st)
		assertRenderedSafe(t, in, out)
		if !strings.Contains(ansi.Strip(out), want) {
			t.Errorf("Markdown(%q) = %q, want it to show %q", in, ansi.Strip(out), want)
		}
	}
}

// TestMarkdownLinksShowTheirTarget is issue 11's fifth defect: a link whose
// text is one URL must not be a hyperlink to another, and every target is
// printed.
func TestMarkdownLinksShowTheirTarget(t *testing.T) {
	st := themes.New(themes.Dark)
	for _, tt := range []struct{ in, target string }{
		{"[https://good.example](https://evil.example/steal)", "https://evil.example/steal"},
		{"[docs](https://evil.example/docs)", "https://evil.example/docs"},
		{"see <https://a.example/x>", "https://a.example/x"},
		{"![img](https://c.example/i.png)", "https://c.example/i.png"},
		{"[x](https://a.example/&#27;]0;t&#7;)", ""},
	} {
		out := Markdown(tt.in, 80, st)
		assertRenderedSafe(t, tt.in, out)
		if tt.target != "" && !strings.Contains(ansi.Strip(out), tt.target) {
			t.Errorf("Markdown(%q) = %q does not show the target %q", tt.in, ansi.Strip(out), tt.target)
		}
	}
	// A URL shown as itself stays clickable.
	out := Markdown("https://bare.example/p", 80, st)
	if spans := hyperlinkSpans(t, out); len(spans) != 1 || spans[0][0] != "https://bare.example/p" {
		t.Errorf("bare URL lost its hyperlink: %q", out)
	}
}

func TestSanitizeRenderedKeepsStyling(t *testing.T) {
	in := "\x1b[1mbold\x1b[m \x1b]8;;https://x.example\x07https://x.example\x1b]8;;\x07 \x1b[2Jraw\x07"
	want := "\x1b[1mbold\x1b[m \x1b]8;;https://x.example\x07https://x.example\x1b]8;;\x07 ␛[2Jraw␇"
	if got := SanitizeRendered(in); got != want {
		t.Errorf("SanitizeRendered = %q, want %q", got, want)
	}
}

// FuzzSanitizeRendered: whatever a renderer emits, what reaches the screen
// holds only SGR, honest OSC 8 hyperlinks and text measured as drawn.
func FuzzSanitizeRendered(f *testing.F) {
	for _, s := range []string{"", "\x1b[1mb\x1b[m", "\x1b]8;;https://e.example\x07https://g.example\x1b]8;;\x07",
		"\x1b]8;id=1;https://x\x1b\\x\x1b]8;;\x1b\\", "\x1b]0;t\x07\x1b[2J", "a\u00adb\x1b[31m\u0301", "\x1b]8;;https://x\x07open"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := SanitizeRendered(in)
		if p := DisplayProblem(out); p != "" {
			t.Fatalf("SanitizeRendered(%q) = %q: %s", in, out, p)
		}
		for _, sp := range hyperlinkSpans(t, out) {
			if strings.TrimSpace(sp[1]) != sp[0] {
				t.Fatalf("SanitizeRendered(%q) = %q: hyperlink to %q shows %q", in, out, sp[0], sp[1])
			}
		}
	})
}
