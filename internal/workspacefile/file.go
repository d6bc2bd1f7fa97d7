// Package workspacefile keeps a folder's workspace (its sessions, their folders and
// worktrees, the CLI's session ids) in gclaude's state folder, so that a restart, a
// crash or a kill -9 brings every session back. Writes are atomic (a temporary file
// renamed over the old one): a crash leaves the old workspace or the new, never half.
package workspacefile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gclaude/gclaude/internal/safewrite"
	"github.com/gclaude/gclaude/internal/statedir"
)

// ErrNewer is Load's answer for a workspace a newer gclaude saved: the file is left
// untouched, and this run starts without it.
var ErrNewer = errors.New("the saved workspace was written by a newer gclaude")

// version is the file's format; a newer one is refused rather than misread.
const version = 1

// Workspace is what the file holds.
type Workspace struct {
	Version  int       `json:"version"`
	Root     string    `json:"root"` // the folder gclaude was started in
	Front    int       `json:"front"`
	Sessions []Session `json:"sessions"`
}

// Session is one session of the workspace.
type Session struct {
	Dir          string    `json:"dir"`
	Host         string    `json:"host,omitempty"` // [user@]host[:port] over ssh; "" for this machine
	Worktree     *Worktree `json:"worktree,omitempty"`
	CLISessionID string    `json:"cliSessionId,omitempty"`
	Title        string    `json:"title,omitempty"`
	Model        string    `json:"model,omitempty"`
	Mode         string    `json:"permissionMode,omitempty"`
	AddDirs      []string  `json:"addDirs,omitempty"`
	LastUsed     time.Time `json:"lastUsed"`
}

// Worktree is the git worktree a session works in.
type Worktree struct {
	Repo   string `json:"repo"`
	Path   string `json:"path"`
	Branch string `json:"branch"`
	Base   string `json:"base"`
}

// Path is where root's workspace is kept: <state>/workspaces/<hash of root>.json.
func Path(root string, getenv func(string) string) (string, error) {
	dir, err := statedir.Dir(getenv)
	if err != nil {
		return "", fmt.Errorf("workspace: %w", err)
	}
	sum := sha256.Sum256([]byte(filepath.Clean(root)))
	return filepath.Join(dir, "workspaces", hex.EncodeToString(sum[:8])+".json"), nil
}

// Load reads a workspace. A missing file is an empty workspace; a file that does not
// decode is moved aside to path+".bad" (nothing is silently lost) and reported.
func Load(path string) (Workspace, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Workspace{}, nil
	}
	if err != nil {
		return Workspace{}, err
	}
	var w Workspace
	if err := json.Unmarshal(data, &w); err != nil {
		_ = os.Rename(path, path+".bad")
		return Workspace{}, fmt.Errorf("the saved workspace %s cannot be read (%v): kept as %s.bad, starting a new one", path, err, path)
	}
	if w.Version > version {
		// A newer gclaude's: left as it is for that one to read.
		return Workspace{}, fmt.Errorf("%w: %s is format %d", ErrNewer, path, w.Version)
	}
	return w, nil
}

// Save writes w atomically; a workspace without sessions removes the file.
func Save(path string, w Workspace) error {
	if len(w.Sessions) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	w.Version = version
	data, err := json.MarshalIndent(w, "", "  ")
	if err != nil {
		return err
	}
	if err := statedir.MakeFolder(filepath.Dir(path)); err != nil {
		return err
	}
	return safewrite.Replace(path, append(data, '\n'), 0o600)
}
