package session

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/transcript"
)

// sendRecorder is a Backend that records what Send got; any other call panics.
type sendRecorder struct {
	Backend
	got protocol.UserInput
}

func (r *sendRecorder) Send(in protocol.UserInput) error { r.got = in; return nil }

// `!` output run since the last prompt goes to the model before the prompt's text.
func TestSendPromptPutsContextFirst(t *testing.T) {
	r := &sendRecorder{}
	p := Prompt{UUID: "u1", Context: "$ ls\nREADME", Text: "what is here?"}
	msg := SendPrompt(r, 3, p)().(PromptSent)
	if r.got.Text != "$ ls\nREADME\n\nwhat is here?" || r.got.UUID != "u1" {
		t.Fatalf("sent %+v", r.got)
	}
	if msg.Gen != 3 || msg.Prompt.UUID != "u1" || msg.Err != nil {
		t.Fatalf("reported %+v", msg)
	}
}

// Without a session there is nothing to call.
func TestCallsWithoutBackendAreNil(t *testing.T) {
	if Interrupt(nil, 1) != nil || SetModel(nil, 1, "x") != nil || SetMode(nil, 1, "plan") != nil ||
		RespondPermission(nil, 1, "r", nil) != nil {
		t.Fatal("a call without a Backend made a command")
	}
}

// Start reports its generation with the session or the error; a nil StartFunc says
// that nothing can start a session here.
func TestStartReportsItsGeneration(t *testing.T) {
	if msg := Start(nil, 4, StartRequest{})().(CLIStarted); msg.Gen != 4 || msg.Err == nil {
		t.Fatalf("nil start: %+v", msg)
	}
	boom := errors.New("boom")
	var asked StartRequest
	start := func(_ context.Context, req StartRequest) (Backend, error) { asked = req; return nil, boom }
	msg := Start(start, 5, StartRequest{Resume: "s1"})().(CLIStarted)
	if msg.Gen != 5 || !errors.Is(msg.Err, boom) || asked.Resume != "s1" {
		t.Fatalf("got %+v, asked %+v", msg, asked)
	}
}

// An elicitation is declined with a notice that shows the server's words safely.
func TestDeclinedElicitation(t *testing.T) {
	n := DeclinedElicitation("db\x1b]0;x\a", "your password?")
	if n.Kind != transcript.NoticeWarn || strings.ContainsRune(n.Text, 0x1b) || !strings.Contains(n.Text, "(your password?); gclaude cannot show such forms yet") {
		t.Fatalf("%+v", n)
	}
}
