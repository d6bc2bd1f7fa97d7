package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// apiScenarios are the fake API's scripts for the recordings: fakeapi's built-ins with
// the shapes of the first captures (the files they touch, an acknowledgement naming
// the tool result), plus those only the recordings need. outside is a directory
// outside the project (for write_outside).
func apiScenarios(outside string) []fakeapi.Scenario {
	ack := func() fakeapi.Step {
		return fakeapi.Reply(fakeapi.Text("ACK tool_result({{tool_use_id}}): {{tool_result}}"))
	}
	bash := func(command, description string) fakeapi.Block {
		return fakeapi.ToolUse("Bash", map[string]any{"command": command, "description": description})
	}
	write := func(path, content string) fakeapi.Block {
		return fakeapi.ToolUse("Write", map[string]any{"file_path": path, "content": content})
	}
	read := func(path string) fakeapi.Block {
		return fakeapi.ToolUse("Read", map[string]any{"file_path": path})
	}
	agent := func(description, prompt string, background bool) fakeapi.Block {
		return fakeapi.ToolUse("Agent", map[string]any{
			"description": description, "prompt": prompt,
			"subagent_type": "general-purpose", "run_in_background": background,
		})
	}
	slowBash := `python3 -c "import time; time.sleep(20); print(123)"`
	return []fakeapi.Scenario{
		{Name: "bash_touch", Steps: []fakeapi.Step{fakeapi.Reply(bash("touch {{cwd}}/x", "Create empty file x")), ack()}},
		{Name: "bash_slow", Steps: []fakeapi.Step{fakeapi.Reply(bash(slowBash, "Wait twenty seconds")), ack()}},
		{Name: fakeapi.ScenarioWriteNew, Steps: []fakeapi.Step{fakeapi.Reply(write("{{cwd}}/new.txt", "hello\nworld\n")), ack()}},
		{Name: "write_outside", Steps: []fakeapi.Step{fakeapi.Reply(write(outside+"/o.txt", "x\n")), ack()}},
		{Name: fakeapi.ScenarioTwoTools, Steps: []fakeapi.Step{
			fakeapi.Reply(bash("touch {{cwd}}/y", "Create y"), write("{{cwd}}/z.txt", "z\n")), ack(),
		}},
		{Name: fakeapi.ScenarioExitPlan, Steps: []fakeapi.Step{
			fakeapi.Reply(fakeapi.ToolUse("ExitPlanMode", map[string]any{"plan": fakeapi.PlanInline})), ack(),
		}},
		{Name: fakeapi.ScenarioExitPlanFile, Steps: []fakeapi.Step{
			fakeapi.Reply(write("{{plan_file}}", fakeapi.PlanInFile)),
			fakeapi.Reply(fakeapi.ToolUse("ExitPlanMode", map[string]any{"plan": fakeapi.PlanInFile, "planFilePath": "{{plan_file}}"})),
			ack(),
		}},
		{Name: fakeapi.ScenarioAsk, Steps: []fakeapi.Step{
			fakeapi.Reply(fakeapi.ToolUse("AskUserQuestion", map[string]any{"questions": []any{
				question("Which color do you prefer?", "Color", false, "Red", "Warm color", "Blue", "Cool color"),
				question("Which sizes?", "Sizes", true, "S", "small", "M", "medium", "L", "large"),
			}})),
			ack(),
		}},
		{Name: fakeapi.ScenarioEdit, Steps: []fakeapi.Step{
			fakeapi.Reply(read("{{cwd}}/edit.txt")),
			fakeapi.Reply(fakeapi.ToolUse("Edit", map[string]any{"file_path": "{{cwd}}/edit.txt", "old_string": "foo", "new_string": "bar"})),
			ack(),
		}},
		{Name: fakeapi.ScenarioWriteExisting, Steps: []fakeapi.Step{
			fakeapi.Reply(read("{{cwd}}/exist.txt")),
			fakeapi.Reply(write("{{cwd}}/exist.txt", "line1\nCHANGED\nline3\n")),
			ack(),
		}},
		{Name: fakeapi.ScenarioTask, Steps: []fakeapi.Step{
			fakeapi.Reply(agent("List work files", "SCENARIO:sub_ls List the files in {{cwd}}", false)), ack(),
		}},
		{Name: fakeapi.ScenarioTaskWrite, Steps: []fakeapi.Step{
			fakeapi.Reply(agent("Write a file", "SCENARIO:sub_write please write", false)), ack(),
		}},
		{Name: fakeapi.ScenarioTaskBackgr, Steps: []fakeapi.Step{
			fakeapi.Reply(agent("Background lister", "SCENARIO:sub_ls List the files", true)), ack(),
			// The CLI starts a turn by itself when the agent finishes; this answers it.
			fakeapi.Reply(fakeapi.Text("The background agent finished.")),
		}},
		{Name: fakeapi.ScenarioSubLs, Steps: []fakeapi.Step{
			fakeapi.Reply(bash("ls {{cwd}}", "List files in work dir")), fakeapi.Reply(fakeapi.Text(fakeapi.TextSubagentDone)),
		}},
		{Name: fakeapi.ScenarioSubWrite, Steps: []fakeapi.Step{
			fakeapi.Reply(write("{{cwd}}/from_sub.txt", "sub\n")), fakeapi.Reply(fakeapi.Text("Subagent done: file written.")),
		}},
		// An answer streamed a word a second, so that an interrupt or a signal sent on
		// "word2 " lands before the next word, whatever the machine's load.
		{Name: "slow_stall", Steps: []fakeapi.Step{{
			Blocks: []fakeapi.Block{{Type: fakeapi.BlockText, Deltas: words(10)}},
			Stream: fakeapi.StreamOptions{DeltaDelay: time.Second},
		}}},
		// The SSE error event, then a 500 for the CLI's non-streaming fallback.
		{Name: "errsse2", Steps: []fakeapi.Step{{Faults: []fakeapi.Fault{{MidStream: true}, {Status: 500, Times: fakeapi.Forever}}}}},
		// A side question the model takes a while to answer.
		{Name: "slow_answer", Steps: []fakeapi.Step{{Blocks: []fakeapi.Block{fakeapi.Text("slow answer after 5s")}, Delay: 5 * time.Second}}},
		{Name: "big", Steps: []fakeapi.Step{{
			Blocks: []fakeapi.Block{fakeapi.Text(strings.Repeat("B", 100_000))},
			Stream: fakeapi.StreamOptions{ChunkRunes: 4096},
		}}},
		{Name: "read_big", Steps: []fakeapi.Step{fakeapi.Reply(read("{{cwd}}/big.txt")), ack()}},
		{Name: "write_huge", Steps: []fakeapi.Step{
			{Blocks: []fakeapi.Block{write("{{cwd}}/huge.txt", strings.Repeat("y", hugeBytes))}, Stream: fakeapi.StreamOptions{JSONChunkBytes: 64 << 10}},
			ack(),
		}},
	}
}

// words is "word0 ", "word1 ", … as n deltas.
func words(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("word%d ", i)
	}
	return out
}

// hugeBytes makes a Write whose lines are over 1 MiB.
const hugeBytes = 1_100_000

func question(text, header string, multi bool, labelsAndDescriptions ...string) map[string]any {
	var options []any
	for i := 0; i+1 < len(labelsAndDescriptions); i += 2 {
		options = append(options, map[string]any{"label": labelsAndDescriptions[i], "description": labelsAndDescriptions[i+1]})
	}
	return map[string]any{"question": text, "header": header, "options": options, "multiSelect": multi}
}

// bigFile is 90 KB of numbered lines for read_big.
func bigFile() string {
	var b strings.Builder
	for i := 0; b.Len() < 90_000; i++ {
		fmt.Fprintf(&b, "line %05d %s\n", i, strings.Repeat("x", 60))
	}
	return b.String()
}
