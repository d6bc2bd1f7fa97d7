package fakeapi

import (
	"fmt"
	"strings"
	"time"
)

// Names of the built-in scenarios (see Builtin).
const (
	ScenarioText          = "text"
	ScenarioMarkdown      = "markdown"
	ScenarioThinking      = "thinking"
	ScenarioBashTouch     = "bash_touch"
	ScenarioWriteNew      = "write_new"
	ScenarioWriteExisting = "write_existing"
	ScenarioEdit          = "edit"
	ScenarioTwoTools      = "two_tools"
	ScenarioExitPlan      = "exitplan"
	ScenarioExitPlanFile  = "exitplan_file"
	ScenarioAsk           = "ask"
	ScenarioAskSingle     = "ask_single"
	ScenarioAskMulti      = "ask_multi"
	ScenarioTask          = "task"
	ScenarioTaskWrite     = "task_write"
	ScenarioTaskBackgr    = "task_bg"
	ScenarioSubLs         = "sub_ls"
	ScenarioSubWrite      = "sub_write"
	ScenarioSlow          = "slow"
	ScenarioBig           = "big"
	ScenarioErr400        = "err400"
	ScenarioErr401        = "err401"
	ScenarioErr429        = "err429"
	ScenarioErr429Once    = "err429once"
	ScenarioErr500        = "err500"
	ScenarioErr500Once    = "err500once"
	ScenarioErr529        = "err529"
	ScenarioErrSSE        = "errsse"
	ScenarioErrSSEThen500 = "errsse_then500"
)

// Texts the built-in scenarios answer with, for assertions.
const (
	TextHello        = "Hello from the fake API."
	TextThinking     = "Let me think about this carefully."
	TextAfterThought = "Here is my answer after thinking."
	TextSubagentDone = "Subagent done: files listed."
	// TextToolDone prefixes the final reply after a tool round; the tool result follows.
	TextToolDone = "Tool round finished. Result: "
	// TextSSERecovered is the reply to the CLI's non-streaming fallback after errsse.
	TextSSERecovered = "Recovered after the stream error."
)

// Files the built-in tool scenarios touch, relative to the CLI's working directory.
const (
	FileTouched  = "touched.txt"  // bash_touch creates it with `touch`
	FileNew      = "new.txt"      // write_new creates it
	FileEdit     = "edit.txt"     // edit needs it to exist and contain "foo"
	FileExisting = "existing.txt" // write_existing needs it to exist
	FileTwoBash  = "two_y.txt"    // two_tools: Bash touch
	FileTwoWrite = "two_z.txt"    // two_tools: Write
	FileSubWrite = "sub.txt"      // sub_write (run by task_write's subagent)
)

// SlowDeltas and SlowDelay shape the slow scenario: one word per delta.
const (
	SlowDeltas = 60
	SlowDelay  = 50 * time.Millisecond
)

// Plan texts of the plan scenarios.
const (
	PlanInline = "# Plan\n\n1. Create file x\n2. Verify it exists\n"
	PlanInFile = "# Plan from file\n\n1. Step A\n2. Step B\n"
)

// toolDone is the final text of tool scenarios: it echoes what the tool returned, so a
// test can see from the transcript what the model was told.
func toolDone() Step { return Reply(Text(TextToolDone + "{{tool_result}}")) }

// Builtin returns the ready-made scenarios, freshly built (callers may modify them).
func Builtin() []Scenario {
	return []Scenario{
		{Name: ScenarioText, Steps: []Step{Reply(Text(TextHello))}},
		{Name: ScenarioMarkdown, Steps: []Step{Reply(Text(markdownAnswer))}},
		{Name: ScenarioThinking, Steps: []Step{Reply(Thinking(TextThinking), Text(TextAfterThought))}},
		{Name: ScenarioBashTouch, Steps: []Step{
			Reply(ToolUse("Bash", map[string]any{
				"command":     "touch {{cwd}}/" + FileTouched,
				"description": "Create empty file " + FileTouched,
			})),
			toolDone(),
		}},
		{Name: ScenarioWriteNew, Steps: []Step{
			Reply(ToolUse("Write", map[string]any{"file_path": "{{cwd}}/" + FileNew, "content": "hello\nworld\n"})),
			toolDone(),
		}},
		{Name: ScenarioWriteExisting, Steps: []Step{
			Reply(ToolUse("Read", map[string]any{"file_path": "{{cwd}}/" + FileExisting})),
			Reply(ToolUse("Write", map[string]any{"file_path": "{{cwd}}/" + FileExisting, "content": "line1\nCHANGED\nline3\n"})),
			toolDone(),
		}},
		{Name: ScenarioEdit, Steps: []Step{
			// The CLI refuses an Edit of a file the model has not read.
			Reply(ToolUse("Read", map[string]any{"file_path": "{{cwd}}/" + FileEdit})),
			Reply(ToolUse("Edit", map[string]any{"file_path": "{{cwd}}/" + FileEdit, "old_string": "foo", "new_string": "bar"})),
			toolDone(),
		}},
		{Name: ScenarioTwoTools, Steps: []Step{
			Reply(
				ToolUse("Bash", map[string]any{"command": "touch {{cwd}}/" + FileTwoBash, "description": "Create " + FileTwoBash}),
				ToolUse("Write", map[string]any{"file_path": "{{cwd}}/" + FileTwoWrite, "content": "z\n"}),
			),
			toolDone(),
		}},
		{Name: ScenarioExitPlan, Steps: []Step{
			// Without a plan file the CLI asks with input {} (it reads the plan from the file).
			Reply(ToolUse("ExitPlanMode", map[string]any{"plan": PlanInline})),
			toolDone(),
		}},
		{Name: ScenarioExitPlanFile, Steps: []Step{
			// Plan mode's system prompt names the plan file; write it first, as a model would.
			Reply(ToolUse("Write", map[string]any{"file_path": "{{plan_file}}", "content": PlanInFile})),
			Reply(ToolUse("ExitPlanMode", map[string]any{"plan": PlanInFile, "planFilePath": "{{plan_file}}"})),
			toolDone(),
		}},
		{Name: ScenarioAsk, Steps: []Step{
			Reply(ToolUse("AskUserQuestion", map[string]any{"questions": []any{colorQuestion(), sizesQuestion()}})),
			toolDone(),
		}},
		{Name: ScenarioAskSingle, Steps: []Step{
			Reply(ToolUse("AskUserQuestion", map[string]any{"questions": []any{colorQuestion()}})),
			toolDone(),
		}},
		{Name: ScenarioAskMulti, Steps: []Step{
			Reply(ToolUse("AskUserQuestion", map[string]any{"questions": []any{sizesQuestion()}})),
			toolDone(),
		}},
		{Name: ScenarioTask, Steps: []Step{
			Reply(ToolUse("Agent", map[string]any{
				"description":       "List work files",
				"prompt":            "SCENARIO:" + ScenarioSubLs + " List the files in {{cwd}}",
				"subagent_type":     "general-purpose",
				"run_in_background": false,
			})),
			Reply(Text("The subagent listed the files.")),
		}},
		{Name: ScenarioTaskWrite, Steps: []Step{
			Reply(ToolUse("Agent", map[string]any{
				"description":       "Write a file",
				"prompt":            "SCENARIO:" + ScenarioSubWrite + " Write " + FileSubWrite,
				"subagent_type":     "general-purpose",
				"run_in_background": false, // when left out, CLI 2.1.328 runs the agent in the background
			})),
			Reply(Text("The subagent wrote the file.")),
		}},
		{Name: ScenarioTaskBackgr, Steps: []Step{
			Reply(ToolUse("Agent", map[string]any{
				"description":       "Background lister",
				"prompt":            "SCENARIO:" + ScenarioSubLs + " List the files in {{cwd}}",
				"subagent_type":     "general-purpose",
				"run_in_background": true,
			})),
			Reply(Text("A background agent is listing the files.")),
			// The CLI starts a turn by itself when the agent finishes; this answers it.
			Reply(Text("The background agent finished.")),
		}},
		{Name: ScenarioSubLs, Steps: []Step{
			Reply(ToolUse("Bash", map[string]any{"command": "ls {{cwd}}", "description": "List files in work dir"})),
			Reply(Text(TextSubagentDone)),
		}},
		{Name: ScenarioSubWrite, Steps: []Step{
			Reply(ToolUse("Write", map[string]any{"file_path": "{{cwd}}/" + FileSubWrite, "content": "from subagent\n"})),
			Reply(Text("Subagent done: file written.")),
		}},
		{Name: ScenarioSlow, Steps: []Step{{
			Blocks: []Block{{Type: BlockText, Deltas: words(SlowDeltas)}},
			Stream: StreamOptions{DeltaDelay: SlowDelay},
		}}},
		{Name: ScenarioBig, Steps: []Step{{
			Blocks: []Block{Text(strings.Repeat("0123456789", 10_000))},
			Stream: StreamOptions{ChunkRunes: 4096},
		}}},
		{Name: ScenarioErr400, Steps: []Step{{Faults: []Fault{{Status: 400, Times: Forever}}}}},
		{Name: ScenarioErr401, Steps: []Step{{Faults: []Fault{{Status: 401, Times: Forever}}}}},
		{Name: ScenarioErr429, Steps: []Step{{Faults: []Fault{{Status: 429, RetryAfter: "1", Times: Forever}}}}},
		{Name: ScenarioErr429Once, Steps: []Step{{
			Blocks: []Block{Text(TextHello)},
			Faults: []Fault{{Status: 429, RetryAfter: "1"}},
		}}},
		{Name: ScenarioErr500, Steps: []Step{{Faults: []Fault{{Status: 500, Times: Forever}}}}},
		{Name: ScenarioErr500Once, Steps: []Step{{
			Blocks: []Block{Text(TextHello)},
			Faults: []Fault{{Status: 500}},
		}}},
		{Name: ScenarioErr529, Steps: []Step{{Faults: []Fault{{Status: 529, Times: Forever}}}}},
		{Name: ScenarioErrSSE, Steps: []Step{{
			// The CLI answers a mid-stream error with a non-streaming retry of the same call.
			Blocks: []Block{Text(TextSSERecovered)},
			Faults: []Fault{{MidStream: true}},
		}}},
		{Name: ScenarioErrSSEThen500, Steps: []Step{{
			Faults: []Fault{{MidStream: true}, {Status: 500, Times: Forever}},
		}}},
	}
}

func colorQuestion() map[string]any {
	return map[string]any{
		"question": "Which color do you prefer?",
		"header":   "Color",
		"options": []any{
			map[string]any{"label": "Red", "description": "Warm color"},
			map[string]any{"label": "Blue", "description": "Cool color"},
		},
		"multiSelect": false,
	}
}

func sizesQuestion() map[string]any {
	return map[string]any{
		"question": "Which sizes?",
		"header":   "Sizes",
		"options": []any{
			map[string]any{"label": "S", "description": "small"},
			map[string]any{"label": "M", "description": "medium"},
			map[string]any{"label": "L", "description": "large"},
		},
		"multiSelect": true,
	}
}

// words is "word0 ", "word1 ", ... as n deltas.
func words(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("word%d ", i)
	}
	return out
}

// markdownAnswer exercises the markdown renderer: headings, emphasis, lists, code,
// a table, a quote and a link.
const markdownAnswer = "# Release notes\n\n" +
	"This answer has **bold**, *italic*, `inline code` and a [link](https://example.com).\n\n" +
	"## Steps\n\n" +
	"1. Read the configuration.\n" +
	"2. Validate every field:\n" +
	"   - names must be unique\n" +
	"   - sizes must be positive\n" +
	"3. Write the result.\n\n" +
	"## Code\n\n" +
	"```go\n" +
	"package main\n\n" +
	"import \"fmt\"\n\n" +
	"func main() {\n" +
	"\tfor i := 0; i < 3; i++ {\n" +
	"\t\tfmt.Println(\"hello\", i)\n" +
	"\t}\n" +
	"}\n" +
	"```\n\n" +
	"## Table\n\n" +
	"| Name | Kind | Size |\n" +
	"|------|------|-----:|\n" +
	"| alpha | file | 120 |\n" +
	"| beta | directory | 4096 |\n" +
	"| gamma | link | 7 |\n\n" +
	"> Note: tables and code blocks must survive narrow terminals.\n\n" +
	"---\n\n" +
	"That is all for now.\n"
