package protocol

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/gclaude/gclaude/internal/capturefiles"
)

// The captures are real CLI sessions recorded with the project's own rig (`make
// captures`) into testdata/captures; $GCLAUDE_EXTRA_CAPTURES adds more corpora to the
// tests that walk every capture (`make check-shared-captures`).

// captureFiles lists the stdout captures (stdin false) or the stdin captures (stdin true)
// of every corpus, as paths.
func captureFiles(t testing.TB, stdin bool) []string {
	t.Helper()
	var out []string
	for _, dir := range capturefiles.Corpora(t) {
		names := capturefiles.Stdout(t, dir)
		if stdin {
			names = capturefiles.Stdin(t, dir)
		}
		for _, n := range names {
			out = append(out, filepath.Join(dir, n))
		}
	}
	return out
}

// captureLine is one non-empty line of a capture with where it came from.
type captureLine struct {
	file string // base name, after the corpus folder when it is not the repository's
	n    int    // 1-based line number
	data []byte
}

func (l captureLine) String() string { return l.file + ":" + strconv.Itoa(l.n) }

// corpusLabel is how lines of a file of the corpus dir are named: the base name for
// the repository's corpus, else the folder and the base name.
func corpusLabel(t testing.TB, dir, name string) string {
	if dir == capturefiles.Dir(t) {
		return name
	}
	return filepath.Join(dir, name)
}

func readCapture(t testing.TB, path string) []captureLine {
	t.Helper()
	dir, name := filepath.Split(path)
	dir = filepath.Clean(dir)
	data := capturefiles.ReadIn(t, dir, name)
	label := corpusLabel(t, dir, name)
	var lines []captureLine
	for i, raw := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		lines = append(lines, captureLine{file: label, n: i + 1, data: raw})
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

// captureLines returns the lines of one capture of the repository's corpus by name,
// e.g. "exp02a_perm_allow.jsonl".
func captureLines(t testing.TB, name string) []captureLine {
	t.Helper()
	return readCapture(t, filepath.Join(capturefiles.Dir(t), name))
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

func TestCapturesDecodeClient(t *testing.T) {
	var malformed, unknown []string
	kinds := map[string]int{}
	for _, f := range captureFiles(t, true) {
		for _, line := range readCapture(t, f) {
			v, err := DecodeClient(line.data)
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
				t.Fatalf("%s: DecodeClient gave %T, which has no Kind", line, v)
			}
			kinds[m.Kind()]++
			if r, ok := v.(*ClientControlRequest); ok && r.Request == nil && filepath.Base(line.file) != "exp08b_unknown_types.stdin.jsonl" {
				t.Errorf("%s: control_request without a request", line)
			}
		}
	}
	var wantMalformed, wantUnknown []string // the same two lines in every corpus
	for _, dir := range capturefiles.Corpora(t) {
		wantMalformed = append(wantMalformed, corpusLabel(t, dir, "exp08a_malformed_stdin.stdin.jsonl")+":2")
		wantUnknown = append(wantUnknown, corpusLabel(t, dir, "exp08b_unknown_types.stdin.jsonl")+":2 bogus_type")
	}
	if !slices.Equal(malformed, wantMalformed) {
		t.Errorf("malformed stdin lines = %q, want %q", malformed, wantMalformed)
	}
	if !slices.Equal(unknown, wantUnknown) {
		t.Errorf("unknown stdin lines = %q, want %q", unknown, wantUnknown)
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
