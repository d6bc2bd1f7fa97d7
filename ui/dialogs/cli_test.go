package dialogs

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
	"github.com/gclaude/gclaude/protocol"
)

// These tests answer the real CLI (talking to the fake API) with what the dialogs
// produce, and check what the model was told.

// answerer drives one dialog for a request the way a user would.
type answerer func(t *testing.T, req *protocol.CanUseTool, c *clock, r *clirig.Rig) Respond

// playAgainstCLI sends prompt to a fresh CLI, answers every can_use_tool with answer
// and returns the tool_result texts of the last API request.
// setup, if given, prepares the rig (files, scenarios) before the prompt.
func playAgainstCLI(t *testing.T, prompt string, args []string, answer answerer, setup ...func(*clirig.Rig)) (*clirig.Rig, []string) {
	t.Helper()
	if testing.Short() {
		t.Skip("slow: runs the real CLI")
	}
	r := clirig.New(t, clirig.Options{})
	for _, f := range setup {
		f(r)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := r.Command(ctx, append(clirig.HeadlessArgs(), args...)...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		_ = cmd.Wait()
	}()
	line, _ := protocol.EncodeUserMessage(protocol.UserInput{Text: prompt})
	if _, err := stdin.Write(line); err != nil {
		t.Fatal(err)
	}
	c := newClock()
	br := bufio.NewReader(stdout)
	for {
		raw, err := br.ReadBytes('\n')
		if err == io.EOF || err != nil {
			t.Fatalf("the CLI stopped before a result: %v\n%s", err, stderr.String())
		}
		msg, err := protocol.Decode(raw)
		if err != nil {
			continue
		}
		if req, ok := msg.(*protocol.CanUseTool); ok {
			a := answer(t, req, c, r)
			b, err := protocol.EncodePermission(a.RequestID, a.Decision)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := stdin.Write(b); err != nil {
				t.Fatal(err)
			}
		}
		if _, ok := msg.(*protocol.Result); ok {
			break
		}
	}
	reqs := r.API.ConversationRequests()
	if len(reqs) == 0 {
		t.Fatal("no API requests")
	}
	var out []string
	for _, tr := range reqs[len(reqs)-1].ToolResults() {
		out = append(out, tr.ResultText())
	}
	return r, out
}

// allowOnce answers any permission prompt with "Yes".
func allowOnce(t *testing.T, req *protocol.CanUseTool, c *clock, r *clirig.Rig) Respond {
	d := open(NewPermission(req, RequestInfo{CWD: r.Dir}, testEnv(c)), c)
	return press(t, d, "1").(Respond)
}

const editedPlan = "# EDITED PLAN\n\n1. Step X\n"

func TestPlanEditReachesTheCLI(t *testing.T) {
	tests := []struct {
		name     string
		viaFile  bool // the root writes PlanEdit to the file and sends the input unchanged
		approved string
	}{
		{"in updatedInput", false, "## Approved Plan (edited by user):\n" + editedPlan},
		{"in the plan file", true, "## Approved Plan:\n" + editedPlan},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var planPath string
			_, results := playAgainstCLI(t, "SCENARIO:"+fakeapi.ScenarioExitPlanFile+" plan it", []string{"--permission-mode", "plan"},
				func(t *testing.T, req *protocol.CanUseTool, c *clock, r *clirig.Rig) Respond {
					if req.ToolName != "ExitPlanMode" {
						return allowOnce(t, req, c, r)
					}
					d := open(NewPlanReview(req, testEnv(c)), c).(*PlanReview)
					d.Update(editorDoneMsg{id: d.id, text: editedPlan})
					c.advance(ArmDelay)
					resp := press(t, d, "2").(Respond)
					planPath = resp.PlanEdit.Path
					if tt.viaFile {
						if err := os.WriteFile(resp.PlanEdit.Path, []byte(resp.PlanEdit.Text), 0o644); err != nil {
							t.Fatal(err)
						}
						resp.Decision = protocol.PermissionAllow{UpdatedInput: req.Input}
					}
					return resp
				})
			if got := strings.Join(results, "\n"); !strings.Contains(got, tt.approved) {
				t.Errorf("the model was not given the edited plan:\n%s", got)
			}
			if b, err := os.ReadFile(planPath); err != nil || string(b) != editedPlan {
				t.Errorf("plan file after approval = %q, %v; want the edited plan", b, err)
			}
		})
	}
}

func TestQuestionAnswersReachTheCLI(t *testing.T) {
	_, results := playAgainstCLI(t, "SCENARIO:"+fakeapi.ScenarioAsk+" ask me", nil,
		func(t *testing.T, req *protocol.CanUseTool, c *clock, r *clirig.Rig) Respond {
			d := open(NewQuestions(req, testEnv(c)), c)
			press(t, d, "2", "ctrl+n")
			typeText(d, "blue is calm")
			press(t, d, "enter", "enter", "1", "space", "down", "down", "down")
			typeText(d, "XL")
			return press(t, d, "enter", "enter").(Respond)
		})
	want := `The user answered: "Which color do you prefer?"="Blue" notes: blue is calm, "Which sizes?"="S, XL".`
	if got := strings.Join(results, "\n"); !strings.Contains(got, want) {
		t.Errorf("tool_result:\n%s\nwant it to contain\n%s", got, want)
	}
}

func TestDenyFeedbackReachesTheCLI(t *testing.T) {
	_, results := playAgainstCLI(t, "SCENARIO:"+fakeapi.ScenarioWriteNew+" write it", nil,
		func(t *testing.T, req *protocol.CanUseTool, c *clock, r *clirig.Rig) Respond {
			d := open(NewPermission(req, RequestInfo{CWD: r.Dir}, testEnv(c)), c)
			n := len(req.PermissionSuggestions) + 2 // "No, and tell Claude…"
			press(t, d, fmt.Sprint(n))
			typeText(d, "use notes.md instead")
			return press(t, d, "enter").(Respond)
		})
	if got := strings.Join(results, "\n"); got != FeedbackPreamble+"use notes.md instead" {
		t.Errorf("tool_result = %q, want the rejection, then the user's words verbatim", got)
	}
}

// "Yes, and always allow … in this project" writes the rule where the choice says.
func TestAlwaysAllowRuleReachesTheCLI(t *testing.T) {
	var label string
	r, _ := playAgainstCLI(t, "SCENARIO:"+fakeapi.ScenarioBashTouch+" touch it", nil,
		func(t *testing.T, req *protocol.CanUseTool, c *clock, r *clirig.Rig) Respond {
			d := open(NewPermission(req, RequestInfo{CWD: r.Dir}, testEnv(c)), c).(*Permission)
			for i, s := range req.PermissionSuggestions {
				if s.Type == protocol.UpdateAddRules && s.Destination == protocol.DestLocalSettings {
					label = d.choices.items[i+1].label + " " + d.choices.items[i+1].detail
					return press(t, d, fmt.Sprint(i+2)).(Respond)
				}
			}
			t.Fatalf("no localSettings rule among %+v", req.PermissionSuggestions)
			return Respond{}
		})
	if !strings.Contains(label, "in this project — .claude/settings.local.json") {
		t.Errorf("choice label %q does not say where the rule goes", label)
	}
	b, err := os.ReadFile(r.Path(".claude/settings.local.json"))
	if err != nil || !strings.Contains(string(b), `"Bash(touch `) {
		t.Errorf(".claude/settings.local.json = %s, %v; want the Bash rule", b, err)
	}
}

// Issue 11, defect 2: the file has curly quotes, the model's old_string
// straight ones. The CLI matches them and asks; the dialog must show the edit
// the CLI makes, not predict a failure, and approving must apply it.
func TestCurlyQuoteEditIsPreviewedAsTheCLIAppliesIt(t *testing.T) {
	const file = "quotes.txt"
	var view string
	r, _ := playAgainstCLI(t, "SCENARIO:curly_edit edit it", nil,
		func(t *testing.T, req *protocol.CanUseTool, c *clock, r *clirig.Rig) Respond {
			if req.ToolName != "Edit" {
				return allowOnce(t, req, c, r)
			}
			d := open(NewPermission(req, RequestInfo{CWD: r.Dir}, testEnv(c)), c)
			view = stripped(d.View(100, 40))
			return press(t, d, "1").(Respond)
		},
		func(r *clirig.Rig) {
			if err := os.WriteFile(r.Path(file), []byte("say “hello” now\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			r.API.AddScenario(fakeapi.Scenario{Name: "curly_edit", Steps: []fakeapi.Step{
				fakeapi.Reply(fakeapi.ToolUse("Read", map[string]any{"file_path": "{{cwd}}/" + file})),
				fakeapi.Reply(fakeapi.ToolUse("Edit", map[string]any{"file_path": "{{cwd}}/" + file, "old_string": `say "hello"`, "new_string": `say "bye"`})),
				fakeapi.Reply(fakeapi.Text("done")),
			}})
		})
	if view == "" {
		t.Fatal("the CLI never asked about the Edit")
	}
	for _, bad := range []string{"will fail", "cannot find"} {
		if strings.Contains(view, bad) {
			t.Errorf("dialog predicts %q for an edit the CLI applies:\n%s", bad, view)
		}
	}
	if !strings.Contains(view, "+ say “bye” now") {
		t.Errorf("dialog does not show the edit the CLI makes:\n%s", view)
	}
	if b, _ := os.ReadFile(r.Path(file)); string(b) != "say “bye” now\n" {
		t.Errorf("file after approval = %q, want the CLI's curly-quoted edit", b)
	}
}
