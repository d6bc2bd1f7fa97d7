//go:build unix && !linux

package process

import "syscall"

// dieWithParent does nothing: only Linux has a parent-death signal (macOS and the BSDs
// have no equivalent that a parent can set for its child). There the watchdog alone
// stops the CLI's process group when gclaude dies without closing it.
func dieWithParent(*syscall.SysProcAttr) {}
