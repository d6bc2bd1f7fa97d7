// Package workspacestore keeps a folder's workspace (its sessions, their folders,
// worktrees and CLI session ids) in one file under gclaude's state folder, written
// atomically as it changes, so that a restart, a crash or kill -9 loses none of it.
package workspacestore

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"slices"
	"time"

	"github.com/gclaude/gclaude/internal/statedir"
)

// Version is the file format written; Load refuses a file of a newer one.
const Version = 1

// Workspace is every session opened from one folder.
type Workspace struct {
	Version  int       `json:"version"`
	Root     string    `json:"root"`            // the folder gclaude was started in
	Front    string    `json:"front,omitempty"` // the ID of the session in front
	Sessions []Session `json:"sessions"`
}

// Session is one claude session of a workspace: enough to resume it later without
// starting its process before it is needed.
type Session struct {
	ID             string       `json:"id"` // gclaude's own id, stable across restarts
	Dir            string       `json:"dir"`
	Worktree       *WorktreeRef `json:"worktree,omitempty"`
	Host           string       `json:"host,omitempty"`
	CLISessionID   string       `json:"cliSessionId,omitempty"` // for --resume
	Title          string       `json:"title,omitempty"`
	Model          string       `json:"model,omitempty"`
	PermissionMode string       `json:"permissionMode,omitempty"`
	AddDirs        []string     `json:"addDirs,omitempty"`
	LastUsed       time.Time    `json:"lastUsed,omitzero"`
}

// WorktreeRef is the git worktree a session runs in (see internal/worktree.Worktree).
type WorktreeRef struct {
	Repo   string `json:"repo"`
	Path   string `json:"path"`
	Branch string `json:"branch"`
	Base   string `json:"base"`
}

// PathFor is the workspace file of the folder root:
// $XDG_STATE_HOME/gclaude/workspaces/<hash of root>.json, the same scheme as the prompt
// history. getenv is usually os.Getenv.
func PathFor(root string, getenv func(string) string) (string, error) {
	dir, err := statedir.Dir(getenv)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(filepath.Clean(root)))
	return filepath.Join(dir, "workspaces", hex.EncodeToString(sum[:8])+".json"), nil
}

// clone copies w deeply, so that a snapshot does not change when the caller's does.
func (w Workspace) clone() Workspace {
	w.Sessions = slices.Clone(w.Sessions)
	for i := range w.Sessions {
		s := &w.Sessions[i]
		s.AddDirs = slices.Clone(s.AddDirs)
		if s.Worktree != nil {
			ref := *s.Worktree
			s.Worktree = &ref
		}
	}
	return w
}
