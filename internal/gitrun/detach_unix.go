//go:build unix

package gitrun

import (
	"os/exec"
	"syscall"
)

// detach runs the command in a session of its own, without a controlling terminal: a
// push's ssh or a commit's signing agent cannot ask for a password on the terminal the
// UI draws on (they fail instead, and say so).
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}
