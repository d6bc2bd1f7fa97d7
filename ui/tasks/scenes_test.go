package tasks

import (
	"encoding/json"
	"time"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/transcript"
)

// world is a store, a main conversation (and a view of it) and a pane fed the
// same messages on one test clock, as the root feeds them.
type world struct {
	c     *testClock
	store *Store
	tr    *transcript.Conversation
	view  *transcript.View
	pane  *Pane
	n     int // message ids
}

func newWorld(kind themes.Kind) *world {
	c := &testClock{now: t0}
	st := themes.New(kind)
	keys := keymap.Default()
	s := NewStore(c.Now)
	tr := transcript.NewConversation()
	return &world{c: c, store: s, tr: tr, view: transcript.NewView(st, keys, tr), pane: NewPane(s, tr, themes.NewRef(st), keys)}
}

// apply feeds messages to the store and the transcript, 10 ms apart.
func (w *world) apply(msgs ...protocol.Message) { feed(w.c, msgs, w.store, w.tr) }

func (w *world) wait(d time.Duration) { w.c.Advance(d) }

func (w *world) msgID() string {
	w.n++
	return "msg_" + string(rune('a'+w.n))
}

// agentCall is the main thread's Agent tool call.
func (w *world) agentCall(toolID, desc, typ string, bg bool) *protocol.Assistant {
	in, _ := json.Marshal(map[string]any{"description": desc, "prompt": "Please " + desc, "subagent_type": typ, "run_in_background": bg})
	return &protocol.Assistant{Message: protocol.APIMessage{ID: w.msgID(), Role: "assistant",
		Content: []protocol.ContentBlock{{Type: protocol.BlockToolUse, ID: toolID, Name: "Agent", Input: in}}}}
}

// bashCall is the main thread's Bash tool call.
func (w *world) bashCall(toolID, command, desc string) *protocol.Assistant {
	in, _ := json.Marshal(map[string]any{"command": command, "description": desc})
	return &protocol.Assistant{Message: protocol.APIMessage{ID: w.msgID(), Role: "assistant",
		Content: []protocol.ContentBlock{{Type: protocol.BlockToolUse, ID: toolID, Name: "Bash", Input: in}}}}
}

// subText and subTool are a subagent's own assistant lines.
func (w *world) subText(parent, agentID, text string) *protocol.Assistant {
	return &protocol.Assistant{ParentToolUseID: &parent, SubagentFields: protocol.SubagentFields{AgentID: agentID},
		Message: protocol.APIMessage{ID: w.msgID(), Role: "assistant", Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: text}}}}
}

func (w *world) subTool(parent, agentID, toolID, name string, input map[string]any) *protocol.Assistant {
	in, _ := json.Marshal(input)
	return &protocol.Assistant{ParentToolUseID: &parent, SubagentFields: protocol.SubagentFields{AgentID: agentID},
		Message: protocol.APIMessage{ID: w.msgID(), Role: "assistant", Content: []protocol.ContentBlock{{Type: protocol.BlockToolUse, ID: toolID, Name: name, Input: in}}}}
}

// toolResult is a tool_result line; parent "" is the main thread.
func toolResult(parent, toolID, content string) *protocol.User {
	body, _ := json.Marshal([]map[string]any{{"type": "tool_result", "tool_use_id": toolID, "content": content}})
	u := &protocol.User{Message: protocol.UserBody{Role: "user", Content: body}}
	if parent != "" {
		u.ParentToolUseID = &parent
	}
	return u
}

func toolError(parent, toolID, content string) *protocol.User {
	u := toolResult(parent, toolID, content)
	u.Message.Content, _ = json.Marshal([]map[string]any{{"type": "tool_result", "tool_use_id": toolID, "content": content, "is_error": true}})
	return u
}

func subPrompt(parent, text string) *protocol.User {
	body, _ := json.Marshal(text)
	return &protocol.User{ParentToolUseID: &parent, Message: protocol.UserBody{Role: "user", Content: body}}
}

func progress(id, tool, activity string, tokens, tools int, last string) *protocol.TaskProgress {
	return &protocol.TaskProgress{TaskID: id, ToolUseID: tool, Description: activity,
		Usage: protocol.TaskUsage{TotalTokens: tokens, ToolUses: tools}, LastToolName: last}
}

func notification(id, tool, status, summary string, tokens, tools, ms int) *protocol.TaskNotification {
	return &protocol.TaskNotification{TaskID: id, ToolUseID: tool, Status: status, Summary: summary,
		OutputFile: "/tmp/claude-0/tasks/" + id + ".output",
		Usage:      protocol.TaskUsage{TotalTokens: tokens, ToolUses: tools, DurationMS: ms}}
}

// Task ids and the tool calls that start them in the scenes.
const (
	idSurvey                                              = "a1f0c9d2e3b4a5968"
	idAudit                                               = "a2e1d0c9b8a7f6e5d"
	idBuild                                               = "b7k2m9x4q"
	idList                                                = "a3d2c1b0a9f8e7d6c"
	idFetch                                               = "a4c3b2a1f0e9d8c7b"
	toolSurvey, toolAudit, toolBuild, toolList, toolFetch = "toolu_survey", "toolu_audit", "toolu_build", "toolu_list", "toolu_fetch"
)

// sceneFinishedFirst: two subagents that already ended, one with a report,
// one that failed.
func sceneFinishedFirst(w *world) {
	w.tr.AddUserPrompt("Look over the project and tell me what to fix first.")
	w.apply(
		w.agentCall(toolList, "List work files", "general-purpose", false),
		started(idList, toolList, "List work files", false),
		subPrompt(toolList, "Please List work files"),
		w.subTool(toolList, idList, "toolu_l1", "Bash", map[string]any{"command": "ls -la", "description": "List files"}),
		toolResult(toolList, "toolu_l1", "main.go\ngo.mod\nREADME.md"),
	)
	w.wait(4 * time.Second)
	w.apply(
		&protocol.TaskUpdated{TaskID: idList, Patch: protocol.TaskPatch{Status: protocol.TaskCompleted}},
		notification(idList, toolList, protocol.TaskCompleted, "Found 12 files; the largest is main.go (1,204 lines). There is no test for the parser, and the README still describes the old flags.", 8200, 3, 4210),
		toolResult("", toolList, "Found 12 files."),
		w.agentCall(toolFetch, "Fetch the changelog", "general-purpose", false),
		started(idFetch, toolFetch, "Fetch the changelog", false),
		subPrompt(toolFetch, "Please Fetch the changelog"),
	)
	w.wait(2 * time.Second)
	w.apply(
		&protocol.TaskUpdated{TaskID: idFetch, Patch: protocol.TaskPatch{Status: protocol.TaskFailed, Error: "WebFetch: 404 Not Found"}},
		notification(idFetch, toolFetch, protocol.TaskFailed, "", 1500, 1, 2050),
		toolError("", toolFetch, "Agent failed: WebFetch: 404 Not Found"),
	)
}

// sceneRunning: the finished pair, then a foreground subagent running the
// tests, a background audit, and a long shell command.
func sceneRunning(w *world) {
	sceneFinishedFirst(w)
	w.apply(
		w.agentCall(toolSurvey, "Survey the test suite", "general-purpose", false),
		started(idSurvey, toolSurvey, "Survey the test suite", false),
		subPrompt(toolSurvey, "Please Survey the test suite"),
		w.subText(toolSurvey, idSurvey, "I'll find the tests first, then run them."),
		w.subTool(toolSurvey, idSurvey, "toolu_s1", "Glob", map[string]any{"pattern": "**/*_test.go"}),
		toolResult(toolSurvey, "toolu_s1", "parser_test.go\nlexer_test.go"),
		w.subTool(toolSurvey, idSurvey, "toolu_s2", "Bash", map[string]any{"command": "go test ./...", "description": "Run the tests"}),
		progress(idSurvey, toolSurvey, "Running the tests", 12400, 2, "Bash"),
	)
	w.apply(
		w.agentCall(toolAudit, "Audit dependencies", "Explore", true),
		&protocol.BackgroundTasksChanged{Tasks: []protocol.BackgroundTask{{TaskID: idAudit, TaskType: protocol.TaskLocalAgent, SubagentType: "Explore", Description: "Audit dependencies"}}},
		&protocol.TaskStarted{TaskID: idAudit, ToolUseID: toolAudit, Description: "Audit dependencies", SubagentType: "Explore",
			TaskType: protocol.TaskLocalAgent, IsBackgrounded: true, SpawnDepth: 1},
		toolResult("", toolAudit, "Async agent launched."),
		w.subTool(toolAudit, idAudit, "toolu_a1", "Read", map[string]any{"file_path": "/home/dev/project/go.mod"}),
		progress(idAudit, toolAudit, "Reading go.mod", 3100, 4, "Read"),
	)
	w.apply(
		w.bashCall(toolBuild, "make release", "Build the release binary"),
		&protocol.TaskStarted{TaskID: idBuild, ToolUseID: toolBuild, Description: "Build the release binary", TaskType: protocol.TaskLocalBash},
	)
	w.wait(12 * time.Second)
	s2 := toolSurvey
	w.apply(&protocol.ToolProgress{ToolUseID: "toolu_s2", ToolName: "Bash", ParentToolUseID: &s2, ElapsedTimeSeconds: 11})
	w.wait(1500 * time.Millisecond)
}

// sceneAllFinished: everything from sceneRunning has ended; the survey was
// stopped by the user.
func sceneAllFinished(w *world) {
	sceneRunning(w)
	w.apply(
		&protocol.TaskNotification{TaskID: idBuild, ToolUseID: toolBuild, Status: protocol.TaskCompleted, Summary: "Build the release binary"},
		toolResult("", toolBuild, "built dist/app"),
		notification(idSurvey, toolSurvey, protocol.TaskStopped, "Stopped before the tests finished.", 13000, 2, 14800),
		toolError("", toolSurvey, "Agent stopped."),
		&protocol.Result{Subtype: "success", DurationMS: 31000, TotalCostUSD: 0.0412, Usage: protocol.Usage{InputTokens: 5200, OutputTokens: 800}},
	)
	w.wait(20 * time.Second)
	w.apply(
		toolResult(toolAudit, "toolu_a1", "module example.com/app"),
		w.subText(toolAudit, idAudit, "Two dependencies are a major version behind."),
		notification(idAudit, toolAudit, protocol.TaskCompleted, "Two dependencies are a major version behind: golang.org/x/net (v0.20 → v0.33) and github.com/spf13/cobra (v1.7 → v1.9). Neither has a known vulnerability.", 9800, 6, 35400),
		&protocol.BackgroundTasksChanged{},
	)
}
