package transcript

import (
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/gclaude/gclaude/internal/goldentest"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

var update = flag.Bool("update", false, "rewrite the golden screens in testdata/transcript")

// requireGolden compares a screen with testdata/transcript/<name>.golden
// (raw, escape sequences included); -update rewrites it.
func requireGolden(t *testing.T, name, got string) {
	t.Helper()
	goldentest.Require(t, filepath.Join(moduleRoot(t), "testdata", "transcript", name+".golden"), got, *update)
}

// scene builds a transcript state on a model.
type scene func(m *testModel, c *testClock)

// TestGoldenScreens draws scenes at 80×24 and 120×40 in dark and light.
func TestGoldenScreens(t *testing.T) {
	scenes := map[string]scene{
		"answer_streaming": sceneAnswer(0.6),
		"answer":           sceneAnswer(1),
		"error":            sceneError,
		"retry":            sceneRetry,
		"tool_states":      sceneToolStates,
		"search":           sceneSearch,
	}
	for name, s := range toolScenes {
		scenes["tool_"+name] = s
	}
	sizes := [][2]int{{80, 24}, {120, 40}}
	kinds := []themes.Kind{themes.Dark, themes.Light}
	for name, s := range scenes {
		for _, size := range sizes {
			for _, kind := range kinds {
				id := fmt.Sprintf("%s_%dx%d_%s", name, size[0], size[1], kind)
				t.Run(id, func(t *testing.T) {
					m, c := newTest(size[0], size[1], kind)
					s(m, c)
					m.Tick(c.now)
					requireGolden(t, id, checkView(t, m))
				})
			}
		}
	}
}

// goldenAnswer is an answer with a heading, prose, a code block and a table.
const goldenAnswer = "## Caching the transcript\n\n" +
	"Each item keeps its **rendered lines** keyed by width and theme, so a frame only draws what is on screen.\n\n" +
	"```go\nfunc (m *Model) View() string {\n\treturn strings.Join(m.visibleLines(m.rows()), \"\\n\")\n}\n```\n\n" +
	"| Case | Cost |\n|------|------|\n| 100 items | 11 µs |\n| 10,000 items | 12 µs |\n\n" +
	"That keeps the view *calm* however long the session gets.\n"

// sceneAnswer streams goldenAnswer after a prompt and a thought; frac < 1
// stops part way, as a frame during streaming looks.
func sceneAnswer(frac float64) scene {
	return func(m *testModel, c *testClock) {
		m.AddUserPrompt("How does the transcript stay fast?")
		const msg = "msg_a"
		m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventMessageStart, Message: &protocol.APIMessage{ID: msg}}))
		m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockStart, Index: 0, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockThinking}}))
		m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockDelta, Index: 0, Delta: &protocol.Delta{Type: protocol.DeltaThinking, Thinking: "The user asks about speed; explain the caches."}}))
		c.Advance(3200 * time.Millisecond)
		m.Apply(&protocol.Assistant{Message: protocol.APIMessage{ID: msg, Content: []protocol.ContentBlock{{Type: protocol.BlockThinking, Thinking: "The user asks about speed; explain the caches."}}}})
		m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockStop, Index: 0}))
		m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockStart, Index: 1, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockText}}))
		n := int(float64(len(goldenAnswer)) * frac)
		for i := 0; i < n; i += 5 {
			m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockDelta, Index: 1, Delta: &protocol.Delta{Type: protocol.DeltaText, Text: goldenAnswer[i:min(i+5, n)]}}))
		}
		if frac < 1 {
			return
		}
		m.Apply(&protocol.Assistant{Message: protocol.APIMessage{ID: msg, Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: goldenAnswer}}}})
		m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventContentBlockStop, Index: 1}))
		m.Apply(streamEvent(msg, protocol.StreamEventBody{Type: protocol.EventMessageStop}))
		m.Apply(&protocol.Result{Subtype: "success", DurationMS: 5400, TotalCostUSD: 0.0123,
			Usage: protocol.Usage{InputTokens: 1200, OutputTokens: 340, CacheReadInputTokens: 8000}})
	}
}

func sceneError(m *testModel, c *testClock) {
	m.AddUserPrompt("Hello?")
	feed(m, c, loadCapture(nil, "exp08f_http_err429")[:6])
	m.AddNotice(NoticeError, "claude exited with code 1\nError: something went wrong\n    at main (cli.js:1:1)")
}

func sceneRetry(m *testModel, c *testClock) {
	m.AddUserPrompt("Hello?")
	status := 529
	m.Apply(&protocol.APIRetry{Attempt: 1, MaxRetries: 10, RetryDelayMS: 530, ErrorStatus: &status, Error: "overloaded_error"})
	c.Advance(600 * time.Millisecond)
	m.Apply(&protocol.APIRetry{Attempt: 2, MaxRetries: 10, RetryDelayMS: 4000, ErrorStatus: &status, Error: "overloaded_error"})
	c.Advance(1300 * time.Millisecond)
}

// toolCall feeds one finished tool call: the assistant line, and the
// result when content or structured is set.
func toolCall(m *testModel, id, name, input, content, structured string, isError bool) {
	m.Apply(&protocol.Assistant{Message: protocol.APIMessage{ID: "msg_" + id, Content: []protocol.ContentBlock{{
		Type: protocol.BlockToolUse, ID: id, Name: name, Input: json.RawMessage(input),
	}}}})
	if content == "" && structured == "" {
		return
	}
	block, _ := json.Marshal([]map[string]any{{"type": "tool_result", "tool_use_id": id, "content": content, "is_error": isError}})
	u := &protocol.User{Message: protocol.UserBody{Role: "user", Content: block}}
	if structured != "" {
		u.ToolUseResult = json.RawMessage(structured)
	}
	m.Apply(u)
}

func oneTool(prompt, name, input, content, structured string) scene {
	return func(m *testModel, c *testClock) {
		m.AddUserPrompt(prompt)
		toolCall(m, "toolu_1", name, input, content, structured, false)
	}
}

var toolScenes = map[string]scene{
	"bash": oneTool("Run the tests", "Bash", `{"command":"go test ./...","description":"Run all tests"}`,
		"ok  \tgithub.com/gclaude/gclaude/render\t0.41s\nok  \tgithub.com/gclaude/gclaude/ui/transcript\t1.20s",
		`{"stdout":"ok  \tgithub.com/gclaude/gclaude/render\t0.41s\nok  \tgithub.com/gclaude/gclaude/ui/transcript\t1.20s\n","stderr":"","interrupted":false,"isImage":false}`),
	"read": oneTool("Read it", "Read", `{"file_path":"/home/dev/project/edit.txt"}`, "1\talpha\n2\tfoo\n3\tbaz\n4\t",
		`{"type":"text","file":{"filePath":"/home/dev/project/edit.txt","content":"alpha\nfoo\nbaz\n","numLines":4,"startLine":1,"totalLines":4}}`),
	"write": oneTool("Create a file", "Write", `{"file_path":"/home/dev/project/new.txt","content":"hello\nworld\n"}`,
		"File created successfully at: /home/dev/project/new.txt",
		`{"type":"create","filePath":"/home/dev/project/new.txt","content":"hello\nworld\n","structuredPatch":[],"originalFile":null,"userModified":false}`),
	"edit": oneTool("Change foo to bar", "Edit", `{"file_path":"/home/dev/project/edit.txt","old_string":"foo","new_string":"bar"}`,
		"The file /home/dev/project/edit.txt has been updated successfully.",
		`{"filePath":"/home/dev/project/edit.txt","oldString":"foo","newString":"bar","originalFile":"alpha\nfoo\nbaz\n","structuredPatch":[{"oldStart":1,"oldLines":3,"newStart":1,"newLines":3,"lines":[" alpha","-foo","+bar"," baz"]}],"userModified":false,"replaceAll":false}`),
	"glob": oneTool("Find Go files", "Glob", `{"pattern":"**/*.go","path":"/home/dev/project"}`, "main.go",
		`{"filenames":["/home/dev/project/main.go","/home/dev/project/render/diff.go","/home/dev/project/ui/model.go"],"durationMs":12,"numFiles":3,"truncated":false}`),
	"grep": oneTool("Where is New defined?", "Grep", `{"pattern":"func New","path":"themes","output_mode":"content"}`, "themes/new.go:6:func New(kind Kind) *Styles {",
		`{"mode":"content","numFiles":0,"filenames":[],"content":"themes/new.go:6:func New(kind Kind) *Styles {","numLines":1}`),
	"webfetch": oneTool("Read the docs", "WebFetch", `{"url":"https://example.com/docs/getting-started","prompt":"Summarise"}`, "The page explains how to install the tool.",
		`{"bytes":12634,"code":200,"codeText":"OK","result":"The page explains how to install the tool and run it for the first time.","durationMs":840,"url":"https://example.com/docs/getting-started"}`),
	"websearch": oneTool("Search for it", "WebSearch", `{"query":"bubble tea v2 release notes"}`, "results",
		`{"query":"bubble tea v2 release notes","results":[{"tool_use_id":"srvtoolu_1","content":[{"title":"Bubble Tea v2","url":"https://github.com/charmbracelet/bubbletea/releases"}]}],"durationSeconds":2.4}`),
	"todo": oneTool("Plan the work", "TodoWrite", `{"todos":[{"content":"Read the protocol reference","status":"completed","activeForm":"Reading"},{"content":"Write the transcript","status":"in_progress","activeForm":"Writing"},{"content":"Add golden tests","status":"pending","activeForm":"Adding"}]}`,
		"Todos have been modified successfully.", `{"oldTodos":[],"newTodos":[]}`),
	"agent": func(m *testModel, c *testClock) {
		m.AddUserPrompt("List the files with a subagent")
		toolCall(m, "toolu_1", "Agent", `{"description":"List work files","prompt":"List the files in /home/dev/project","subagent_type":"general-purpose"}`, "", "", false)
		m.Apply(&protocol.TaskStarted{TaskID: "a1", ToolUseID: "toolu_1", Description: "List work files", TaskType: protocol.TaskLocalAgent})
		m.Apply(&protocol.TaskProgress{TaskID: "a1", ToolUseID: "toolu_1", Description: "Running List files in work dir", Usage: protocol.TaskUsage{TotalTokens: 2200, ToolUses: 3}})
		c.Advance(7 * time.Second)
	},
	"plan": oneTool("Make a plan", "ExitPlanMode", `{"plan":"# Plan\n\n1. Step A\n2. Step B\n"}`, "User has approved your plan.",
		`{"plan":"# Plan\n\n1. Step A\n2. Step B\n","isAgent":false,"filePath":"/home/dev/.claude/plans/plan-prancy-tide.md"}`),
	"ask": oneTool("Ask me", "AskUserQuestion", `{"questions":[{"question":"Which color do you prefer?","header":"Color","options":[{"label":"Red","description":"Warm"},{"label":"Blue","description":"Cool"}],"multiSelect":false}]}`,
		"The user answered", `{"questions":[],"answers":{"Which color do you prefer?":"Blue"},"annotations":{}}`),
	"mcp": oneTool("Search issues", "mcp__github__search_issues", `{"repo":"charmbracelet/crush","query":"streaming markdown"}`,
		"Found 2 issues:\n#123 Streaming flicker\n#456 Markdown cache", ""),
	"unknown": oneTool("Watch the build", "Monitor", `{"description":"Watch the build log","timeout_ms":300000,"command":"tail -f build.log"}`,
		"Monitor started", ""),
}

// sceneToolStates shows a call in each state.
func sceneToolStates(m *testModel, c *testClock) {
	m.AddUserPrompt("Do several things")
	toolCall(m, "t_fail", "Bash", `{"command":"false","description":"Fail on purpose"}`, "Exit code 1", "", true)
	toolCall(m, "t_deny", "Bash", `{"command":"rm -rf build","description":"Remove build dir"}`, "", "", false)
	m.SetToolState("t_deny", render.ToolDenied)
	deny, _ := json.Marshal([]map[string]any{{"type": "tool_result", "tool_use_id": "t_deny", "content": "User said no", "is_error": true}})
	m.Apply(&protocol.User{Message: protocol.UserBody{Role: "user", Content: deny}, ToolUseResult: json.RawMessage(`"Error: User said no"`)})
	toolCall(m, "t_int", "Bash", `{"command":"sleep 100"}`, "", "", false)
	m.SetToolState("t_int", render.ToolInterrupted)
	toolCall(m, "t_run", "Bash", `{"command":"make build","description":"Build"}`, "", "", false)
	toolCall(m, "t_wait", "Write", `{"file_path":"/home/dev/project/z.txt","content":"z\n"}`, "", "", false)
	m.Apply(&protocol.CanUseTool{ToolName: "Write", ToolUseID: "t_wait"})
	m.Apply(streamEvent("msg_s", protocol.StreamEventBody{Type: protocol.EventContentBlockStart, ContentBlock: &protocol.ContentBlock{Type: protocol.BlockToolUse, ID: "t_stream", Name: "Bash"}}))
	m.Apply(streamEvent("msg_s", protocol.StreamEventBody{Type: protocol.EventContentBlockDelta, Delta: &protocol.Delta{Type: protocol.DeltaInputJSON, PartialJSON: `{"command":"git status --sh`}}))
	c.Advance(12 * time.Second)
}

// sceneSearch is a focused transcript with a search under way.
func sceneSearch(m *testModel, c *testClock) {
	sceneAnswer(1)(m, c)
	m.AddUserPrompt("And the cache key?")
	m.Apply(answerLine("msg_b", "The cache key is the content version, the width, the expanded flag and the theme."))
	m.SetFocused(true)
	for _, k := range []string{"/", "c", "a", "c", "h", "e"} {
		m.HandleKey(keyPress(k))
	}
}
