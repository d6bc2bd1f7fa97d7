package session

import (
	"slices"
	"testing"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// shift+tab walks the everyday modes and wraps; dontAsk is in /mode's list only.
func TestModeCycleAndPicker(t *testing.T) {
	cycle := ModeCycle(map[string]bool{}, nil, false)
	want := []string{protocol.ModeDefault, protocol.ModeAcceptEdits, protocol.ModePlan}
	if !slices.Equal(cycle, want) {
		t.Fatalf("cycle %v, want %v", cycle, want)
	}
	if NextMode(cycle, protocol.ModePlan) != protocol.ModeDefault || NextMode(cycle, "unknown") != protocol.ModeDefault {
		t.Fatal("the cycle does not wrap to default")
	}
	picker := PickerModes(ModeCycle(map[string]bool{}, nil, true))
	want = []string{protocol.ModeDefault, protocol.ModeAcceptEdits, protocol.ModePlan, protocol.ModeDontAsk, protocol.ModeBypassPermissions}
	if !slices.Equal(picker, want) {
		t.Fatalf("picker %v, want %v", picker, want)
	}
}

// A model the CLI does not know leaves the one it names in use, and says so.
func TestModelSetOutcomeNotFound(t *testing.T) {
	msg := ModelSet{Asked: "nope", Err: &process.ControlError{Code: protocol.ErrCodeNotFound, Model: "sonnet"}}
	model, n := msg.Outcome("opus")
	if model != "sonnet" || n.Text != `model "nope" not found; still using sonnet` {
		t.Fatalf("got %q, %+v", model, n)
	}
	model, n = ModelSet{Asked: "haiku"}.Outcome("opus")
	if model != "haiku" || n.Text != "model set to haiku" {
		t.Fatalf("got %q, %+v", model, n)
	}
}
