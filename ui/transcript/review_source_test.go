package transcript

import (
	"encoding/json"
	"reflect"
	"testing"

	gitreview "github.com/gclaude/gclaude/internal/review"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// The review gets the prompts sent and the file edits that ran, numbered by turn: a
// denied edit, a Bash call and a queued prompt do not count.
func TestFileEditsAndPrompts(t *testing.T) {
	c := NewConversation()
	call := func(id, name, input string) {
		c.Apply(&protocol.Assistant{Message: protocol.APIMessage{ID: "msg_" + id, Content: []protocol.ContentBlock{{Type: protocol.BlockToolUse, ID: id, Name: name, Input: json.RawMessage(input)}}}})
	}
	result := func(id string) {
		c.Apply(&protocol.User{Message: protocol.UserBody{Role: "user", Content: []byte(`[{"type":"tool_result","tool_use_id":"` + id + `","content":"ok"}]`)}})
	}
	edit := `{"file_path":"/r/a.go","old_string":"x","new_string":"y"}`
	write := `{"file_path":"/r/b.go","content":"package b\n"}`
	c.AddUserPrompt("fix a.go")
	call("t1", "Edit", edit)
	result("t1")
	call("t2", "Bash", `{"command":"go test"}`)
	result("t2")
	c.AddUserPrompt("and add b.go")
	call("t3", "Edit", edit)
	c.SetToolState("t3", render.ToolDenied)
	call("t4", "Write", write)
	result("t4")
	q := c.AddUserPrompt("later")
	c.SetQueued(q, true)

	want := []gitreview.ToolUse{{Turn: 1, Name: "Edit", Input: json.RawMessage(edit)}, {Turn: 2, Name: "Write", Input: json.RawMessage(write)}}
	if got := c.FileEdits(); !reflect.DeepEqual(got, want) {
		t.Fatalf("FileEdits = %s, want %s", dump(got), dump(want))
	}
	if got := c.SentPrompts(); !reflect.DeepEqual(got, []string{"fix a.go", "and add b.go"}) {
		t.Fatalf("SentPrompts = %q", got)
	}
}

func dump(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
