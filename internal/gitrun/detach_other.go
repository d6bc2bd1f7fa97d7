//go:build !unix

package gitrun

import "os/exec"

// detach has no sessions to use here.
func detach(*exec.Cmd) {}
