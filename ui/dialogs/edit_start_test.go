package dialogs

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/protocol"
)

// A dialog too short for an Edit's whole diff opens on the changed lines, not on the
// context above them (inline mode at 80×24 hid the + line behind "↓ N more lines").
func TestShortEditDialogOpensOnTheChange(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "eleven.txt")
	var b strings.Builder
	for i := 1; i <= 11; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	msg, err := protocol.Decode([]byte(`{"type":"control_request","request_id":"r","request":{"subtype":"can_use_tool","tool_name":"Edit","input":{"file_path":"` + path + `","old_string":"line 7","new_string":"line seven"},"tool_use_id":"t"}}`))
	if err != nil {
		t.Fatal(err)
	}
	d := NewPermission(msg.(*protocol.CanUseTool), RequestInfo{CWD: dir}, testEnv(newClock()))
	view := ansi.Strip(d.View(80, 14))
	if !strings.Contains(view, "- line 7") || !strings.Contains(view, "+ line seven") {
		t.Fatalf("the change is not in view:\n%s", view)
	}
}
