//go:build !unix

package commands

import "os/exec"

// ownGroup has no process groups to use here: the cancel kills the shell only.
func ownGroup(*exec.Cmd) {}
