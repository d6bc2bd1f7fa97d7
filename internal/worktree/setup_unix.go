//go:build unix

package worktree

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the setup command in a process group of its own, so that cancelling
// it stops what it started too (an `npm install` under the shell).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
