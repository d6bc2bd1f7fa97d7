// Package land finishes a worktree session's work: it plans and carries out merging
// the worktree's branch into the branch it was made from, in the main checkout
// (committing what is uncommitted first), or pushing the branch and opening a pull
// request with gh. Every check is made before anything is touched, and a step that
// fails undoes the steps before it: nothing is left half merged. It has no screen;
// git and gh run through a gitrun.Runner, on the session's host.
package land

import (
	"errors"
	"strconv"
	"strings"
)

// How a plan merges.
type How int

const (
	// FastForward moves the base branch up to the worktree's commit.
	FastForward How = iota
	// MergeCommit joins the two with a merge commit: the base branch moved on since.
	MergeCommit
)

func (h How) String() string {
	if h == FastForward {
		return "fast-forward"
	}
	return "merge commit"
}

// Refusal is a plan that cannot be carried out, in words the user can act on: why, the
// files concerned, what to run to get past it.
type Refusal struct {
	Reason string
	Files  []string
	Run    []string // commands to run, exactly, one a line
	// Rebase, for branches that conflict: the prompt that asks the session to rebase
	// onto the base branch (RebasePrompt), which would settle it.
	Rebase string
}

func (r *Refusal) Error() string {
	s := r.Reason
	if len(r.Files) > 0 {
		s += ": " + listFiles(r.Files)
	}
	return s
}

// ErrStale is a plan that no longer describes the repository (the base branch moved,
// the worktree changed): nothing was done; plan again and show it.
var ErrStale = errors.New("the repository changed since the plan was shown: nothing was done, look again")

// listedFiles is how many files a refusal names before "and N more".
const listedFiles = 8

func listFiles(files []string) string {
	shown := files
	if len(shown) > listedFiles {
		shown = shown[:listedFiles]
	}
	s := strings.Join(shown, ", ")
	if n := len(files) - len(shown); n > 0 {
		s += ", and " + strconv.Itoa(n) + " more"
	}
	return s
}
