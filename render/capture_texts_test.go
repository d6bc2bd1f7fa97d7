package render

import (
	"bytes"
	"testing"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/protocol"
)

// captureTexts are the distinct assistant texts of the recordings (testdata/captures,
// and $GCLAUDE_EXTRA_CAPTURES).
func captureTexts(t testing.TB) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	for _, dir := range capturefiles.Corpora(t) {
		for _, file := range capturefiles.Stdout(t, dir) {
			data := capturefiles.ReadIn(t, dir, file)
			for line := range bytes.SplitSeq(data, []byte("\n")) {
				m, err := protocol.Decode(line)
				if err != nil {
					continue
				}
				if a, ok := m.(*protocol.Assistant); ok {
					for _, b := range a.Message.Content {
						if b.Type == protocol.BlockText && b.Text != "" && !seen[b.Text] {
							seen[b.Text] = true
							out = append(out, b.Text)
						}
					}
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no assistant text in the captures")
	}
	return out
}
