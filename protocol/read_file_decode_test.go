package protocol

import (
	"strings"
	"testing"
)

// CLI 2.1.328's answers to read_file (recorded by hand: a relative path read against
// the session's folder, and a file that does not exist, which it refuses as denied).
func TestReadSessionFileResponses(t *testing.T) {
	rs := testdataResponses(t, "read_file_controls.json")
	got := decodeAndCheck[ReadSessionFileResponse](t, rs["read_file_relative"])
	if got.Contents != "line one\nline two\n" || got.AbsPath != "/tmp/rf/proj/notes.md" || got.Lossy {
		t.Fatalf("read_file = %+v", got)
	}
	if _, err := DecodeResponse[ReadSessionFileResponse](rs["read_file_missing"]); err == nil || !strings.Contains(err.Error(), "read denied") {
		t.Fatalf("missing file: err = %v", err)
	}
}
