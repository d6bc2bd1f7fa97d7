package e2e

import (
	"fmt"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
)

// Scenarios of these tests on top of fakeapi's built-ins: variants that leave room for
// the test to act while the CLI waits, so no step depends on who is faster.
const (
	// scenarioLongSlow is fakeapi's slow stream made long enough (30 s) that an
	// interrupt always lands in the middle of it.
	scenarioLongSlow = "e2e_long_slow"
	longSlowDeltas   = 600
	// scenarioLateTouch is bash_touch whose tool call comes after a pause, so a draft
	// can be typed before the permission dialog takes the keys.
	scenarioLateTouch = "e2e_late_touch"
	lateTouchDelay    = 3 * time.Second
	// scenarioLongTool runs a Bash command that outlasts any test: a tool still
	// running when gclaude is killed.
	scenarioLongTool = "e2e_long_tool"
	longToolCommand  = "tail -f /dev/null && echo e2e-long-tool"
)

// e2eScenarios returns the scenarios above, freshly built.
func e2eScenarios() []fakeapi.Scenario {
	words := make([]string, longSlowDeltas)
	for i := range words {
		words[i] = fmt.Sprintf("word%d ", i)
	}
	var touch fakeapi.Scenario
	for _, sc := range fakeapi.Builtin() {
		if sc.Name == fakeapi.ScenarioBashTouch {
			touch = sc
		}
	}
	touch.Name = scenarioLateTouch
	touch.Steps[0].Delay = lateTouchDelay
	return []fakeapi.Scenario{
		{Name: scenarioLongSlow, Steps: []fakeapi.Step{{
			Blocks: []fakeapi.Block{{Type: fakeapi.BlockText, Deltas: words}},
			Stream: fakeapi.StreamOptions{DeltaDelay: fakeapi.SlowDelay},
		}}},
		touch,
		{Name: scenarioLongTool, Steps: []fakeapi.Step{
			fakeapi.Reply(fakeapi.ToolUse("Bash", map[string]any{"command": longToolCommand, "description": "Wait a long time"})),
			fakeapi.Reply(fakeapi.Text("done")),
		}},
	}
}

// lastWord is the last word scenarioLongSlow streams.
var lastWord = fmt.Sprintf("word%d", longSlowDeltas-1)
