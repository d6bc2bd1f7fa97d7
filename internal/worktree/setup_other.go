//go:build !unix

package worktree

import "os/exec"

// ownGroup has no process groups to use here: cancelling kills the shell only.
func ownGroup(*exec.Cmd) {}
