package dialogs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

func TestEditPreviews(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("one\nfoo\ntwo\nfoo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bin"), []byte("a\x00b"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "q.txt"), []byte("say “hello” and ‘bye’\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "crlf.txt"), []byte("a\r\nb\r\nc\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, tool, input string
		want, not         []string
	}{
		{"replace all", "Edit", `{"file_path":"f.txt","old_string":"foo","new_string":"bar","replace_all":true}`,
			[]string{"replaces all 2 occurrences", "2   - foo", "  2 + bar", "4   - foo", "  4 + bar"}, []string{"will fail"}},
		// The CLI checks an edit before it asks: where gclaude cannot place it
		// (the file changed since), it says so and predicts nothing.
		{"ambiguous", "Edit", `{"file_path":"f.txt","old_string":"foo","new_string":"bar","replace_all":false}`,
			[]string{"occurs 2 times", "- foo", "+ bar"}, []string{"will fail"}},
		{"not found", "Edit", `{"file_path":"f.txt","old_string":"nope","new_string":"bar"}`,
			[]string{"cannot find old_string", "- nope"}, []string{"will fail"}},
		{"missing file", "Edit", `{"file_path":"gone.txt","old_string":"a","new_string":"b"}`,
			[]string{"not on disk now", "- a", "+ b"}, []string{"will fail"}},
		// Issue 11, defect 2: straight quotes from the model match the file's
		// curly ones, as in the CLI, which keeps the file's quote style.
		{"curly quotes", "Edit", `{"file_path":"q.txt","old_string":"say \"hello\" and 'bye'","new_string":"say \"hi\" and 'bye'"}`,
			[]string{"1   - say “hello” and ‘bye’", "  1 + say “hi” and ‘bye’"}, []string{"will fail", "cannot find", "⚠"}},
		{"crlf file", "Edit", `{"file_path":"crlf.txt","old_string":"a\nb","new_string":"x"}`,
			[]string{"1   - a", "2   - b", "  1 + x"}, []string{"cannot find", "⚠"}},
		{"unique", "Edit", `{"file_path":"f.txt","old_string":"one","new_string":"ONE"}`,
			[]string{"f.txt  +1 −1", "1   - one", "  1 + ONE", "2 2   foo"}, []string{"will fail", "⚠"}},
		{"multi edit", "MultiEdit", `{"file_path":"f.txt","edits":[{"old_string":"one","new_string":"1"},{"old_string":"two","new_string":"2"}]}`,
			[]string{"+2 −2", "  1 + 1", "  3 + 2"}, []string{"⚠"}},
		{"write over", "Write", `{"file_path":"f.txt","content":"one\nfoo\n"}`,
			[]string{"f.txt  +0 −2", "3   - two"}, nil},
		{"write same", "Write", `{"file_path":"f.txt","content":"one\nfoo\ntwo\nfoo\n"}`,
			[]string{"same as the file on disk"}, nil},
		{"binary", "Write", `{"file_path":"bin","content":"x"}`,
			[]string{"binary file, not diffed", "+ x"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock()
			req := &protocol.CanUseTool{ToolName: tt.tool, Input: []byte(tt.input)}
			req.RequestID = "r"
			d := open(NewPermission(req, RequestInfo{CWD: dir}, testEnv(c)), c)
			view := stripped(d.View(100, 40))
			for _, w := range tt.want {
				if !strings.Contains(view, w) {
					t.Errorf("view lacks %q:\n%s", w, view)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(view, w) {
					t.Errorf("view has %q:\n%s", w, view)
				}
			}
		})
	}
}

func TestGenericPreview(t *testing.T) {
	c := newClock()
	req := &protocol.CanUseTool{ToolName: "mcp__srv__tool", DisplayName: "srv · tool", Description: "Does a thing",
		Input: []byte(`{"url":"https://example.com","body":"line1\nline2","opts":{"a":1,"b":[1,2,3],"c":"a long value that is long enough to be indented on its own lines"},"n":3}`)}
	req.RequestID = "r"
	d := open(NewPermission(req, RequestInfo{}, testEnv(c)), c)
	view := stripped(d.View(100, 40))
	for _, w := range []string{"srv · tool", "Allow srv · tool?", "url: https://example.com", "body:", "  line1", "  line2", "opts:", `  "b": [`, "n: 3", "Does a thing"} {
		if !strings.Contains(view, w) {
			t.Errorf("view lacks %q:\n%s", w, view)
		}
	}
}

func TestReadOnlyPlanAndQuestions(t *testing.T) {
	c := newClock()
	env := testEnv(c)
	env.ReadOnly = true
	plan := open(NewPlanReview(loadRequest(t, "exp03d_plan"), env), c)
	for _, keys := range [][]string{{"enter"}, {"1"}, {"esc"}} {
		if a := press(t, plan, keys...); a != (Dismiss{}) {
			t.Errorf("plan %v: %#v", keys, a)
		}
	}
	q := open(NewQuestions(loadRequest(t, "exp04a_questions"), env), c)
	if a := press(t, q, "1", "enter", "1", "enter", "enter"); a != (Dismiss{}) {
		t.Errorf("questions submit: %#v", a)
	}
	if a := press(t, q, "esc"); a != (Dismiss{}) {
		t.Errorf("questions esc: %#v", a)
	}
}

func TestNewRequestPicksTheDialog(t *testing.T) {
	env := testEnv(newClock())
	for name, want := range map[string]string{"exp02a_bash": "*dialogs.Permission", "exp03d_plan": "*dialogs.PlanReview", "exp04a_questions": "*dialogs.Questions"} {
		d := NewRequest(loadRequest(t, name), RequestInfo{}, env)
		if got := typeName(d); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}
