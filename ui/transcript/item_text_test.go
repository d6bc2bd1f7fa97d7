package transcript

import (
	"slices"
	"testing"

	"github.com/gclaude/gclaude/themes"
)

// A finished streamed answer keeps its lines, not the streaming renderer
// with its copies of the text and of the whole render; the lines are the
// same, and a resize still renders from scratch.
func TestFinishedStreamKeepsOnlyItsLines(t *testing.T) {
	answer := longAnswer(4_000)
	m, _ := newTest(100, 20, themes.Dark)
	for i, msg := range streamMessages(answer, 9) {
		m.Apply(msg)
		if i%50 == 0 {
			_ = m.View()
		}
	}
	_ = m.View()
	it, ok := m.items[0].(*textItem)
	if !ok || !it.done {
		t.Fatalf("item 0 is %T, want a finished answer", m.items[0])
	}
	if it.sm != nil {
		t.Fatal("the streaming renderer is still held after the answer finished and was drawn")
	}
	lines := m.itemLines(0)
	if want := newFinalText(answer).render(m.contentWidth(), m.st); !slices.Equal(lines, want) {
		t.Fatal("the kept lines differ from a from-scratch render")
	}
	it.touch() // the cache is redrawn: the kept lines answer, unchanged
	if again := m.itemLines(0); !slices.Equal(again, lines) {
		t.Fatal("redrawing at the same width changed the lines")
	}
	m.SetSize(70, 20)
	if want := newFinalText(answer).render(m.contentWidth(), m.st); !slices.Equal(m.itemLines(0), want) {
		t.Fatal("after a resize the answer differs from a from-scratch render")
	}
}
