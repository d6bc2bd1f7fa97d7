package cmd

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/trust"
	"github.com/gclaude/gclaude/process"
)

// readLog closes d and returns the file's lines without their timestamps.
func readLog(t *testing.T, d *debugLog, path string) []string {
	t.Helper()
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	stamp := regexp.MustCompile(`^\d\d:\d\d:\d\d\.\d\d\d `)
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if !stamp.MatchString(l) {
			t.Fatalf("line without a timestamp: %q", l)
		}
		out = append(out, stamp.ReplaceAllString(l, ""))
	}
	return out
}

func TestDebugLogTraceLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "debug.log")
	d, err := openDebugLog(path)
	if err != nil {
		t.Fatal(err)
	}
	d.trace(process.DirStdin, []byte(`{"type":"user"}`))
	d.trace(process.DirStdout, []byte(`{"type":"result"}`))
	d.trace(process.DirStderr, []byte("warning: x"))
	d.printf("call close")
	got := readLog(t, d, path)
	want := []string{`stdin {"type":"user"}`, `stdout {"type":"result"}`, "stderr warning: x", "call close"}
	if len(got) != len(want)+1 || !strings.HasPrefix(got[0], "--- gclaude started") {
		t.Fatalf("log = %q", got)
	}
	for i, w := range want {
		if got[i+1] != w {
			t.Errorf("line %d = %q, want %q", i+1, got[i+1], w)
		}
	}
	// After Close, late lines (a reader goroutine still winding down) are dropped.
	d.trace(process.DirStdout, []byte("late"))
	d.printf("late")
	if err := d.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
}

// A session started by the launcher logs the raw lines both ways and stderr, next to
// the events and calls.
func TestLauncherWiresTheDebugLog(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "claude")
	script := "#!/bin/sh\necho '{\"type\":\"keep_alive\"}'\necho 'fake: warming up' >&2\ncat >/dev/null\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "debug.log")
	d, err := openDebugLog(path)
	if err != nil {
		t.Fatal(err)
	}
	l := &launcher{ctx: context.Background(), dbg: d}
	if err := trust.Seed(dir, dir); err != nil { // claude's HOME trusts its folder
		t.Fatal(err)
	}
	b, err := l.start(process.Options{Bin: fake, Dir: dir, Env: []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}}, false)
	if err != nil {
		t.Fatal(err)
	}
	l.closeAll()
	for range b.Events() { // the forwarder logs every event until the channel closes
	}
	log := strings.Join(readLog(t, d, path), "\n")
	for _, want := range []string{
		`stdin {"type":"control_request"`, `"subtype":"initialize"`,
		`stdout {"type":"keep_alive"}`,
		"stderr fake: warming up",
		"event exited code=0",
		"call close",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log has no %q:\n%s", want, log)
		}
	}
}
