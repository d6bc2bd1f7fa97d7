package fakeapi

import "time"

// Slow subagents, for tests that watch a task while it runs or stop it: the built-in
// task scenarios' subagents finish in well under a second. They are not built in;
// pass TaskSlowScenarios in Config.Scenarios.
const (
	// ScenarioTaskSlow is task with a subagent (sub_slow) that lists the files and then
	// thinks for SubSlowDelay before its report.
	ScenarioTaskSlow = "task_slow"
	// ScenarioTaskBgStall is task_bg with a subagent (sub_stall) that lists the files and
	// then waits SubStallDelay before its report: long enough to be stopped.
	ScenarioTaskBgStall = "task_bg_stall"
	ScenarioSubSlow     = "sub_slow"
	ScenarioSubStall    = "sub_stall"
)

// How long the slow subagents wait before their last reply.
const (
	SubSlowDelay  = 4 * time.Second
	SubStallDelay = 5 * time.Minute
)

// Texts and task descriptions of the slow scenarios, for assertions.
const (
	TaskSlowDescription  = "Survey the files slowly"
	TaskStallDescription = "Stalling lister"
	TextSubSlowDone      = "Subagent done after a while."
	TextTaskSlowDone     = "The slow subagent reported."
	TextTaskBgStarted    = "A stalling background agent is at work."
	TextTaskBgEnded      = "The stalling background agent ended."
)

// TaskSlowScenarios returns the slow task scenarios, freshly built.
func TaskSlowScenarios() []Scenario {
	lsStep := func() Step {
		return Reply(ToolUse("Bash", map[string]any{"command": "ls {{cwd}}", "description": "List files in work dir"}))
	}
	waitThen := func(d time.Duration, text string) Step {
		s := Reply(Text(text))
		s.Delay = d
		return s
	}
	return []Scenario{
		{Name: ScenarioTaskSlow, Steps: []Step{
			Reply(ToolUse("Agent", map[string]any{
				"description":       TaskSlowDescription,
				"prompt":            "SCENARIO:" + ScenarioSubSlow + " List the files in {{cwd}}",
				"subagent_type":     "general-purpose",
				"run_in_background": false,
			})),
			Reply(Text(TextTaskSlowDone)),
		}},
		{Name: ScenarioTaskBgStall, Steps: []Step{
			Reply(ToolUse("Agent", map[string]any{
				"description":       TaskStallDescription,
				"prompt":            "SCENARIO:" + ScenarioSubStall + " List the files in {{cwd}}",
				"subagent_type":     "general-purpose",
				"run_in_background": true,
			})),
			Reply(Text(TextTaskBgStarted)),
			// The CLI starts a turn by itself when the agent ends, stopped or not.
			Reply(Text(TextTaskBgEnded)),
		}},
		{Name: ScenarioSubSlow, Steps: []Step{lsStep(), waitThen(SubSlowDelay, TextSubSlowDone)}},
		{Name: ScenarioSubStall, Steps: []Step{lsStep(), waitThen(SubStallDelay, "Subagent done after a long wait.")}},
	}
}
