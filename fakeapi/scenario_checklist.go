package fakeapi

// A plan on the task list, for tests of the pinned checklist: the model loads the task
// tools as CLI 2.1.3xx makes it (ToolSearch "select:", a call the UI hides), creates two
// tasks, starts the first and stops with it in progress. Not built in; pass
// ChecklistScenarios in Config.Scenarios.
const (
	ScenarioChecklist = "checklist"

	ChecklistStepOne   = "Step one"
	ChecklistStepTwo   = "Step two"
	ChecklistActive    = "Doing step one"
	TextChecklistAfter = "The plan is on the task list."
)

// ChecklistScenarios returns the checklist scenario, freshly built.
func ChecklistScenarios() []Scenario {
	return []Scenario{{Name: ScenarioChecklist, Steps: []Step{
		Reply(ToolUse("ToolSearch", map[string]any{"query": "select:TaskCreate,TaskUpdate", "max_results": 5})),
		Reply(
			ToolUse("TaskCreate", map[string]any{"subject": ChecklistStepOne, "description": "The first step", "activeForm": ChecklistActive}),
			ToolUse("TaskCreate", map[string]any{"subject": ChecklistStepTwo, "description": "The second step"}),
		),
		Reply(ToolUse("TaskUpdate", map[string]any{"taskId": "1", "status": "in_progress"})),
		Reply(Text(TextChecklistAfter)),
	}}}
}
