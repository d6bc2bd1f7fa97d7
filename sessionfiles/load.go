package sessionfiles

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Load reads a session file: the conversation in order, the title, and the
// transcripts of its subagents. Lines of types it does not know are skipped; a line
// that cannot be read (such as a cut-short last line while the CLI is writing)
// becomes a warning, not an error. It fails only when the file cannot be read.
func Load(path string) (*History, error) {
	id := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	t, err := readTranscript(path, false)
	if err != nil {
		return nil, err
	}
	h := &History{
		SessionID: id,
		Title:     t.titles.title(id),
		Model:     t.model,
		Entries:   t.entries,
		Warnings:  t.warnings,
	}
	subs, warnings := loadSubagents(strings.TrimSuffix(path, ".jsonl"), t.entries)
	h.Subagents = subs
	h.Warnings = append(h.Warnings, warnings...)
	return h, nil
}

// transcript is what readTranscript gets from one file.
type transcript struct {
	entries  []Entry
	titles   titles
	model    string
	warnings []string
}

// readTranscript reads the conversation of a session file (sidechain false) or of a
// subagent's file (sidechain true, where every line is marked as one).
func readTranscript(path string, sidechain bool) (*transcript, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()

	t := &transcript{}
	var nodes []*node
	err = eachLine(f, func(n int, line []byte, last bool) error {
		h, err := skimHead(line)
		if err != nil {
			if last {
				t.warnings = append(t.warnings, fmt.Sprintf("line %d: cut short (the CLI may still be writing it); skipped", n))
			} else {
				t.warnings = append(t.warnings, fmt.Sprintf("line %d: not a JSON object; skipped", n))
			}
			return nil
		}
		t.titles.note(&h)
		if h.uuid == "" || h.sidechain != sidechain {
			return nil
		}
		// Keep only what building the history needs: the line is reused after this.
		nd := &node{head: h, index: len(nodes), toolResult: h.typ == "user" && hasToolResult(h.message)}
		nd.message = clone(h.message)
		nd.toolUseResult = clone(h.toolUseResult)
		nd.content = clone(h.content)
		nodes = append(nodes, nd)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	b := newBuilder(&t.titles)
	for _, n := range conversation(nodes) {
		b.add(n)
	}
	t.entries = b.entries
	t.model = b.model
	t.warnings = append(t.warnings, b.warnings...)
	return t, nil
}

func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte(nil), b...)
}
