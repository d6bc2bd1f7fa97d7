// Package editor opens text in the user's own editor: the one place that decides
// which editor that is and how the text travels there and back through a temporary
// file. The prompt (ctrl+g) and the dialogs (editing a tool's input or a plan) both
// use it.
package editor

import (
	"os"
	"os/exec"
	"strings"
)

// Command is the editor for path: $VISUAL, else $EDITOR, else vi. A variable may
// carry arguments ("code -w"); one holding only blanks counts as unset.
func Command(getenv func(string) string, path string) *exec.Cmd {
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if f := strings.Fields(getenv(v)); len(f) > 0 {
			return exec.Command(f[0], append(f[1:], path)...)
		}
	}
	return exec.Command("vi", path)
}

// WriteTemp writes text to a new temporary file named after pattern (os.CreateTemp's
// "*" rule) and returns its path. On failure no file is left behind.
func WriteTemp(pattern, text string) (string, error) {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return "", err
	}
	path := f.Name()
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return "", err
	}
	return path, nil
}

// Collect reads back what the editor saved in path and removes the file. runErr is
// how the editor exited: when it failed, the file is only removed.
func Collect(path string, runErr error) (string, error) {
	defer os.Remove(path)
	if runErr != nil {
		return "", runErr
	}
	b, err := os.ReadFile(path)
	return string(b), err
}
