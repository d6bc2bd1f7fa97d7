package sessionfiles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gclaude/gclaude/internal/safewrite"
)

// The CLI's --resume-session-at finds its message only in the conversation since the
// last compaction: rewinding to a point before a /compact killed claude ("No message
// found with message.uuid of …"). A session file is appended to as the conversation
// goes, so its lines up to a message are that conversation as it was then, before any
// compaction that came later. ForkUpTo writes them as a new session that claude can
// resume; the old session stays as it was.

// CompactedAfter reports whether a compaction was written after the line of message
// uuid in the session file at path (false with an error when uuid is not in it).
func CompactedAfter(path, uuid string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	found, compacted := false, false
	err = eachLine(f, func(_ int, line []byte, _ bool) error {
		var e struct {
			UUID    string `json:"uuid"`
			Subtype string `json:"subtype"`
		}
		if json.Unmarshal(line, &e) != nil {
			return nil // a broken line is the loader's business
		}
		switch {
		case !found && e.UUID == uuid:
			found = true
		case found && e.Subtype == "compact_boundary":
			compacted = true
			return errStop
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return false, err
	}
	if !found {
		return false, fmt.Errorf("message %s is not in %s", uuid, filepath.Base(path))
	}
	return compacted, nil
}

var errStop = errors.New("stop")

// ForkUpTo writes the lines of the session file at path up to and including the line of
// message uuid into a new session file newID.jsonl beside it, each line's sessionId
// set to newID. It never replaces a file.
func ForkUpTo(path, uuid, newID string) error {
	if uuid == "" {
		return errors.New("no message to fork at")
	}
	return Fork(path, uuid, newID, "")
}

// Fork is ForkUpTo for /fork and /branch: an empty uuid copies the whole file (the
// conversation as it is now), and a title, when given, is the copy's own (a
// custom-title entry, as rename_session writes, after the copied ones).
func Fork(path, uuid, newID, title string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var out bytes.Buffer
	enc := json.NewEncoder(&out) // one line per value; the text as the CLI wrote it (no HTML escaping)
	enc.SetEscapeHTML(false)
	found := uuid == ""
	err = eachLine(f, func(n int, line []byte, _ bool) error {
		var e map[string]json.RawMessage
		if err := json.Unmarshal(line, &e); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if _, ok := e["sessionId"]; ok {
			e["sessionId"], _ = json.Marshal(newID)
		}
		if err := enc.Encode(e); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		var id string
		if uuid != "" && json.Unmarshal(e["uuid"], &id) == nil && id == uuid {
			found = true
			return errStop
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return err
	}
	if !found {
		return fmt.Errorf("message %s is not in %s", uuid, filepath.Base(path))
	}
	if title != "" {
		if err := enc.Encode(map[string]string{"type": "custom-title", "customTitle": title, "sessionId": newID}); err != nil {
			return err
		}
	}
	return safewrite.Create(filepath.Join(filepath.Dir(path), newID+".jsonl"), out.Bytes(), 0o600)
}
