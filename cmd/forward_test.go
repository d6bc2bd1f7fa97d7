package cmd

import "testing"

// Subagents' text goes to their task panes only if the CLI forwards it.
func TestSessionsForwardSubagentText(t *testing.T) {
	var f sessionFlags
	if o := f.options("claude", "/p", nil); !o.ForwardSubagentText {
		t.Errorf("options() = %+v, want ForwardSubagentText", o)
	}
}
