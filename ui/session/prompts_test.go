package session

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/ui/transcript"
)

// command_lifecycle releases one queued prompt by its uuid; a result releases the rest.
func TestPromptsReleaseAndDrop(t *testing.T) {
	ps := Prompts{Queued: []Prompt{{UUID: "a", ID: 1}, {UUID: "b", ID: 2}, {UUID: "c", ID: 3}}, Held: []Prompt{{UUID: "h", ID: 4}}}
	if got := ps.Release("b"); !slices.Equal(got, []transcript.ID{2}) || len(ps.Queued) != 2 {
		t.Fatalf("release b: %v, left %v", got, ps.Queued)
	}
	if !ps.Drop("h") || ps.Drop("h") || ps.Pending() != 2 {
		t.Fatalf("drop h: %+v", ps)
	}
	if got := ps.Release(""); !slices.Equal(got, []transcript.ID{1, 3}) || ps.Pending() != 0 {
		t.Fatalf("release all: %v, left %+v", got, ps)
	}
}

func TestUndeliveredNotice(t *testing.T) {
	n := UndeliveredNotice(errors.New("claude exited"), 2)
	if n.Kind != transcript.NoticeError || n.Text != "the prompt was not sent (claude exited); it is back in the input; its 2 images must be pasted again" {
		t.Fatalf("%+v", n)
	}
	if n := UndeliveredNotice(errors.New("x"), 0); strings.Contains(n.Text, "image") {
		t.Fatalf("%+v", n)
	}
}
