package transcript

import (
	"strings"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

func TestSearch(t *testing.T) {
	m := numbered(40, 40, 8)
	m.items[4].(*noticeItem).text = "needle five"
	m.items[19].(*noticeItem).text = "a NEEDLE twenty"
	m.items[34].(*noticeItem).text = "needle thirty-five"
	m.SetFocused(true)

	press(m, "/", "n", "e", "e", "d", "l", "e")
	v := plainView(m)
	if !strings.Contains(v, "/needle") || !strings.Contains(v, "3 matches") {
		t.Fatalf("prompt line missing:\n%s", v)
	}
	if len(strings.Split(m.View(), "\n")) != 8 {
		t.Fatal("the prompt changed the view's height")
	}
	press(m, "enter")
	if m.search.prompting {
		t.Fatal("enter did not close the prompt")
	}
	// The cursor was on item 40: enter wraps to the first match.
	want := []string{"needle five", "a NEEDLE twenty", "needle thirty-five", "needle five"}
	for i, w := range want {
		if i > 0 {
			press(m, "n")
		}
		if got := m.items[m.cursor].plain(); got != w {
			t.Fatalf("match %d: cursor on %q, want %q", i, got, w)
		}
		if !strings.Contains(plainView(m), w) {
			t.Fatalf("match %q is not on screen:\n%s", w, plainView(m))
		}
	}
	press(m, "N", "N")
	if got := m.items[m.cursor].plain(); got != "a NEEDLE twenty" {
		t.Fatalf("N: cursor on %q", got)
	}
	// Highlights: the current match in its own style, the text kept.
	line := ""
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.Contains(l, "twenty") {
			line = l
		}
	}
	if !strings.Contains(line, m.st.Search.Current.Render("NEEDLE")) {
		t.Fatalf("current match not highlighted: %q", line)
	}
	press(m, "esc")
	if m.search.active() || strings.Contains(m.View(), m.st.Search.Current.Render("NEEDLE")) {
		t.Fatal("esc did not clear the search")
	}
	if handled, _ := m.HandleKey(keyPress("esc")); handled {
		t.Fatal("a second esc should go to the root")
	}
}

func TestSearchTypingAndCancel(t *testing.T) {
	m := numbered(5, 40, 8)
	m.SetFocused(true)
	press(m, "/", "i", "t", "e", "x")
	if m.search.count != 0 || !strings.Contains(plainView(m), "no matches") {
		t.Fatalf("count %d\n%s", m.search.count, plainView(m))
	}
	press(m, "backspace")
	if m.search.count != 5 {
		t.Fatalf("after backspace count = %d, want 5", m.search.count)
	}
	for _, k := range []string{"j", "k", "g", "x", "y"} {
		if handled, _ := m.HandleKey(keyPress(k)); !handled {
			t.Fatalf("%q typed into the prompt was not handled", k)
		}
	}
	press(m, "esc")
	if m.search.prompting || m.search.active() {
		t.Fatal("esc did not cancel the search")
	}
}

// TestSearchExpandsCollapsedMatch: a match hidden in collapsed output
// expands its item when jumped to.
func TestSearchExpandsCollapsedMatch(t *testing.T) {
	m, c := newTest(80, 20, themes.Mono)
	feed(m, c, loadCapture(t, "exp01b_partial"))
	m.SetFocused(true)
	press(m, "/", "c", "a", "r", "e", "f", "u", "l", "l", "y", "enter")
	th, ok := m.items[m.cursor].(*thinkingItem)
	if !ok || !th.expanded {
		t.Fatalf("cursor on %T (expanded %v), want the expanded thinking", m.items[m.cursor], ok && th.expanded)
	}
	if !strings.Contains(plainView(m), "carefully") {
		t.Fatalf("the match is not shown:\n%s", plainView(m))
	}
}

func TestHighlightKeepsStyling(t *testing.T) {
	st := themes.New(themes.Dark)
	s := searchState{query: "foo"}
	line := st.Accent.Render("a foo b") + " " + st.Muted.Render("foo")
	got := s.highlight(line, false, st)
	if want := "a foo b foo"; plainOf(got) != want {
		t.Fatalf("text changed: %q", plainOf(got))
	}
	if strings.Count(got, st.Search.Match.Render("foo")) != 2 {
		t.Fatalf("want two highlighted matches: %q", got)
	}
}
