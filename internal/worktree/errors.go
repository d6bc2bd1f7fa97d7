package worktree

import (
	"errors"
	"strconv"
)

// Errors a user can act on; check them with errors.Is. The errors returned wrap
// them with the folder or name concerned.
var (
	// ErrNoDir: the folder asked for does not exist (or is not a folder).
	ErrNoDir = errors.New("no such folder")
	// ErrNotGit: the folder is not inside a git checkout.
	ErrNotGit = errors.New("--worktree needs a git repository")
	// ErrNoCommit: the repository has no commit yet, so there is nothing to branch from.
	ErrNoCommit = errors.New("the repository has no commit to branch from yet")
	// ErrBadName: the worktree name cannot be a folder and branch name.
	ErrBadName = errors.New("invalid worktree name")
	// ErrExists: a worktree, folder or branch of that name is already there.
	ErrExists = errors.New("already exists")
	// ErrWouldLose: Remove without force refused; the error is a *LossError saying what
	// would have been lost.
	ErrWouldLose = errors.New("removing it would lose work")
)

// LossError is Remove's refusal: what removing the worktree would lose.
type LossError struct {
	Worktree Worktree
	Loss     Loss
}

func (e *LossError) Error() string {
	return "worktree " + e.Worktree.Path + " was not removed: it has " + e.Loss.String() +
		" (remove it with force to discard them)"
}

// Unwrap makes errors.Is(err, ErrWouldLose) true.
func (e *LossError) Unwrap() error { return ErrWouldLose }

// SetupError is a setup command that failed: its exit code, or the signal that ended it.
type SetupError struct {
	Command string
	Code    int    // -1 when a signal ended it
	Signal  string // set when Code is -1
}

func (e *SetupError) Error() string {
	if e.Code == -1 {
		return "setup command `" + e.Command + "` was killed (" + e.Signal + ")"
	}
	return "setup command `" + e.Command + "` failed with exit code " + strconv.Itoa(e.Code)
}
