package transcript

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/gclaude/gclaude/internal/benchdoc"
	"github.com/gclaude/gclaude/themes"
)

// longAnswers is a transcript of n turns: a prompt and a long answer each.
func longAnswers(n, w, h int) *testModel {
	m, _ := newTest(w, h, themes.Dark)
	for i := range n {
		m.AddUserPrompt(fmt.Sprintf("question %d", i+1))
		m.add(newFinalText(benchdoc.Answer(2000+300*i, fmt.Sprintf("END %d", i+1))))
	}
	return m
}

// TestPageUpPassesUnrenderedAnswersWithoutRenderingThem pages up through answers the
// view never drew (inline mode draws no transcript): the answers passed are not
// rendered until the view shows where the page-ups led.
func TestPageUpPassesUnrenderedAnswersWithoutRenderingThem(t *testing.T) {
	m := longAnswers(6, 100, 30)
	for range 40 {
		m.PageUp()
	}
	rendered := 0
	for i := range len(m.items) - 2 { // the last answer is measured to find the bottom
		if m.measured(i) {
			rendered++
		}
	}
	if rendered > 1 {
		t.Fatalf("40 page-ups rendered %d of the items they passed; want at most the one they stopped in", rendered)
	}
}

// TestDeferredScrollShowsWhatMeasuringAtOnceShows drives two copies of a transcript
// of long answers with the same page-ups and then random page-downs, line scrolls,
// resizes, theme changes, jumps, new answers and the view going to another
// conversation and back: one has every item measured before each step (so scrolling
// up measures as it goes, as it always did), the other leaves scrolling up through
// unmeasured answers for the view. The views must be the same.
func TestDeferredScrollShowsWhatMeasuringAtOnceShows(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	light, dark := themes.New(themes.Light), themes.New(themes.Dark)
	deferred := 0
	for round := range 40 {
		lazy, eager := longAnswers(4, 100, 25), longAnswers(4, 100, 25)
		other := NewConversation()
		other.AddNotice(NoticeInfo, "another session")
		step := func(op, lines int) {
			for i := range eager.items {
				eager.heightOf(i)
			}
			if op == 8 {
				// The lazy one's View shows another conversation a while: output
				// arrives meanwhile and the screen is resized; then it comes back.
				lazy.Show(other)
				_ = lazy.View()
				for _, m := range []*testModel{lazy, eager} {
					m.Conversation.AddNotice(NoticeInfo, "while away")
					m.Conversation.add(newFinalText(benchdoc.Answer(1500, "AWAY")))
					m.SetSize(70+10*(round%3), 25)
				}
				lazy.Show(lazy.Conversation)
				return
			}
			for _, m := range []*testModel{lazy, eager} {
				switch op {
				case 0:
					m.PageUp()
				case 1:
					m.PageDown()
				case 2:
					m.ScrollLines(lines)
				case 3:
					m.SetSize(60+20*(round%3), 25)
				case 4:
					if m.st == light {
						m.SetStyles(dark)
					} else {
						m.SetStyles(light)
					}
				case 5: // output arrives while the view is away from the tail
					m.AddNotice(NoticeInfo, "one more")
					m.add(newFinalText(benchdoc.Answer(2000, "MORE")))
				case 6:
					m.GotoTop()
				case 7:
					w, _ := m.Size()
					m.SetSize(w, 15+lines%10) // taller or shorter, same width
				}
			}
		}
		for range 1 + r.IntN(40) {
			step(0, 0)
		}
		for range r.IntN(3) {
			step(r.IntN(9), r.IntN(41)-20)
		}
		if lazy.vp.top.line < 0 {
			deferred++
		}
		if got, want := lazy.View(), eager.View(); got != want {
			t.Fatalf("round %d: the views differ\nlazy:\n%s\neager:\n%s", round, got, want)
		}
		if lazy.Following() != eager.Following() || lazy.NewBelow() != eager.NewBelow() || lazy.grewBelow() != eager.grewBelow() {
			t.Fatalf("round %d: following %v/%v, new below %d/%d, grew %v/%v", round, lazy.Following(), eager.Following(),
				lazy.NewBelow(), eager.NewBelow(), lazy.grewBelow(), eager.grewBelow())
		}
	}
	t.Logf("%d of 40 views found the scroll deferred", deferred)
	if deferred < 10 {
		t.Fatalf("only %d views found the scroll deferred: the test would not see a difference", deferred)
	}
}

// TestPageUpWhenEverythingFitsKeepsFollowing pages up in a transcript shorter than the
// screen: there is nowhere to go, so the view keeps following the tail.
func TestPageUpWhenEverythingFitsKeepsFollowing(t *testing.T) {
	m := numbered(3, 80, 30)
	m.PageUp()
	if !m.Following() {
		t.Fatal("a page-up with everything on screen left the tail")
	}
}
