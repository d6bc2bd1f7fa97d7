package protocol

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestDecodeToolInput(t *testing.T) {
	no, yes := false, true
	limit := 0
	tests := []struct {
		tool string
		raw  string
		want any
	}{
		{ToolBash, `{"command":"ls","description":"List","timeout":5000,"run_in_background":true}`,
			&BashInput{Command: "ls", Description: "List", TimeoutMS: 5000, RunInBackground: true}},
		{ToolWrite, `{"file_path":"/p/a","content":"x"}`, &WriteInput{FilePath: "/p/a", Content: "x"}},
		{ToolEdit, `{"file_path":"/p/a","old_string":"a","new_string":"b","replace_all":false}`,
			&EditInput{FilePath: "/p/a", OldString: "a", NewString: "b"}},
		{ToolRead, `{"file_path":"/p/a","offset":10,"limit":5}`, &ReadInput{FilePath: "/p/a", Offset: 10, Limit: 5}},
		{ToolGlob, `{"pattern":"**/*.go"}`, &GlobInput{Pattern: "**/*.go"}},
		{ToolGrep, `{"pattern":"x","output_mode":"content","-n":false,"-i":true,"-C":2,"head_limit":0}`,
			&GrepInput{Pattern: "x", OutputMode: GrepContent, LineNumbers: &no, CaseInsensitive: true, ContextAlias: 2, HeadLimit: &limit}},
		{ToolWebFetch, `{"url":"https://x","prompt":"p"}`, &WebFetchInput{URL: "https://x", Prompt: "p"}},
		{ToolWebSearch, `{"query":"q","allowed_domains":["go.dev"]}`, &WebSearchInput{Query: "q", AllowedDomains: []string{"go.dev"}}},
		{ToolTodoWrite, `{"todos":[{"content":"A","status":"pending","activeForm":"Doing A"}]}`,
			&TodoWriteInput{Todos: []Todo{{Content: "A", Status: TodoPending, ActiveForm: "Doing A"}}}},
		{ToolAgent, `{"description":"d","prompt":"p","subagent_type":"Explore","run_in_background":true}`,
			&AgentInput{Description: "d", Prompt: "p", SubagentType: "Explore", RunInBackground: &yes}},
		{ToolExitPlanMode, `{"plan":"# P","planFilePath":"/h/p.md"}`, &ExitPlanModeInput{Plan: "# P", PlanFilePath: "/h/p.md"}},
		{ToolExitPlanMode, `{}`, &ExitPlanModeInput{}},
		{ToolAskUserQuestion, `{"questions":[{"question":"Which?","header":"Pick","options":[{"label":"A","description":"a"},{"label":"B","description":"b","preview":"pv"}],"multiSelect":true}]}`,
			&AskUserQuestionInput{Questions: []Question{{Question: "Which?", Header: "Pick", MultiSelect: true,
				Options: []QuestionOption{{Label: "A", Description: "a"}, {Label: "B", Description: "b", Preview: "pv"}}}}}},
		{"mcp__srv__tool", `{"x":1}`, json.RawMessage(`{"x":1}`)},
		{ToolMultiEdit, `{"file_path":"/p/a","edits":[{"old_string":"a","new_string":"b","replace_all":true}]}`,
			&MultiEditInput{FilePath: "/p/a", Edits: []EditInput{{OldString: "a", NewString: "b", ReplaceAll: true}}}},
		{"CronList", `{"x":1}`, json.RawMessage(`{"x":1}`)},
		{ToolBash, ``, nil},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			got, err := DecodeToolInput(tt.tool, json.RawMessage(tt.raw))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %#v\nwant %#v", got, tt.want)
			}
		})
	}
	if _, err := DecodeToolInput(ToolBash, json.RawMessage(`{"command":3}`)); err == nil {
		t.Error("a Bash input with a numeric command decoded without error")
	}
}

func TestAgentInputBackground(t *testing.T) {
	no, yes := false, true
	for _, tt := range []struct {
		in   *bool
		want bool
	}{{nil, true}, {&yes, true}, {&no, false}} {
		if got := (AgentInput{RunInBackground: tt.in}).Background(); got != tt.want {
			t.Errorf("RunInBackground %v: Background() = %v", tt.in, got)
		}
	}
}

func TestAnswerQuestions(t *testing.T) {
	// The input of exp04a; the answers and annotations it sent are the expected output.
	line := findLine(t, "exp04a_ask_answer.jsonl", `"can_use_tool"`)
	msg, err := Decode(line)
	if err != nil {
		t.Fatal(err)
	}
	in := msg.(*CanUseTool).Input
	got, err := AnswerQuestions(in,
		map[string]string{"Which color do you prefer?": "Blue", "Which sizes?": JoinAnswers([]string{"S", "L"})},
		map[string]QuestionAnnotation{"Which color do you prefer?": {Notes: "blue is calm"}})
	if err != nil {
		t.Fatal(err)
	}
	sent := findLine(t, "exp04a_ask_answer.stdin.jsonl", `"answers"`)
	want, ok := jsonPath(t, sent, "response.response.updatedInput")
	if !ok {
		t.Fatal("no updatedInput in the captured answer")
	}
	if g := rawJSON(t, got); !reflect.DeepEqual(g, want) {
		t.Errorf("AnswerQuestions = %s\nthe capture sent %s", got, short(want))
	}

	none, err := AnswerQuestions(in, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	fields, _ := ParseInputFields(in)
	wantNone := fields.Set("answers", json.RawMessage(`{}`)).Raw()
	if !reflect.DeepEqual(rawJSON(t, none), rawJSON(t, wantNone)) {
		t.Errorf("submitting no answers should add an empty answers object, got %s", none)
	}
}

// An input changed through its typed value keeps what the type does not declare: other
// members keep their place and bytes, and only what the edit changed is written.
func TestUpdateInputKeepsUnknownFields(t *testing.T) {
	orig := json.RawMessage(`{"future":{"k":[1, 2]},"command":"ls","timeout":5000.0,"description":"List","replace_all":false}`)
	in, err := DecodeToolInput(ToolBash, orig)
	if err != nil {
		t.Fatal(err)
	}
	bash := in.(*BashInput)
	bash.Command = "ls -la"
	got, err := UpdateInput(orig, bash)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"future":{"k":[1, 2]},"command":"ls -la","timeout":5000.0,"description":"List","replace_all":false}`; string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	bash.Description = "" // omitempty: clearing it removes the member
	got, _ = UpdateInput(orig, bash)
	if want := `{"future":{"k":[1, 2]},"command":"ls -la","timeout":5000.0,"replace_all":false}`; string(got) != want {
		t.Errorf("cleared description: got %s", got)
	}
	edit := &EditInput{FilePath: "/p", OldString: "a", NewString: "b"}
	got, _ = UpdateInput(nil, edit)
	if want := `{"file_path":"/p","old_string":"a","new_string":"b"}`; string(got) != want {
		t.Errorf("from nothing: got %s", got)
	}
	if _, err := UpdateInput(json.RawMessage(`{"command":3}`), &BashInput{Command: "x"}); err == nil {
		t.Error("an input that does not decode as the type was updated")
	}
	if _, err := UpdateInput(json.RawMessage(`[1]`), &BashInput{}); err == nil {
		t.Error("a non-object input was updated")
	}
	if _, err := AnswerQuestions(json.RawMessage(`[1]`), nil, nil); err == nil {
		t.Error("a non-object AskUserQuestion input was answered")
	}
}
