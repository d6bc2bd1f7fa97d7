package demo

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

// turnTimeout bounds one tour step; generous for a loaded 2-core machine.
const turnTimeout = 90 * time.Second

// turn is what one prompt produced on the main thread.
type turn struct {
	tools    []string // tool_use names, main thread, in order
	asked    []string // can_use_tool tool names, in order
	inputs   map[string]json.RawMessage
	thinking bool
	modes    []string // permission modes reported by system/status
	subagent int      // messages that belong to a subagent
	result   *protocol.Result
}

// play sends prompt and answers every permission request with allow (AskUserQuestion
// gets answers) until the turn's result arrives.
func play(t *testing.T, s *process.CLI, prompt string) turn {
	t.Helper()
	if err := s.Send(protocol.UserInput{Text: prompt}); err != nil {
		t.Fatalf("send %q: %v", prompt, err)
	}
	tr := turn{inputs: map[string]json.RawMessage{}}
	timeout := time.NewTimer(turnTimeout)
	defer timeout.Stop()
	for tr.result == nil {
		var ev process.Event
		select {
		case e, ok := <-s.Events():
			if !ok {
				t.Fatalf("%q: events ended before the result; stderr:\n%s", prompt, strings.Join(s.Stderr(), "\n"))
			}
			ev = e
		case <-timeout.C:
			t.Fatalf("%q: no result within %v; stderr:\n%s", prompt, turnTimeout, strings.Join(s.Stderr(), "\n"))
		}
		switch e := ev.(type) {
		case process.PermissionRequest:
			tr.asked = append(tr.asked, e.Req.ToolName)
			tr.inputs[e.Req.ToolName] = e.Req.Input
			if err := s.RespondPermission(e.Req.RequestID, protocol.PermissionAllow{UpdatedInput: answer(t, e.Req)}); err != nil {
				t.Fatalf("%q: respond: %v", prompt, err)
			}
		case process.Message:
			tr.note(e.Msg)
		case process.Exited:
			t.Fatalf("%q: the CLI exited mid-turn: %+v", prompt, e)
		}
	}
	return tr
}

func (tr *turn) note(msg protocol.Message) {
	switch m := msg.(type) {
	case *protocol.Assistant:
		if m.Parent() != "" {
			tr.subagent++
			return
		}
		for _, b := range m.Message.Content {
			switch b.Type {
			case protocol.BlockToolUse:
				tr.tools = append(tr.tools, b.Name)
			case protocol.BlockThinking:
				tr.thinking = true
			}
		}
	case *protocol.User:
		if m.Parent() != "" {
			tr.subagent++
		}
	case *protocol.SystemStatus:
		if m.PermissionMode != "" {
			tr.modes = append(tr.modes, m.PermissionMode)
		}
	case *protocol.Result:
		tr.result = m
	}
}

// answer is the input to allow with: unchanged, except that questions get answers.
func answer(t *testing.T, req *protocol.CanUseTool) json.RawMessage {
	if req.ToolName != "AskUserQuestion" {
		return req.Input
	}
	var in map[string]any
	if err := json.Unmarshal(req.Input, &in); err != nil {
		t.Fatalf("AskUserQuestion input: %v", err)
	}
	answers := map[string]string{}
	for _, q := range in["questions"].([]any) {
		q := q.(map[string]any)
		first := q["options"].([]any)[0].(map[string]any)["label"].(string)
		answers[q["question"].(string)] = first
	}
	in["answers"] = answers
	out, _ := json.Marshal(in)
	return out
}

// TestTourE2E plays every tour step, in menu order and then some again, through the real
// CLI with the demo's own options, allowing everything it asks.
func TestTourE2E(t *testing.T) {
	bin := clirig.Require(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d, err := start(ctx, bin, fakeapi.StreamOptions{}) // unpaced: the test needs no show
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	sess, err := process.Start(ctx, d.Options())
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()

	greet := filepath.Join(d.Project(), fakeapi.DemoEditFile)
	greetHas := func(t *testing.T, want string) {
		t.Helper()
		b, err := os.ReadFile(greet)
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %q: %v\n%s", fakeapi.DemoEditFile, want, err, b)
		}
	}
	tour := []struct {
		prompt string
		tools  []string
		asked  []string
		result string // part of the turn's final text
		check  func(t *testing.T, tr turn)
	}{
		{prompt: "hello", result: "Welcome to the gclaude tour"},
		{prompt: "1", result: "| Part of the screen |", check: func(t *testing.T, tr turn) {
			if !tr.thinking {
				t.Error("no thinking block")
			}
		}},
		{prompt: "2", tools: []string{"Bash", "Bash"}, asked: []string{"Bash"}, result: "Lines of Go:", check: func(t *testing.T, tr turn) {
			if in := string(tr.inputs["Bash"]); !strings.Contains(in, fakeapi.DemoCheckScript) {
				t.Errorf("asked for %s, want the check script", in)
			}
		}},
		{prompt: "edit a file", tools: []string{"Read", "Edit"}, asked: []string{"Edit"}, result: "Type **3** again", check: func(t *testing.T, tr turn) {
			greetHas(t, fakeapi.DemoEditNew)
		}},
		{prompt: "3", tools: []string{"Read", "Edit"}, asked: []string{"Edit"}, result: "Type **3** again", check: func(t *testing.T, tr turn) {
			greetHas(t, fakeapi.DemoEditOld) // undone, so the step can be repeated
		}},
		{prompt: "4", tools: []string{"EnterPlanMode", "Write", "ExitPlanMode"}, asked: []string{"ExitPlanMode"}, result: "plan review",
			check: func(t *testing.T, tr turn) {
				if !slices.Equal(tr.modes, []string{protocol.ModePlan, protocol.ModeDefault}) {
					t.Errorf("permission modes %q, want plan then default", tr.modes)
				}
				if in := string(tr.inputs["ExitPlanMode"]); !strings.Contains(in, "-shout") || !strings.Contains(in, "planFilePath") {
					t.Errorf("ExitPlanMode asked with %s, want the plan from the plan file", in)
				}
			}},
		{prompt: "make a plan", tools: []string{"EnterPlanMode", "Write", "ExitPlanMode"}, asked: []string{"ExitPlanMode"}, result: "plan review"},
		{prompt: "5", tools: []string{"AskUserQuestion"}, asked: []string{"AskUserQuestion"}, result: `="Hello"`},
		{prompt: "use a subagent", tools: []string{"Agent"}, result: "type **7**", check: func(t *testing.T, tr turn) {
			if tr.subagent < 4 { // its prompt, two tool calls and their results
				t.Errorf("%d subagent messages, want at least 4", tr.subagent)
			}
		}},
		{prompt: "7", result: "**alt+i** (`/inbox`)", check: func(t *testing.T, tr turn) {
			if !strings.Contains(tr.result.Result, "whole tour") {
				t.Error("the last step does not end the tour")
			}
		}},
		// The CLI runs /compact itself and wraps it in <command-name> tags that share the
		// next prompt's message; "command" in them must not pick step 2.
		{prompt: "/compact"},
		{prompt: "menu", result: "Welcome to the gclaude tour"},
	}
	for _, st := range tour {
		t.Run(st.prompt, func(t *testing.T) {
			tr := play(t, sess, st.prompt)
			if tr.result.IsError {
				t.Fatalf("the turn failed: %s %q", tr.result.Subtype, tr.result.Result)
			}
			if !slices.Equal(tr.tools, st.tools) {
				t.Errorf("tool calls %q, want %q", tr.tools, st.tools)
			}
			if !slices.Equal(tr.asked, st.asked) {
				t.Errorf("permission requests %q, want %q", tr.asked, st.asked)
			}
			if !strings.Contains(tr.result.Result, st.result) {
				t.Errorf("final text lacks %q:\n%s", st.result, tr.result.Result)
			}
			if st.check != nil {
				st.check(t, tr)
			}
		})
	}

	if err := sess.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	steps := map[string]int{}
	for _, sc := range fakeapi.DemoTour(fakeapi.DemoTourOptions{}) {
		steps[sc.Name] = len(sc.Steps)
	}
	for _, r := range d.api.ConversationRequests() {
		if n, ok := steps[r.Scenario]; !ok || r.Step >= n {
			t.Errorf("request %d fell off the tour's script: %q step %d", r.Seq, r.Scenario, r.Step)
		}
	}
	if err := d.Close(); err != nil {
		t.Errorf("demo close: %v", err)
	}
	if _, err := os.Stat(d.sb.base); !os.IsNotExist(err) {
		t.Errorf("the sandbox outlived Close: %v", err)
	}
}
