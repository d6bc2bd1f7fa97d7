package protocol

import (
	"encoding/json"
	"reflect"
	"testing"
)

// toolPayload is a tool input or tool_use_result found in a capture.
type toolPayload struct {
	where    string
	tool     string
	raw      json.RawMessage
	isResult bool
}

// capturedToolPayloads collects every tool input (assistant tool_use blocks and
// can_use_tool requests) and every tool_use_result of the stdout captures, naming each
// result's tool from the tool_use it answers.
func capturedToolPayloads(t testing.TB) (inputs, results []toolPayload) {
	t.Helper()
	for _, f := range captureFiles(t, false) {
		names := map[string]string{} // tool_use id → tool name
		for _, line := range readCapture(t, f) {
			msg, err := Decode(line.data)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			switch m := msg.(type) {
			case *Assistant:
				for _, b := range m.Message.Content {
					if b.Type == BlockToolUse {
						names[b.ID] = b.Name
						inputs = append(inputs, toolPayload{line.String(), b.Name, b.Input, false})
					}
				}
			case *CanUseTool:
				inputs = append(inputs, toolPayload{line.String(), m.ToolName, m.Input, false})
			case *User:
				if len(m.ToolUseResult) == 0 {
					continue
				}
				var id string
				for _, b := range m.Message.Blocks() {
					if b.Type == BlockToolResult {
						id = b.ToolUseID
						break
					}
				}
				name, ok := names[id]
				if !ok {
					t.Fatalf("%s: tool_use_result for unknown tool_use %q", line, id)
				}
				results = append(results, toolPayload{line.String(), name, m.ToolUseResult, true})
			}
		}
	}
	return inputs, results
}

func TestDecodeToolPayloadsFromCaptures(t *testing.T) {
	inputs, results := capturedToolPayloads(t)
	typed := map[string]int{}
	for _, p := range inputs {
		v, err := DecodeToolInput(p.tool, p.raw)
		if err != nil {
			t.Errorf("%s: %s input: %v", p.where, p.tool, err)
			continue
		}
		if _, raw := v.(json.RawMessage); raw {
			continue
		}
		typed[reflect.TypeOf(v).Elem().Name()]++
		assertRoundTrip(t, p.where, rawJSON(t, p.raw), v)
	}
	for _, p := range results {
		v, err := DecodeToolUseResult(p.tool, p.raw)
		if err != nil {
			t.Errorf("%s: %s tool_use_result: %v", p.where, p.tool, err)
			continue
		}
		switch v.(type) {
		case string:
			typed["string result"]++
			continue
		case json.RawMessage, nil:
			t.Errorf("%s: %s tool_use_result not typed: %T", p.where, p.tool, v)
			continue
		}
		typed[reflect.TypeOf(v).Elem().Name()]++
		assertRoundTrip(t, p.where, rawJSON(t, p.raw), v)
	}
	for _, name := range []string{
		"BashInput", "WriteInput", "EditInput", "ReadInput", "AgentInput", "ExitPlanModeInput", "AskUserQuestionInput",
		"BashResult", "WriteResult", "EditResult", "ReadResult", "AgentResult", "ExitPlanModeResult", "AskUserQuestionResult",
		"string result",
	} {
		if typed[name] == 0 {
			t.Errorf("no %s decoded from the captures", name)
		}
	}
}

func TestDecodeToolUseResultShapes(t *testing.T) {
	str := func(s string) *string { return &s }
	tests := []struct {
		name string
		tool string
		raw  string
		want any
	}{
		{"absent", ToolBash, ``, nil},
		{"null", ToolBash, `null`, nil},
		{"rejected", ToolBash, `"User rejected tool use"`, "User rejected tool use"},
		{"error string for a typed tool", ToolEdit, ` "Error: no" `, "Error: no"},
		{"bash", ToolBash, `{"stdout":"a\n","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":true}`,
			&BashResult{Stdout: "a\n", NoOutputExpected: true}},
		{"bash backgrounded", ToolBash, `{"stdout":"","stderr":"","interrupted":false,"backgroundTaskId":"b1"}`,
			&BashResult{BackgroundTaskID: "b1"}},
		{"write create", ToolWrite, `{"type":"create","filePath":"/p/n.txt","content":"hi\n","structuredPatch":[],"originalFile":null,"userModified":false}`,
			&WriteResult{Type: WriteCreate, FilePath: "/p/n.txt", Content: "hi\n", StructuredPatch: []Hunk{}}},
		{"write update", ToolWrite, `{"type":"update","filePath":"/p/e.txt","content":"b\n","structuredPatch":[{"oldStart":1,"oldLines":1,"newStart":1,"newLines":1,"lines":["-a","+b"]}],"originalFile":"a\n"}`,
			&WriteResult{Type: WriteUpdate, FilePath: "/p/e.txt", Content: "b\n", OriginalFile: str("a\n"),
				StructuredPatch: []Hunk{{OldStart: 1, OldLines: 1, NewStart: 1, NewLines: 1, Lines: []string{"-a", "+b"}}}}},
		{"edit with git diff", ToolEdit, `{"filePath":"/p/f","oldString":"a","newString":"b","originalFile":"a","structuredPatch":[],"userModified":false,"replaceAll":true,"gitDiff":{"filename":"f","status":"modified","additions":1,"deletions":1,"changes":2,"patch":"@@"}}`,
			&EditResult{FilePath: "/p/f", OldString: "a", NewString: "b", OriginalFile: str("a"), StructuredPatch: []Hunk{}, ReplaceAll: true,
				GitDiff: &GitDiff{Filename: "f", Status: "modified", Additions: 1, Deletions: 1, Changes: 2, Patch: "@@"}}},
		{"read text", ToolRead, `{"type":"text","file":{"filePath":"/p/f","content":"x","numLines":1,"startLine":1,"totalLines":1}}`,
			&ReadResult{Type: ReadText, File: ReadFile{FilePath: "/p/f", Content: "x", NumLines: 1, StartLine: 1, TotalLines: 1}}},
		{"read image", ToolRead, `{"type":"image","file":{"base64":"iVBO","type":"image/png","originalSize":4}}`,
			&ReadResult{Type: ReadImage, File: ReadFile{Base64: "iVBO", MIMEType: "image/png", OriginalSize: 4}}},
		{"glob", ToolGlob, `{"filenames":["a.go"],"durationMs":3,"numFiles":1,"truncated":false}`,
			&GlobResult{Filenames: []string{"a.go"}, NumFiles: 1, DurationMS: 3}},
		{"grep content", ToolGrep, `{"mode":"content","numFiles":0,"filenames":[],"content":"a.go:1:x","numLines":1}`,
			&GrepResult{Mode: GrepContent, Filenames: []string{}, Content: "a.go:1:x", NumLines: 1}},
		{"todo", ToolTodoWrite, `{"oldTodos":[],"newTodos":[{"content":"Test","status":"in_progress","activeForm":"Testing"}]}`,
			&TodoWriteResult{OldTodos: []Todo{}, NewTodos: []Todo{{Content: "Test", Status: TodoInProgress, ActiveForm: "Testing"}}}},
		{"web fetch", ToolWebFetch, `{"bytes":10,"code":200,"codeText":"OK","result":"r","durationMs":5,"url":"https://x"}`,
			&WebFetchResult{URL: "https://x", Code: 200, CodeText: "OK", Bytes: 10, DurationMS: 5, Result: "r"}},
		{"exit plan without plan file", ToolExitPlanMode, `{"plan":null,"isAgent":false,"filePath":"/h/p.md"}`,
			&ExitPlanModeResult{FilePath: "/h/p.md"}},
		{"agent launched in background", ToolAgent, `{"isAsync":true,"status":"async_launched","agentId":"a1","description":"d","prompt":"p","outputFile":"/t/a1.output"}`,
			&AgentResult{Status: AgentAsyncLaunched, AgentID: "a1", Description: "d", Prompt: "p", IsAsync: true, OutputFile: "/t/a1.output"}},
		{"old Task name", ToolTask, `{"status":"completed","prompt":"p","content":[{"type":"text","text":"done"}],"totalTokens":3}`,
			&AgentResult{Status: AgentCompleted, Prompt: "p", Content: []ContentBlock{{Type: BlockText, Text: "done"}}, TotalTokens: 3}},
		{"mcp tool stays raw", "mcp__srv__do", `{"anything":[1,2]}`, json.RawMessage(`{"anything":[1,2]}`)},
		{"list result stays raw", ToolBash, `[{"type":"text","text":"x"}]`, json.RawMessage(`[{"type":"text","text":"x"}]`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeToolUseResult(tt.tool, json.RawMessage(tt.raw))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestDecodeToolUseResultWrongShape(t *testing.T) {
	for _, raw := range []string{`{"stdout":1}`, `"unterminated`} {
		if v, err := DecodeToolUseResult(ToolBash, json.RawMessage(raw)); err == nil {
			t.Errorf("%s: got %#v, want an error", raw, v)
		}
	}
}

func TestAgentResultText(t *testing.T) {
	r := &AgentResult{Content: []ContentBlock{{Type: BlockText, Text: "a"}, {Type: BlockImage}, {Type: BlockText, Text: "b"}}}
	if got := r.Text(); got != "a\nb" {
		t.Errorf("Text() = %q", got)
	}
}
