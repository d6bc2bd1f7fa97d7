package tab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

func answer(uuid, text string) *protocol.Assistant {
	return &protocol.Assistant{Meta: protocol.Meta{UUID: uuid}, Message: protocol.APIMessage{ID: "msg_" + uuid, Role: "assistant",
		Content: []protocol.ContentBlock{{Type: protocol.BlockText, Text: text}}}}
}

// /rewind picks a prompt, previews the files, restores code and conversation: files
// via rewind_files, the conversation by restarting at the answer before that prompt,
// and the prompt comes back into the editor.
func TestRewindCodeAndConversation(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "sess-1.jsonl"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(o *launchOptions) { o.SessionFilesDir = dir })
	h.ready()
	h.typeText("first prompt")
	h.keys("enter")
	h.msgs(systemInit(), answer("a-1", "first answer"), result())
	h.typeText("second prompt")
	h.keys("enter")
	h.msgs(systemInit(), answer("a-2", "second answer"), result())
	second := h.b.sends[1].UUID
	old := h.b

	h.b.answers = map[string]string{"rewind_files": `{"canRewind":true,"filesChanged":["/p/r.txt"],"insertions":1,"deletions":2}`}
	h.run("/rewind")
	if s := h.screen(); !strings.Contains(s, "second prompt") || !strings.Contains(s, "first prompt") {
		t.Fatalf("picker:\n%s", s)
	}
	h.keys("enter") // the newest prompt
	if s := h.screen(); !strings.Contains(s, "1 file (r.txt) +1 −2") || !strings.Contains(s, "Restore code and conversation") {
		t.Fatalf("options:\n%s", s)
	}
	h.keys("enter") // restore code and conversation
	var rewinds []protocol.RewindFiles
	for _, r := range old.requests {
		if rf, ok := r.(protocol.RewindFiles); ok {
			rewinds = append(rewinds, rf)
		}
	}
	if len(rewinds) != 2 || !rewinds[0].DryRun || rewinds[1].DryRun || rewinds[1].UserMessageID != second {
		t.Fatalf("rewind_files requests %+v (second prompt %s)", rewinds, second)
	}
	if len(h.starts) != 1 || h.starts[0].Resume != "sess-1" || h.starts[0].ResumeAt != "a-1" {
		t.Fatalf("restart %+v", h.starts)
	}
	if h.draft() != "second prompt" {
		t.Fatalf("draft %q", h.draft())
	}
	md := h.tab.conversation.Markdown()
	if strings.Contains(md, "second answer") || !strings.Contains(md, "first answer") || !strings.Contains(md, "Files restored") {
		t.Fatalf("transcript:\n%s", md)
	}
}

// esc esc on an empty prompt opens /rewind; one esc does not.
func TestDoubleEscOpensRewind(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("only prompt")
	h.keys("enter")
	h.msgs(systemInit(), answer("a-1", "answer"), result())
	h.keys("esc")
	if h.tab.topIsPicker() {
		t.Fatal("one esc opened the picker")
	}
	h.now = h.now.Add(2 * time.Second)
	h.keys("esc")
	h.now = h.now.Add(300 * time.Millisecond)
	h.keys("esc")
	if !h.tab.topIsPicker() || !strings.Contains(h.screen(), "Rewind") {
		t.Fatalf("esc esc:\n%s", h.screen())
	}
}

// Rewinding the conversation to before the first prompt starts an empty one.
func TestRewindToFirstPromptStartsOver(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("only prompt")
	h.keys("enter")
	h.msgs(systemInit(), answer("a-1", "the answer"), result())
	h.run("/rewind")
	h.keys("enter") // the prompt
	if s := h.screen(); !strings.Contains(s, "Restore conversation") || strings.Contains(s, "Restore code and conversation") {
		t.Fatalf("options without file changes:\n%s", s)
	}
	h.keys("enter") // "Restore conversation", the first row
	if len(h.starts) != 1 || h.starts[0].Resume != "" || h.starts[0].ResumeAt != "" {
		t.Fatalf("restart %+v", h.starts)
	}
	if h.draft() != "only prompt" || strings.Contains(h.tab.conversation.Markdown(), "the answer") {
		t.Fatalf("draft %q, transcript:\n%s", h.draft(), h.tab.conversation.Markdown())
	}
}

// A point before a compaction: claude's --resume-session-at cannot reach it (it exits),
// so the conversation up to it is resumed as a new session.
func TestRewindPastACompactionResumesAFork(t *testing.T) {
	dir := t.TempDir()
	file := `{"type":"assistant","uuid":"a-1","sessionId":"sess-1"}` + "\n" +
		`{"type":"system","subtype":"compact_boundary","uuid":"c-1","sessionId":"sess-1"}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "sess-1.jsonl"), []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(o *launchOptions) { o.SessionFilesDir = dir })
	h.ready()
	h.typeText("first prompt")
	h.keys("enter")
	h.msgs(systemInit(), answer("a-1", "first answer"), result())
	h.typeText("second prompt")
	h.keys("enter")
	h.msgs(systemInit(), answer("a-2", "second answer"), result())
	h.b.answers = map[string]string{"rewind_files": `{"canRewind":true}`}
	h.run("/rewind")
	h.keys("enter") // the newest prompt
	h.keys("enter") // restore code and conversation
	if len(h.starts) != 1 || h.starts[0].Resume == "sess-1" || h.starts[0].Resume == "" || h.starts[0].ResumeAt != "" {
		t.Fatalf("restart %+v", h.starts)
	}
	fork, err := os.ReadFile(filepath.Join(dir, h.starts[0].Resume+".jsonl"))
	if err != nil || strings.Contains(string(fork), "compact_boundary") || !strings.Contains(string(fork), `"a-1"`) {
		t.Fatalf("fork %q, %v", fork, err)
	}
}
