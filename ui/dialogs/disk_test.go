package dialogs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// watchFIFO tells whether anything opened the FIFO at path for reading before the
// returned func is called, without a timer: a writer waits in open until a reader
// comes; the test itself comes last, as a reader that never reads.
func watchFIFO(t *testing.T, path string) (openedByOthers func() bool) {
	t.Helper()
	var released atomic.Bool
	result := make(chan bool, 1)
	go func() {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		result <- !released.Load()
		if err == nil {
			w.Close() // a reader that came first reads an end of file, and goes on
		}
	}()
	return func() bool {
		released.Store(true)
		r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		return <-result
	}
}

func permissionFor(t *testing.T, tool string, input map[string]any, info RequestInfo) string {
	t.Helper()
	raw, err := json.Marshal(input)
	if err != nil {
		t.Fatal(err)
	}
	c := newClock()
	req := &protocol.CanUseTool{ToolName: tool, Input: raw}
	req.RequestID = "r"
	return stripped(open(NewPermission(req, info, testEnv(c)), c).View(100, 40))
}

// A Write whose target is a FIFO: the dialog is built at once and says what the target
// is, and the FIFO is never opened (before, the preview opened it and waited for a
// writer forever, so the dialog never appeared and the turn hung).
func TestWriteOverAFIFOIsAskedWithoutOpeningIt(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	opened := watchFIFO(t, fifo)
	view := permissionFor(t, "Write", map[string]any{"file_path": fifo, "content": "data\n"}, RequestInfo{})
	if opened() {
		t.Error("the preview opened the FIFO")
	}
	flat := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(flat, "it is a FIFO (named pipe), not previewed") || !strings.Contains(flat, "+ data") || !strings.Contains(flat, "Yes") {
		t.Errorf("the dialog should name the FIFO and show the content:\n%s", view)
	}
}

// Devices, folders and a 1 GB file are named and sized, not read (before, /dev/zero
// and the big file were read up to the bound, 4 MiB each time).
func TestPreviewNamesWhatItDoesNotRead(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.log")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tests := []struct {
		name, tool string
		input      map[string]any
		want       []string
	}{
		{"device", "Write", map[string]any{"file_path": "/dev/zero", "content": "x\n"},
			[]string{"it is a character device, not previewed", "+ x"}},
		{"folder", "Write", map[string]any{"file_path": dir, "content": "x\n"},
			[]string{"it is a directory, not previewed"}},
		{"write over 1 GB", "Write", map[string]any{"file_path": big, "content": "x\n"},
			[]string{"it is 1.0 GB, larger than 4 MiB: not diffed", "+ x"}},
		{"edit of 1 GB", "Edit", map[string]any{"file_path": big, "old_string": "old line", "new_string": "new line"},
			[]string{"it is 1.0 GB, larger than 4 MiB: not diffed", "- old line", "+ new line"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			view := permissionFor(t, tt.tool, tt.input, RequestInfo{})
			flat := strings.Join(strings.Fields(view), " ")
			for _, w := range tt.want {
				if !strings.Contains(flat, w) {
					t.Errorf("view lacks %q:\n%s", w, view)
				}
			}
		})
	}
}
