package tasks

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

// TestHostileText: nothing a task's text carries reaches the terminal raw.
func TestHostileText(t *testing.T) {
	w := newWorld(themes.Dark)
	evil := "x\x1b]0;owned\x07\x1b[2J\u202eevil\nnext"
	w.apply(
		&protocol.TaskStarted{TaskID: "t1", ToolUseID: "toolu_1", Description: evil, SubagentType: evil, TaskType: protocol.TaskLocalAgent},
		&protocol.TaskProgress{TaskID: "t1", Description: evil, LastToolName: evil},
		&protocol.TaskStarted{TaskID: "t2", ToolUseID: "toolu_2", Description: "done", TaskType: protocol.TaskLocalAgent},
		&protocol.TaskNotification{TaskID: "t2", Status: protocol.TaskFailed, Summary: evil, OutputFile: evil},
		&protocol.TaskUpdated{TaskID: "t2", Patch: protocol.TaskPatch{Error: evil}},
	)
	w.pane.Open("t2")
	screens := map[string]string{
		"overlay":  w.pane.Overlay(100, 30),
		"view":     w.pane.View(60, 30),
		"status":   w.store.StatusLine("toolu_1") + w.store.StatusLine("toolu_2"),
		"describe": w.store.DescribeAgent("t1") + w.store.AgentDescription("t1") + w.store.DescribeAgent("\x1b[2Jid"),
	}
	for name, s := range screens {
		plain := ansi.Strip(s)
		if strings.ContainsAny(plain, "\x1b\x07\u202e") || strings.Contains(s, "\x1b]0;") || strings.Contains(s, "\x1b[2J") {
			t.Errorf("%s lets control text through: %q", name, plain)
		}
	}
	if !strings.Contains(ansi.Strip(screens["overlay"]), "␛]0;owned␇") {
		t.Error("hostile text is not shown neutralised")
	}
}

func TestWidths(t *testing.T) {
	if Wide(139) || !Wide(WideMin) {
		t.Error("Wide threshold")
	}
	w := newWorld(themes.Mono)
	sceneRunning(w)
	for _, total := range []int{140, 160, 200, 300} {
		pw := w.pane.PreferredWidth(total)
		if pw < 36 || pw > 60 {
			t.Errorf("PreferredWidth(%d) = %d with nothing open", total, pw)
		}
	}
	w.pane.Open(idSurvey)
	w.pane.Open(idAudit)
	pw := w.pane.PreferredWidth(160)
	// Two open transcripts fit side by side in the pane at 160 columns.
	header := strings.Split(ansi.Strip(w.pane.View(pw, 40)), "\n")
	found := false
	for _, l := range header {
		if strings.Contains(l, "Survey") && strings.Contains(l, "Audit") {
			found = true
		}
	}
	if !found {
		t.Errorf("two open tasks are not side by side at width %d", pw)
	}
	got := Beside("ab\nc", 4, "X\nY\nZ")
	if got != "ab  X\nc   Y\n    Z" {
		t.Errorf("Beside = %q", got)
	}
}

// BenchmarkPaneView draws a pane of 50 tasks, two of them open: the cost of
// one frame while the pane is on screen.
func BenchmarkPaneView(b *testing.B) {
	w := newWorld(themes.Dark)
	for i := range 50 {
		id, tool := fmt.Sprintf("t%02d", i), fmt.Sprintf("toolu_%02d", i)
		w.apply(started(id, tool, fmt.Sprintf("Task number %d", i), i%2 == 0),
			w.subTool(tool, id, tool+"_b", "Bash", map[string]any{"command": "make test"}),
			progress(id, tool, "Running make", 1000*i, i, "Bash"))
	}
	w.pane.Open("t10")
	w.pane.Open("t20")
	b.ResetTimer()
	for b.Loop() {
		_ = w.pane.View(80, 40)
	}
}

// TestOpenCaptureTranscript: the open task shows the subagent's own lines
// from a real capture, kept out of the main transcript by the transcript
// component.
func TestOpenCaptureTranscript(t *testing.T) {
	for _, name := range []string{"exp07a_task_subagent", "exp07d_task_background"} {
		t.Run(name, func(t *testing.T) {
			w := newWorld(themes.Mono)
			w.apply(loadCapture(t, name)...)
			if !w.pane.OpenToolUse("toolu_fake001") {
				t.Fatal("could not open the Agent call's task")
			}
			screen := ansi.Strip(w.pane.Overlay(80, 24))
			// exp07d forwards no subagent prompt line; exp07a does.
			hasPrompt := strings.Contains(screen, "SCENARIO:sub_ls")
			if !strings.Contains(screen, "Bash(") || (name == "exp07a_task_subagent" && !hasPrompt) {
				t.Errorf("the subagent's transcript is not shown:\n%s", screen)
			}
			w.view.SetSize(80, 24)
			if main := ansi.Strip(w.view.View()); strings.Contains(main, "Bash(") {
				t.Errorf("the subagent's Bash call is in the main transcript:\n%s", main)
			}
		})
	}
}
