//go:build unix

package commands

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the command in a process group of its own, so that an interrupt stops
// what it started too (a pipeline, a sleep in a script).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
