package transcript

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/benchdoc"
	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// unrendered reports whether no item of c from index `from` on was rendered: no
// cached lines, and no streaming renderer made for an answer.
func unrendered(c *Conversation, from int) error {
	for i, it := range c.items[from:] {
		if it.base().cache.valid {
			return fmt.Errorf("item %d (%T) was rendered", from+i, it)
		}
		if t, ok := it.(*textItem); ok && t.sm != nil {
			return fmt.Errorf("answer %d has a streaming renderer", from+i)
		}
	}
	return nil
}

// converse adds a prompt and a streamed answer to c.
func converse(c *Conversation, tag string, size int, finish bool) {
	c.AddUserPrompt("question " + tag)
	answer(c, tag, size, finish)
}

// answer streams an answer of about size bytes into c; with finish false it is
// left streaming.
func answer(c *Conversation, tag string, size int, finish bool) {
	msgs := streamMessagesOf("msg_"+tag, benchdoc.Answer(size, "END "+tag), 37)
	if !finish {
		msgs = msgs[:len(msgs)-3] // no assistant line, no stops
	}
	for _, msg := range msgs {
		c.Apply(msg)
	}
}

// TestOneViewTwoConversations is the point of the split: two conversations are
// reduced independently, one View shows one and then the other, and each keeps
// its own place (scroll position, cursor, search); what a conversation receives
// while another is shown is not rendered until it is shown.
func TestOneViewTwoConversations(t *testing.T) {
	c := &testClock{now: t0}
	a, b := NewConversation(), NewConversation()
	a.SetClock(c.Now)
	b.SetClock(c.Now)
	v := NewView(themes.New(themes.Mono), keymap.Default(), a)
	v.SetSize(80, 12)
	press := func(keys ...string) {
		for _, k := range keys {
			v.HandleKey(keyPress(k))
		}
	}

	converse(a, "a1", 3000, true)
	converse(a, "a2", 3000, true)
	converse(b, "b1", 3000, true) // b is reduced while a is shown
	if err := unrendered(b, 0); err != nil {
		t.Fatalf("a conversation no view shows was rendered: %v", err)
	}

	// In a: scroll up, select an item, search.
	_ = v.View()
	v.SetFocused(true)
	press("pgup", "pgup", "up", "/", "q", "u", "e", "s", "t", "i", "o", "n", " ", "a", "enter")
	placeA, cursorA, screenA := v.vp, v.Cursor(), plainView(v)
	if v.Following() || cursorA == 0 || v.search.query != "question a" {
		t.Fatalf("set-up: following %v, cursor %d, query %q", v.Following(), cursorA, v.search.query)
	}

	// b is shown where it was left (nowhere yet: at its tail), with no cursor
	// and no search of a's.
	v.Show(b)
	if !v.Following() || v.Cursor() != 0 || v.search.active() {
		t.Fatalf("b shown with a's place: following %v, cursor %d, query %q", v.Following(), v.Cursor(), v.search.query)
	}
	if got := plainView(v); !strings.Contains(got, "END b1") {
		t.Fatalf("b's tail is not on screen:\n%s", got)
	}
	press("pgup", "up", "up")
	cursorB, screenB := v.Cursor(), plainView(v)
	if v.Following() || cursorB == 0 {
		t.Fatalf("set-up: b following %v, cursor %d", v.Following(), cursorB)
	}

	// a goes on while b is shown (a prompt sent there would follow the tail):
	// a finished answer and one still streaming.
	seen := len(a.items)
	answer(a, "a3", 2000, true)
	answer(a, "a4", 2000, false)
	c.Advance(300 * 1e6)
	a.Tick(c.now)
	if err := unrendered(a, seen); err != nil {
		t.Fatalf("a conversation reduced while hidden was rendered: %v", err)
	}

	// Back to a: where it was, the cursor and the search as they were, and the
	// badge for what arrived meanwhile.
	v.Show(a)
	if v.vp.top != placeA.top || v.Following() || v.Cursor() != cursorA || v.search.query != "question a" {
		t.Fatalf("a's place lost: top %v want %v, following %v, cursor %d want %d, query %q",
			v.vp.top, placeA.top, v.Following(), v.Cursor(), cursorA, v.search.query)
	}
	got := strings.Split(plainView(v), "\n")
	want := strings.Split(screenA, "\n")
	if !slices.Equal(got[:len(got)-1], want[:len(want)-1]) {
		t.Fatalf("a's screen changed:\n got:\n%s\nwant:\n%s", strings.Join(got, "\n"), screenA)
	}
	if !strings.Contains(got[len(got)-1], strings.TrimSpace(newBelowBadge)) {
		t.Fatalf("no new-output badge for what a received while hidden: %q", got[len(got)-1])
	}
	if v.NewBelow() != len(a.items)-seen {
		t.Fatalf("NewBelow %d, want %d", v.NewBelow(), len(a.items)-seen)
	}
	if err := unrendered(a, seen); err != nil {
		t.Fatalf("items below the screen were rendered: %v", err)
	}

	// And b again, as it was left.
	v.Show(b)
	if v.Cursor() != cursorB || plainView(v) != screenB {
		t.Fatalf("b's place lost: cursor %d want %d\n got:\n%s\nwant:\n%s", v.Cursor(), cursorB, plainView(v), screenB)
	}

	// The streaming answer a received while hidden draws as it would have.
	v.Show(a)
	press("G")
	v.SetFocused(false)
	tail := plainView(v)
	fresh := NewConversation()
	fresh.SetClock(c.Now)
	answer(fresh, "a4", 2000, false)
	fv := NewView(themes.New(themes.Mono), keymap.Default(), fresh)
	fv.SetSize(80, 12)
	if want := plainView(fv); lastLines(tail, 6) != lastLines(want, 6) {
		t.Fatalf("the answer streamed while hidden draws differently:\n got:\n%s\nwant:\n%s", tail, want)
	}
}

func lastLines(s string, n int) string {
	l := strings.Split(s, "\n")
	return strings.Join(l[max(len(l)-n, 0):], "\n")
}
