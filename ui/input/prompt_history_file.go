package input

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/gclaude/gclaude/internal/statedir"
)

// PromptHistoryPath is where the prompts sent in the project at cwd are kept:
// $XDG_STATE_HOME/gclaude/history/<hash of cwd>.jsonl, with XDG_STATE_HOME defaulting to
// ~/.local/state. getenv is usually os.Getenv.
func PromptHistoryPath(cwd string, getenv func(string) string) (string, error) {
	dir, err := statedir.Dir(getenv)
	if err != nil {
		return "", fmt.Errorf("history: %w", err)
	}
	sum := sha256.Sum256([]byte(filepath.Clean(cwd)))
	return filepath.Join(dir, "history", hex.EncodeToString(sum[:8])+".jsonl"), nil
}

// historyLine is one line of a history file. The cwd is kept so a file can be traced
// back to its project.
type historyLine struct {
	Time time.Time `json:"time"`
	CWD  string    `json:"cwd,omitempty"`
	Text string    `json:"text"`
}

// ReadPromptHistory reads the prompts in a history file, oldest first, keeping the last max.
// A missing file is an empty history; lines that do not decode are skipped (a crash may
// leave a torn last line).
func ReadPromptHistory(path string, max int) ([]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadBytes('\n')
		var hl historyLine
		if len(line) > 0 && json.Unmarshal(line, &hl) == nil && hl.Text != "" {
			out = append(out, hl.Text)
			if max > 0 && len(out) > 2*max {
				out = append([]string(nil), out[len(out)-max:]...)
			}
		}
		if err != nil {
			break
		}
	}
	if max > 0 && len(out) > max {
		out = out[len(out)-max:]
	}
	return out, nil
}

// AppendPromptHistory adds one prompt to a history file, creating it (and its folder) with
// owner-only permissions: prompts can hold secrets. A symbolic link at the file's
// name is not followed (statedir.MakeFolder says why the folder is checked).
func AppendPromptHistory(path, cwd, text string, now time.Time) error {
	if err := statedir.MakeFolder(filepath.Dir(path)); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	b, err := json.Marshal(historyLine{Time: now.UTC(), CWD: cwd, Text: text})
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return fmt.Errorf("history: %w", err)
	}
	return f.Close()
}
