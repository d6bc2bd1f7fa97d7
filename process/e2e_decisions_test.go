package process

// More end-to-end cases against the real CLI: plan review switching the mode, questions
// answered, API errors surfacing as retries and an error result, and resume.

import (
	"context"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
	"github.com/gclaude/gclaude/protocol"
)

// allowUntil allows every permission request until one for tool arrives, and returns it.
func allowUntil(h *harness, tool string) PermissionRequest {
	h.t.Helper()
	for {
		pr := expect[PermissionRequest](h)
		if pr.Req.ToolName == tool {
			return pr
		}
		if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionAllow{UpdatedInput: pr.Req.Input}); err != nil {
			h.t.Fatal(err)
		}
	}
}

func TestE2EPlanApprovedWithAcceptEdits(t *testing.T) {
	h, _ := startCLI(t, func(o *Options) { o.PermissionMode = protocol.ModePlan })
	h.send("Plan it. SCENARIO:" + fakeapi.ScenarioExitPlanFile)
	pr := allowUntil(h, "ExitPlanMode")
	in, err := protocol.DecodeToolInput(pr.Req.ToolName, pr.Req.Input)
	if err != nil {
		t.Fatal(err)
	}
	plan, ok := in.(*protocol.ExitPlanModeInput)
	if !ok || !strings.Contains(plan.Plan, strings.TrimSpace(strings.SplitN(fakeapi.PlanInFile, "\n", 2)[0])) {
		t.Fatalf("ExitPlanMode input = %s, want the plan file's text", pr.Req.Input)
	}
	if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionAllow{
		UpdatedInput: pr.Req.Input,
		UpdatedPermissions: []protocol.PermissionUpdate{{
			Type: protocol.UpdateSetMode, Mode: protocol.ModeAcceptEdits, Destination: protocol.DestSession,
		}},
	}); err != nil {
		t.Fatal(err)
	}
	expectMessage(h, func(st *protocol.SystemStatus) bool { return st.PermissionMode == protocol.ModeAcceptEdits })
	if res := h.result(); res.IsError {
		t.Errorf("result = %+v", res)
	}
}

func TestE2EQuestionsAnswersReachTheModel(t *testing.T) {
	h, r := startCLI(t)
	h.send("Ask me. SCENARIO:" + fakeapi.ScenarioAsk)
	pr := allowUntil(h, "AskUserQuestion")
	answers := map[string]string{"Which color do you prefer?": "Blue", "Which sizes?": protocol.JoinAnswers([]string{"S", "L"})}
	updated, err := protocol.AnswerQuestions(pr.Req.Input, answers, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.s.RespondPermission(pr.Req.RequestID, protocol.PermissionAllow{UpdatedInput: updated}); err != nil {
		t.Fatal(err)
	}
	if res := h.result(); res.IsError {
		t.Fatalf("result = %+v", res)
	}
	last, ok := r.API.LastMainRequest()
	if !ok {
		t.Fatal("no request reached the fake API")
	}
	var text string
	for _, c := range last.ToolResults() {
		text += c.ResultText()
	}
	for _, want := range []string{`"Which color do you prefer?"="Blue"`, `"Which sizes?"="S, L"`} {
		if !strings.Contains(text, want) {
			t.Errorf("the model's next request lacks %s; tool results: %q", want, text)
		}
	}
}

func TestE2EServerErrorRetriesThenErrorResult(t *testing.T) {
	h, _ := startCLI(t) // the rig sets CLAUDE_CODE_MAX_RETRIES=1
	h.send("Fail. SCENARIO:" + fakeapi.ScenarioErr500)
	retry := expectMessage[*protocol.APIRetry](h, nil)
	if retry.ErrorStatus == nil || *retry.ErrorStatus != 500 || retry.MaxRetries != 1 {
		t.Errorf("api_retry = %+v, want status 500 of max 1", retry)
	}
	res := h.result()
	if !res.IsError || res.Subtype != protocol.ResultSuccess || res.APIErrorStatus == nil || *res.APIErrorStatus != 500 {
		t.Errorf("result = %+v, want is_error with subtype success and api_error_status 500", res)
	}
	if !strings.Contains(res.ErrorText(), "API Error") {
		t.Errorf("result text = %q", res.ErrorText())
	}
}

func TestE2EResumeKeepsTheSessionID(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end: runs the real CLI")
	}
	r := clirig.New(t, clirig.Options{})
	run := func(resume, prompt string) string {
		s, err := Start(context.Background(), Options{Bin: r.Bin, Dir: r.Dir, Env: r.Env(), Resume: resume})
		if err != nil {
			t.Fatal(err)
		}
		h := &harness{t: t, s: s}
		defer s.Close()
		h.send(prompt)
		id := expectMessage[*protocol.SystemInit](h, nil).SessionID
		if res := h.result(); res.IsError {
			t.Fatalf("result = %+v", res)
		}
		return id
	}
	first := run("", "Remember the word kumquat. SCENARIO:"+fakeapi.ScenarioText)
	second := run(first, "And now? SCENARIO:"+fakeapi.ScenarioText)
	if first == "" || second != first {
		t.Errorf("resumed session id = %q, want %q", second, first)
	}
	last, ok := r.API.LastMainRequest()
	if !ok || !last.Contains("kumquat") {
		t.Errorf("the resumed turn's request does not carry the earlier turn")
	}
}
