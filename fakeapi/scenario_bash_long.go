package fakeapi

// A long shell command, for tests of a running Bash: it prints a line a second for
// five minutes, long enough to watch, move to the background (ctrl+b) and stop. Not
// built in; pass BashLongScenarios in Config.Scenarios.
const (
	ScenarioBashLong = "bash_long"

	BashLongDescription = "Count slowly"
	// BashLongCommand prints "tick N" every second.
	BashLongCommand   = "for i in $(seq 1 300); do echo tick $i; sleep 1; done"
	TextBashLongAfter = "The count goes on in the background."
)

// BashLongScenarios returns the long Bash scenario, freshly built.
func BashLongScenarios() []Scenario {
	return []Scenario{{Name: ScenarioBashLong, Steps: []Step{
		Reply(ToolUse("Bash", map[string]any{"command": BashLongCommand, "description": BashLongDescription, "timeout": 600000})),
		Reply(Text(TextBashLongAfter)),
	}}}
}
