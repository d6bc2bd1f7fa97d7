package render

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/gclaude/gclaude/themes"
)

// fixture renders one example at a width.
type fixture func(width int, st *themes.Styles) string

func toolFixture(c ToolCall) fixture {
	fixtureCalls = append(fixtureCalls, c)
	return func(w int, st *themes.Styles) string { return Tool(c, w, st) }
}

// fixtureCalls are the tool calls of the fixtures, for the hostile-input suite.
var fixtureCalls []ToolCall

func done(content, structured string) *ToolResult {
	return &ToolResult{Content: content, Structured: json.RawMessage(structured)}
}

func failed(content, structured string) *ToolResult {
	return &ToolResult{Content: content, IsError: true, Structured: json.RawMessage(structured)}
}

func in(s string) json.RawMessage { return json.RawMessage(s) }

var longOutput = func() string {
	var b strings.Builder
	for i := 1; i <= 40; i++ {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString(" output ")
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString("\n")
	}
	return b.String()
}()

var bashLong, _ = json.Marshal(map[string]any{"stdout": longOutput, "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false})

// fixtures cover every renderer; the tool results are shaped like the ones
// in the protocol captures (REFERENCE.md §2.6).
var fixtures = map[string]fixture{
	// Bash
	"bash_streaming_input": toolFixture(ToolCall{Name: "Bash", State: ToolInputStreaming, Spinner: "◐", Input: in(`{"command": "git status --sh`)}),
	"bash_waiting":         toolFixture(ToolCall{Name: "Bash", State: ToolWaitingPermission, Input: in(`{"command":"touch /home/dev/project/x","description":"Create empty file x"}`)}),
	"bash_running":         toolFixture(ToolCall{Name: "Bash", State: ToolRunning, Spinner: "◓", Elapsed: 3200 * time.Millisecond, Input: in(`{"command":"sleep 5 && echo 123","description":"Wait then print"}`)}),
	"bash_no_output": toolFixture(ToolCall{Name: "Bash", State: ToolDone, Input: in(`{"command":"touch /home/dev/project/x","description":"Create empty file x"}`),
		Result: done("(Bash completed with no output)", `{"stdout":"","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":true}`)}),
	"bash_long_output":    toolFixture(ToolCall{Name: "Bash", State: ToolDone, Input: in(`{"command":"seq 40","description":"Print lines"}`), Result: done(longOutput, string(bashLong))}),
	"bash_long_expanded":  toolFixture(ToolCall{Name: "Bash", State: ToolDone, Expanded: true, Input: in(`{"command":"seq 40"}`), Result: done(longOutput, string(bashLong))}),
	"bash_multiline_wait": toolFixture(ToolCall{Name: "Bash", State: ToolWaitingPermission, Input: in(`{"command":"for f in *.go; do\n  gofmt -l \"$f\"\ndone","description":"List unformatted files"}`)}),
	"bash_hostile_output": toolFixture(ToolCall{Name: "Bash", State: ToolDone, Input: in(`{"command":"cat evil.txt"}`),
		Result: done("", `{"stdout":"title \u001b]0;pwned\u0007 and \u001b[2Jclear\r\n\tdone","stderr":"warn: \u009b31mred","interrupted":false}`)}),
	// A background command (CLI 2.1.328): the result is a receipt; the caller reports the task.
	"bash_background": toolFixture(ToolCall{Name: "Bash", State: ToolDone, Input: in(`{"command":"sleep 2; echo hi","description":"Wait","run_in_background":true}`),
		Result: done(bashBackgroundReceipt, `{"backgroundTaskId":"b07da4mn7","interrupted":false,"isImage":false,"noOutputExpected":false,"stderr":"","stdout":""}`)}),
	"bash_background_done": toolFixture(ToolCall{Name: "Bash", State: ToolDone, Input: in(`{"command":"sleep 2; echo hi","description":"Wait","run_in_background":true}`),
		TaskStatus: "✓ completed · 2.1s", TaskLink: "/tmp/claude-0/-tmp-project/68dc/tasks/b07da4mn7.output",
		Result: done(bashBackgroundReceipt, `{"backgroundTaskId":"b07da4mn7","interrupted":false,"isImage":false,"noOutputExpected":false,"stderr":"","stdout":""}`)}),
	"bash_denied": toolFixture(ToolCall{Name: "Bash", State: ToolDenied, Input: in(`{"command":"rm -rf build","description":"Remove build dir"}`),
		Result: failed("User said no to this (test)", `"Error: User said no to this (test)"`)}),
	"bash_interrupted": toolFixture(ToolCall{Name: "Bash", State: ToolInterrupted, Input: in(`{"command":"sleep 100"}`),
		Result: failed("The user doesn't want to proceed with this tool use.", `"User rejected tool use"`)}),
	"bash_failed": toolFixture(ToolCall{Name: "Bash", State: ToolFailed, Input: in(`{"command":"false"}`),
		Result: failed("Exit code 1\nsomething went wrong: a fairly long error message that needs to wrap at narrow widths", ``)}),

	// Read
	"read_done": toolFixture(ToolCall{Name: "Read", State: ToolDone, Input: in(`{"file_path":"/home/dev/project/edit.txt"}`),
		Result: done("1\talpha\n2\tfoo\n3\tbaz\n4\t", `{"type":"text","file":{"filePath":"/home/dev/project/edit.txt","content":"alpha\nfoo\nbaz\n","numLines":4,"startLine":1,"totalLines":4}}`)}),
	"read_range_expanded": toolFixture(ToolCall{Name: "Read", State: ToolDone, Expanded: true, Input: in(`{"file_path":"/home/dev/project/main.go","offset":10,"limit":3}`),
		Result: done("", `{"type":"text","file":{"filePath":"/home/dev/project/main.go","content":"func main() {\n\tfmt.Println(\"hello\")\n}\n","numLines":3,"startLine":10,"totalLines":120}}`)}),

	// Write
	"write_created": toolFixture(ToolCall{Name: "Write", State: ToolDone, Input: in(`{"file_path":"/home/dev/project/new.txt","content":"hello\nworld\n"}`),
		Result: done("File created successfully at: /home/dev/project/new.txt", `{"type":"create","filePath":"/home/dev/project/new.txt","content":"hello\nworld\n","structuredPatch":[],"originalFile":null,"userModified":false}`)}),
	"write_created_long": toolFixture(ToolCall{Name: "Write", State: ToolDone, Input: in(`{"file_path":"/home/dev/project/long.txt"}`),
		Result: done("File created", mustJSON(map[string]any{"type": "create", "filePath": "/home/dev/project/long.txt", "content": longOutput, "structuredPatch": []any{}}))}),
	"write_updated": toolFixture(ToolCall{Name: "Write", State: ToolDone, Input: in(`{"file_path":"/home/dev/project/exist.txt","content":"line1\nCHANGED\nline3\n"}`),
		Result: done("The file /home/dev/project/exist.txt has been updated successfully.", `{"type":"update","filePath":"/home/dev/project/exist.txt","content":"line1\nCHANGED\nline3\n","structuredPatch":[{"oldStart":1,"oldLines":3,"newStart":1,"newLines":3,"lines":[" line1","-line2","+CHANGED"," line3"]}],"originalFile":"line1\nline2\nline3\n","userModified":false}`)}),
	"write_waiting": toolFixture(ToolCall{Name: "Write", State: ToolWaitingPermission, Input: in(`{"file_path":"/home/dev/project/z.txt","content":"z\n"}`)}),

	// Edit
	"edit_done": toolFixture(ToolCall{Name: "Edit", State: ToolDone, Input: in(`{"file_path":"/home/dev/project/edit.txt","old_string":"foo","new_string":"bar"}`),
		Result: done("The file /home/dev/project/edit.txt has been updated successfully.", `{"filePath":"/home/dev/project/edit.txt","oldString":"foo","newString":"bar","originalFile":"alpha\nfoo\nbaz\n","structuredPatch":[{"oldStart":1,"oldLines":3,"newStart":1,"newLines":3,"lines":[" alpha","-foo","+bar"," baz"]}],"userModified":false,"replaceAll":false}`)}),
	"edit_pending": toolFixture(ToolCall{Name: "Edit", State: ToolWaitingPermission, Input: in(`{"file_path":"/home/dev/project/main.go","old_string":"func a() {\n\treturn 1\n}","new_string":"func a() int {\n\treturn 2\n}","replace_all":true}`)}),
	"edit_two_hunks": toolFixture(ToolCall{Name: "Edit", State: ToolDone, Input: in(`{"file_path":"/srv/app/server/handlers/very_long_file_name_for_testing.go"}`),
		Result: done("ok", mustJSON(map[string]any{"filePath": "x", "structuredPatch": []Hunk{
			{OldStart: 8, OldLines: 4, NewStart: 8, NewLines: 4, Lines: []string{" \tctx := context.Background()", "-\tres, err := client.Do(ctx, req, withTimeout(5*time.Second), withRetries(3))", "+\tres, err := client.Do(ctx, req, withTimeout(10*time.Second), withRetries(5), withBackoff())", " \tif err != nil {"}},
			{OldStart: 98, OldLines: 3, NewStart: 98, NewLines: 4, Lines: []string{" }", "+", "+// added helper", " func helper() {}", `\ No newline at end of file`}},
		}}))}),

	// Glob / Grep
	"glob_done": toolFixture(ToolCall{Name: "Glob", State: ToolDone, Input: in(`{"pattern":"**/*.go","path":"/home/dev/project"}`),
		Result: done("", `{"filenames":["/home/dev/project/main.go","/home/dev/project/render/diff.go","/home/dev/project/render/markdown.go","/home/dev/project/render/sanitize.go","/home/dev/project/themes/styles.go","/home/dev/project/ui/model.go","/home/dev/project/ui/view.go","/home/dev/project/protocol/decode.go"],"durationMs":12,"numFiles":8,"truncated":false}`)}),
	"glob_none": toolFixture(ToolCall{Name: "Glob", State: ToolDone, Input: in(`{"pattern":"*.rs"}`), Result: done("No files found", `{"filenames":[],"durationMs":3,"numFiles":0,"truncated":false}`)}),
	"grep_content": toolFixture(ToolCall{Name: "Grep", State: ToolDone, Input: in(`{"pattern":"func New","path":"themes","output_mode":"content"}`),
		Result: done("", `{"mode":"content","numFiles":0,"filenames":[],"content":"themes/new.go:6:func New(kind Kind) *Styles {\nthemes/kind.go:12:func NewKind() {}","numLines":2}`)}),
	"grep_files": toolFixture(ToolCall{Name: "Grep", State: ToolDone, Input: in(`{"pattern":"TODO","glob":"*.go"}`),
		Result: done("", `{"mode":"files_with_matches","filenames":["a.go","b.go"],"numFiles":2}`)}),

	// Web
	"webfetch_done": toolFixture(ToolCall{Name: "WebFetch", State: ToolDone, Input: in(`{"url":"https://example.com/docs/getting-started","prompt":"Summarise"}`),
		Result: done("", `{"bytes":12634,"code":200,"codeText":"OK","result":"The page explains how to install the tool and run it for the first time.","durationMs":840,"url":"https://example.com/docs/getting-started"}`)}),
	"websearch_done": toolFixture(ToolCall{Name: "WebSearch", State: ToolDone, Input: in(`{"query":"bubble tea v2 release notes"}`),
		Result: done("", `{"query":"bubble tea v2 release notes","results":[{"tool_use_id":"srvtoolu_1","content":[{"title":"Bubble Tea v2","url":"https://github.com/charmbracelet/bubbletea/releases"},{"title":"What's new in v2","url":"https://charm.land/blog/v2"}]},"Some commentary"],"durationSeconds":2.4}`)}),

	// TodoWrite
	"todo": toolFixture(ToolCall{Name: "TodoWrite", State: ToolDone, Input: in(`{"todos":[{"content":"Read the protocol reference","status":"completed","activeForm":"Reading"},{"content":"Write the streaming markdown renderer with a cache for the finished part","status":"in_progress","activeForm":"Writing"},{"content":"Add golden tests","status":"pending","activeForm":"Adding"}]}`),
		Result: done("Todos have been modified successfully.", `{"oldTodos":[],"newTodos":[]}`)}),

	// Agent / Task
	"agent_running": toolFixture(ToolCall{Name: "Agent", State: ToolRunning, Spinner: "◑", Elapsed: 12 * time.Second, Input: in(`{"description":"List work files","prompt":"List the files in /home/dev/project","subagent_type":"general-purpose"}`),
		TaskStatus: "Running List files in work dir · 1 tool use · 22 tokens"}),
	"agent_done": toolFixture(ToolCall{Name: "Agent", State: ToolDone, Input: in(`{"description":"List work files","prompt":"List the files","subagent_type":"general-purpose"}`),
		Result: done("Subagent done: files listed.", `{"status":"completed","prompt":"List the files","agentId":"a146","agentType":"general-purpose","toolsUsed":["Bash"],"content":[{"type":"text","text":"<tools-used-before-summary>Bash</tools-used-before-summary>\n"},{"type":"text","text":"Subagent done: **files** listed."}],"totalDurationMs":196,"totalTokens":19,"totalToolUseCount":1}`)}),
	"agent_done_expanded": toolFixture(ToolCall{Name: "Task", State: ToolDone, Expanded: true, Input: in(`{"description":"List work files","prompt":"List the files","subagent_type":"general-purpose"}`),
		Result: done("Subagent done: files listed.", `{"status":"completed","content":[{"type":"text","text":"Subagent done: **files** listed."}],"totalDurationMs":196,"totalTokens":19,"totalToolUseCount":1}`)}),
	"agent_background": toolFixture(ToolCall{Name: "Agent", State: ToolDone, Input: in(`{"description":"Background lister","prompt":"List","subagent_type":"general-purpose","run_in_background":true}`),
		TaskLink: "/tmp/claude-0/tasks/a7fe11ee53d95788d.output",
		Result:   done("Async agent launched successfully.", `{"isAsync":true,"status":"async_launched","agentId":"a7fe","description":"Background lister","outputFile":"/tmp/claude-0/tasks/a7fe11ee53d95788d.output"}`)}),
	"agent_background_done": toolFixture(ToolCall{Name: "Agent", State: ToolDone, Input: in(`{"description":"Background lister","prompt":"List","subagent_type":"general-purpose","run_in_background":true}`),
		TaskStatus: "✓ completed · 0.2s · 1 tool · 19 tokens", TaskLink: "/tmp/claude-0/tasks/a7fe11ee53d95788d.output",
		Result: done("Async agent launched successfully.", `{"isAsync":true,"status":"async_launched","agentId":"a7fe","description":"Background lister","outputFile":"/tmp/claude-0/tasks/a7fe11ee53d95788d.output"}`)}),

	// ExitPlanMode
	"plan_waiting": toolFixture(ToolCall{Name: "ExitPlanMode", State: ToolWaitingPermission, Input: in(`{"plan":"# Plan from file\n\n1. Step A\n2. Step B\n\nThen run ` + "`go test ./...`" + `."}`)}),
	"plan_approved": toolFixture(ToolCall{Name: "ExitPlanMode", State: ToolDone, Input: in(`{"plan":"# Plan\n\n1. Step A\n2. Step B\n"}`),
		Result: done("User has approved your plan.", `{"plan":"# Plan from file\n\n1. Step A\n2. Step B\n","isAgent":false,"filePath":"/home/dev/.claude/plans/plan-prancy-tide.md"}`)}),
	"plan_denied": toolFixture(ToolCall{Name: "ExitPlanMode", State: ToolDenied, Input: in(`{"plan":"# Plan\n\n1. Step A\n"}`),
		Result: failed("Please add a testing step to the plan.", `"Error: Please add a testing step to the plan."`)}),

	// AskUserQuestion
	"ask_answered": toolFixture(ToolCall{Name: "AskUserQuestion", State: ToolDone, Input: in(askInputJSON),
		Result: done("The user answered", `{"questions":[],"answers":{"Which color do you prefer?":"Blue","Which sizes?":"S, L"},"annotations":{}}`)}),
	"ask_pending":   toolFixture(ToolCall{Name: "AskUserQuestion", State: ToolWaitingPermission, Input: in(askInputJSON)}),
	"ask_no_answer": toolFixture(ToolCall{Name: "AskUserQuestion", State: ToolDone, Input: in(askInputJSON), Result: done("The user did not answer the questions.", `{"questions":[],"answers":{}}`)}),

	// MCP and unknown tools
	"mcp_done": toolFixture(ToolCall{Name: "mcp__claude_ai_github__search_issues", State: ToolDone, Input: in(`{"repo":"charmbracelet/crush","query":"streaming markdown","limit":5}`),
		Result: done("Found 2 issues:\n#123 Streaming flicker\n#456 Markdown cache", ``)}),
	"unknown_tool": toolFixture(ToolCall{Name: "Monitor", State: ToolRunning, Elapsed: 1500 * time.Millisecond, Input: in(`{"description":"Watch the build log","timeout_ms":300000,"command":"tail -f build.log"}`)}),

	// Diffs
	"diff_strings": func(w int, st *themes.Styles) string {
		return DiffStrings("/home/dev/project/main.go", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n", "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tfmt.Fprintln(os.Stderr, \"hello, world\")\n}\n", w, st)
	},
	"diff_new_file": func(w int, st *themes.Styles) string { return DiffStrings("new.txt", "", "one\ntwo\n", w, st) },
	"diff_truncated_lines": func(w int, st *themes.Styles) string {
		return Diff(FileDiff{Path: "wide.txt", Truncate: true, Hunks: ComputeHunks(strings.Repeat("a", 200)+"\n", strings.Repeat("b", 200)+"\n")}, w, st)
	},

	// Transcript blocks
	"user_prompt": func(w int, st *themes.Styles) string {
		return UserPrompt("Please refactor the renderer so that it caches the finished part.\nAlso: add tests \x1b[31m!", w, st)
	},
	"thinking_collapsed": func(w int, st *themes.Styles) string {
		return Thinking(ThinkingBlock{Text: "Let me think about this carefully.", Duration: 3 * time.Second}, w, st)
	},
	"thinking_expanded": func(w int, st *themes.Styles) string {
		return Thinking(ThinkingBlock{Text: "Let me think about this carefully. The user wants a cache, so the finished part should be rendered once.\n\nThen the tail.", Duration: 3 * time.Second, Expanded: true}, w, st)
	},
	"thinking_streaming": func(w int, st *themes.Styles) string {
		return Thinking(ThinkingBlock{Text: "Let me", Streaming: true, Spinner: "◐"}, w, st)
	},
	"notice_levels": func(w int, st *themes.Styles) string {
		return Notice(NoticeInfo, "Model changed to claude-opus-5-5", w, st) + "\n" +
			Notice(NoticeWarning, "The CLI wrote a line that could not be decoded; it was skipped and logged.", w, st) + "\n" +
			Notice(NoticeError, "API Error: Request rejected (429) · Rate limited (fake)", w, st)
	},
	"api_retry": func(w int, st *themes.Styles) string {
		return APIRetry(RetryInfo{Attempt: 2, MaxRetries: 10, Delay: 4 * time.Second, ErrorStatus: 500, Error: "server_error"}, w, st)
	},
	"turn_footer": func(w int, st *themes.Styles) string {
		return TurnFooter(TurnStats{Duration: 12300 * time.Millisecond, CostUSD: 0.000188, InputTokens: 1234, OutputTokens: 7}, w, st) + "\n" +
			TurnFooter(TurnStats{Duration: 2 * time.Second, IsError: true, Reason: "API error"}, w, st)
	},
	"markdown_answer": func(w int, st *themes.Styles) string {
		return Markdown(markdownCorpus["headings"]+"\n\n"+markdownCorpus["code"]+"\n\n"+markdownCorpus["lists"]+"\n\n"+markdownCorpus["table"], w, st)
	},
	"markdown_hostile": func(w int, st *themes.Styles) string { return Markdown(markdownCorpus["hostile"], w, st) },
}

const askInputJSON = `{"questions":[{"question":"Which color do you prefer?","header":"Color","options":[{"label":"Red","description":"Warm color"},{"label":"Blue","description":"Cool color"}],"multiSelect":false},{"question":"Which sizes?","header":"Sizes","options":[{"label":"S","description":"small"},{"label":"M","description":"medium"},{"label":"L","description":"large"}],"multiSelect":true}]}`

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// bashBackgroundReceipt is the tool_result text of a background Bash (CLI 2.1.328).
const bashBackgroundReceipt = "Command running in background with ID: b07da4mn7. Output is being written to: /tmp/claude-0/-tmp-project/68dc/tasks/b07da4mn7.output. You will be notified when it completes. To check interim output, use Read on that file path."
