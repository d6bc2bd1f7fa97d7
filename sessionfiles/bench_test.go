package sessionfiles

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSyntheticSession writes a session of `turns` tool rounds shaped like the
// CLI's: each has a prompt, a system-prompt snapshot attachment (~40 KB), a tool
// call, a large tool result (~100 KB, twice: for the model and as toolUseResult)
// and a reply. It returns the file size.
func writeSyntheticSession(tb testing.TB, path string, turns int) int64 {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	snapshot := strings.Repeat("You are an agent. Follow the rules. ", 1100)
	output := strings.Repeat("line of tool output with \"quotes\" and \\ backslashes\n", 2000)
	parent := any(nil)
	seq := 0
	emit := func(v map[string]any) {
		seq++
		uuid := fmt.Sprintf("00000000-0000-0000-0000-%012d", seq)
		v["uuid"], v["parentUuid"], v["sessionId"] = uuid, parent, "bench"
		v["timestamp"] = fmt.Sprintf("2026-01-01T00:%02d:%02d.000Z", seq/60%60, seq%60)
		v["isSidechain"], v["cwd"], v["version"] = false, "/home/me/project", "2.1.328"
		parent = uuid
		if err := enc.Encode(v); err != nil {
			tb.Fatal(err)
		}
	}
	for i := range turns {
		emit(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": fmt.Sprintf("prompt %d: read the file", i)}})
		emit(map[string]any{"type": "attachment", "attachment": map[string]any{"type": "prompt_snapshot", "systemPrompt": []string{snapshot}}})
		tool := fmt.Sprintf("toolu_%d", i)
		emit(map[string]any{"type": "assistant", "message": map[string]any{
			"id": fmt.Sprintf("msg_%da", i), "model": "claude-opus-5-5", "role": "assistant",
			"content": []any{map[string]any{"type": "tool_use", "id": tool, "name": "Read", "input": map[string]any{"file_path": "/x"}}},
		}})
		emit(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{
			map[string]any{"type": "tool_result", "tool_use_id": tool, "content": output},
		}}, "toolUseResult": map[string]any{"type": "text", "file": map[string]any{"content": output}}})
		emit(map[string]any{"type": "assistant", "message": map[string]any{
			"id": fmt.Sprintf("msg_%db", i), "model": "claude-opus-5-5", "role": "assistant",
			"content": []any{map[string]any{"type": "text", "text": "Done reading."}},
		}})
	}
	info, err := f.Stat()
	if err != nil {
		tb.Fatal(err)
	}
	return info.Size()
}

// BenchmarkList summarises a folder of 20 sessions of about 6 MB each.
func BenchmarkList(b *testing.B) {
	dir := b.TempDir()
	var total int64
	for i := range 20 {
		total += writeSyntheticSession(b, filepath.Join(dir, fmt.Sprintf("session-%02d.jsonl", i)), 20)
	}
	b.SetBytes(total)
	for b.Loop() {
		list, err := List(dir)
		if err != nil || len(list) != 20 || list[0].MessageCount != 60 {
			b.Fatalf("List = %d sessions (%v), first %+v", len(list), err, list[0])
		}
	}
}

// BenchmarkLoad reads one session of about 6 MB.
func BenchmarkLoad(b *testing.B) {
	path := filepath.Join(b.TempDir(), "session.jsonl")
	b.SetBytes(writeSyntheticSession(b, path, 20))
	for b.Loop() {
		h, err := Load(path)
		if err != nil || len(h.Entries) != 60 {
			b.Fatalf("Load = %d entries, %v", len(h.Entries), err)
		}
	}
}
