package protocol

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The captures are real CLI 2.1.328 sessions in the shared checkout that sits beside the
// module (<module root>/../shared/protocol/captures), here and in CI.

func capturesDir(t testing.TB) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatalf("locating the module root: %v", err)
	}
	dir := filepath.Join(root, "..", "shared", "protocol", "captures")
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("protocol captures not found at %s: the tests need the shared checkout "+
			"(shared/protocol/captures) beside the module root %s", dir, root)
	}
	return dir
}

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// captureFiles lists the stdout captures (stdin false) or the stdin captures (stdin true).
func captureFiles(t testing.TB, stdin bool) []string {
	t.Helper()
	all, err := filepath.Glob(filepath.Join(capturesDir(t), "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range all {
		if strings.HasSuffix(f, ".stdin.jsonl") == stdin {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no captures (stdin=%v) in %s", stdin, capturesDir(t))
	}
	return out
}

// captureLine is one non-empty line of a capture with where it came from.
type captureLine struct {
	file string // base name
	n    int    // 1-based line number
	data []byte
}

func (l captureLine) String() string { return l.file + ":" + strconv.Itoa(l.n) }

func readCapture(t testing.TB, path string) []captureLine {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []captureLine
	for i, raw := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		lines = append(lines, captureLine{file: filepath.Base(path), n: i + 1, data: raw})
	}
	return lines
}

// stdoutLines returns every line of every stdout capture.
func stdoutLines(t testing.TB) []captureLine {
	t.Helper()
	var all []captureLine
	for _, f := range captureFiles(t, false) {
		all = append(all, readCapture(t, f)...)
	}
	return all
}

// captureLines returns the lines of one capture by name, e.g. "exp02a_perm_allow.jsonl".
func captureLines(t testing.TB, name string) []captureLine {
	t.Helper()
	return readCapture(t, filepath.Join(capturesDir(t), name))
}

func TestCapturesDecodeStdout(t *testing.T) {
	kinds := map[string]int{}
	total := 0
	for _, line := range stdoutLines(t) {
		total++
		msg, err := Decode(line.data)
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		if u, ok := msg.(*Unknown); ok {
			t.Errorf("%s: decoded as Unknown %q", line, u.Kind())
			continue
		}
		kinds[msg.Kind()]++
	}
	t.Logf("%d stdout lines, %d kinds", total, len(kinds))
	// Every kind the reference lists as seen must be among them.
	for _, k := range []string{
		"assistant", "user", "result/success", "result/error_during_execution",
		"system/init", "system/status", "system/api_retry", "system/thinking_tokens",
		"system/task_started", "system/task_progress", "system/task_updated",
		"system/task_notification", "system/background_tasks_changed",
		"system/session_title_changed", "system/permission_denied",
		"system/control_request_progress", "stream_event",
		"control_request/can_use_tool", "control_request/hook_callback",
		"control_cancel_request", "control_response/success", "control_response/error",
		"command_lifecycle",
	} {
		if kinds[k] == 0 {
			t.Errorf("no %s line decoded from the captures", k)
		}
	}
}

func TestCapturesDecodeHost(t *testing.T) {
	var malformed, unknown []string
	kinds := map[string]int{}
	for _, f := range captureFiles(t, true) {
		for _, line := range readCapture(t, f) {
			v, err := DecodeHost(line.data)
			if err != nil {
				var de *DecodeError
				if !errors.As(err, &de) {
					t.Errorf("%s: error is %T, want *DecodeError", line, err)
				}
				malformed = append(malformed, line.String())
				continue
			}
			if u, ok := v.(*Unknown); ok {
				unknown = append(unknown, line.String()+" "+u.Kind())
				continue
			}
			m, ok := v.(Message)
			if !ok {
				t.Fatalf("%s: DecodeHost gave %T, which has no Kind", line, v)
			}
			kinds[m.Kind()]++
			if r, ok := v.(*HostControlRequest); ok && r.Request == nil && line.file != "exp08b_unknown_types.stdin.jsonl" {
				t.Errorf("%s: control_request without a request", line)
			}
		}
	}
	if want := []string{"exp08a_malformed_stdin.stdin.jsonl:2"}; !slices.Equal(malformed, want) {
		t.Errorf("malformed stdin lines = %q, want %q", malformed, want)
	}
	if want := []string{"exp08b_unknown_types.stdin.jsonl:2 bogus_type"}; !slices.Equal(unknown, want) {
		t.Errorf("unknown stdin lines = %q, want %q", unknown, want)
	}
	for _, k := range []string{
		"user", "control_request/initialize", "control_request/interrupt",
		"control_request/set_model", "control_request/set_permission_mode",
		"control_request/get_context_usage", "control_request/side_question",
		"control_response/success", "control_response/error", "control_cancel_request", "keep_alive",
	} {
		if kinds[k] == 0 {
			t.Errorf("no %s line decoded from the stdin captures", k)
		}
	}
}
