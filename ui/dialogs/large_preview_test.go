package dialogs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

func largeWriteRequest(t testing.TB, content string) *protocol.CanUseTool {
	in, err := json.Marshal(map[string]any{"file_path": "/nonexistent/big.txt", "content": content})
	if err != nil {
		t.Fatal(err)
	}
	req := &protocol.CanUseTool{ToolName: "Write", Input: in}
	req.RequestID = "big"
	return req
}

// allocatedBy is how many bytes f allocates.
func allocatedBy(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Issue 11, defect 8: a 20 MB Write was diffed whole on the UI goroutine
// (View), ~40 s and 560 MB. Drawing the dialog must cost what is on screen,
// not what the content weighs.
func TestLargeWriteViewCostsOnlyTheScreen(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 4<<20; i++ {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%70))
		b.WriteString("\n")
	}
	content := b.String()
	lines := strings.Count(content, "\n")
	c := newClock()
	d := open(NewPermission(largeWriteRequest(t, content), RequestInfo{}, testEnv(c)), c).(*Permission)
	var view string
	if n := allocatedBy(func() { view = d.View(120, 40) }); n > 4<<20 {
		t.Errorf("View allocated %d bytes for a %d-byte content; want it bounded by the screen", n, len(content))
	}
	plain := stripped(view)
	for _, w := range []string{"+ line ", "Too large to diff", "more lines"} {
		if !strings.Contains(plain, w) {
			t.Errorf("view lacks %q:\n%s", w, plain)
		}
	}
	// Every line can be reached: the last one is on screen at the end.
	d.scroll.offset = lines + 100
	last := stripped(d.View(120, 40))
	if !strings.Contains(last, "+ line "+strings.Repeat("x", (lines-1)%70)) {
		t.Errorf("scrolled to the end, the last line is not shown:\n%s", last)
	}
	// Approving sends the content whole.
	press(t, d, "1")
	resp := press(t, d, "enter").(Respond)
	allow := resp.Decision.(protocol.PermissionAllow)
	var sent struct{ Content string }
	if err := json.Unmarshal(allow.UpdatedInput, &sent); err != nil || sent.Content != content {
		t.Errorf("approved content is %d bytes (%v), want the %d sent", len(sent.Content), err, len(content))
	}
}

// One 2 MB line is cut on screen, with its size said, never measured whole.
func TestLargeWriteLongLineIsMarked(t *testing.T) {
	c := newClock()
	d := open(NewPermission(largeWriteRequest(t, strings.Repeat("é", 1<<20)), RequestInfo{}, testEnv(c)), c)
	plain := stripped(d.View(100, 30))
	if !strings.Contains(plain, "…[line of 2.0 MB]") {
		t.Errorf("cut line not marked:\n%s", plain)
	}
	checkFits(t, d.View(100, 30), 100, 30)
}

// Inline editing a huge content would freeze the UI: the dialog points to $EDITOR.
func TestLargeWriteIsNotEditedInline(t *testing.T) {
	c := newClock()
	d := open(NewPermission(largeWriteRequest(t, strings.Repeat("a\n", 1<<20)), RequestInfo{}, testEnv(c)), c).(*Permission)
	press(t, d, "e")
	if d.editing || !strings.Contains(d.status, "Too large to edit here") {
		t.Errorf("editing=%v status=%q", d.editing, d.status)
	}
}

func TestLargeTextLines(t *testing.T) {
	for _, text := range []string{"", "a", "a\n", "a\nb", strings.Repeat("l\n", 200) + "end"} {
		lt := newLargeText(text)
		want := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		if text == "" {
			want = nil
		}
		if lt.lines != len(want) {
			t.Fatalf("%q: %d lines, want %d", text, lt.lines, len(want))
		}
		for i, w := range want {
			if got := lt.line(i); got != w {
				t.Fatalf("%q line %d = %q, want %q", text, i, got, w)
			}
		}
	}
}

func BenchmarkLargeWritePermission(b *testing.B) {
	content := strings.Repeat("line of some text that is moderately long, 60 chars.......\n", 20<<20/60)
	c := newClock()
	for b.Loop() {
		d := NewPermission(largeWriteRequest(b, content), RequestInfo{}, testEnv(c))
		_ = d.View(120, 40)
	}
}

// A Write over a big file is not diffed either: styling a diff of a 900 KB
// content against a 3 MB file took the UI goroutine 13 s.
func TestLargeWriteOverABigFileIsNotDiffed(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte(strings.Repeat("old line\n", 300<<10/9)), 0o644); err != nil {
		t.Fatal(err)
	}
	in, _ := json.Marshal(map[string]any{"file_path": "f.txt", "content": "new\n"})
	req := &protocol.CanUseTool{ToolName: "Write", Input: in}
	req.RequestID = "w"
	c := newClock()
	d := open(NewPermission(req, RequestInfo{CWD: dir}, testEnv(c)), c)
	var view string
	if n := allocatedBy(func() { view = d.View(120, 40) }); n > 4<<20 {
		t.Errorf("View allocated %d bytes", n)
	}
	plain := stripped(view)
	for _, w := range []string{"It replaces the whole file on disk (300.0 KB)", "+ new"} {
		if !strings.Contains(plain, w) {
			t.Errorf("view lacks %q:\n%s", w, plain)
		}
	}
}

// BenchmarkLargeWriteView is what the UI goroutine pays for each frame of a
// 20 MB Write's dialog.
func BenchmarkLargeWriteView(b *testing.B) {
	content := strings.Repeat("line of some text that is moderately long, 60 chars.......\n", 20<<20/60)
	c := newClock()
	d := open(NewPermission(largeWriteRequest(b, content), RequestInfo{}, testEnv(c)), c).(*Permission)
	for b.Loop() {
		d.scroll.offset += 37
		_ = d.View(120, 40)
	}
}
