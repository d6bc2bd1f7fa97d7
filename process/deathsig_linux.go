package process

import "syscall"

// dieWithParent has the kernel send SIGTERM to the CLI when gclaude dies, however it
// dies (kill -9 included). SIGTERM rather than SIGKILL: the CLI runs each Bash tool in a
// session of its own, out of reach of a signal to the CLI's process group, and on
// SIGTERM it stops them itself. The watchdog follows up with SIGKILL for a CLI that
// does not exit. The signal is tied to the thread that forked the child, hence
// startCmd.
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGTERM }
