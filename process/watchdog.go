//go:build unix

package process

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// watchdogScript waits for gclaude to go away, then stops the CLI's process group: the
// CLI and every tool it runs. gclaude holds the only write end of the script's stdin,
// so the read ends (EOF) when gclaude exits in any way, kill -9 included; "done" means
// the group already ended normally and must not be signalled (its id may be reused).
// SIGTERM first, so that the CLI can stop the tools it runs in sessions of their own
// (see dieWithParent) and tools can clean up; SIGKILL three seconds later. The script
// ignores the hang-up of a closing terminal: it has to outlive gclaude for that case.
// (dash's kill takes no "--", so the group is written as -PGID right after the signal.)
const watchdogScript = `trap '' HUP INT
while read -r line; do
	[ "$line" = done ] && exit 0
done
kill -TERM -"$1" 2>/dev/null || exit 0
sleep 3
kill -KILL -"$1" 2>/dev/null
exit 0`

// watchdog is a small shell process, outside the CLI's group and gclaude's, that kills
// the CLI's process group if gclaude dies without closing the session.
type watchdog struct {
	cmd  *exec.Cmd
	pipe *os.File // the write end of its stdin
}

// startWatchdog guards the process group pgid. It returns nil if no shell could be
// started: the CLI then still dies with gclaude on Linux (dieWithParent), its tools
// may not.
func startWatchdog(pgid int) *watchdog {
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	defer r.Close()
	cmd := exec.Command("/bin/sh", "-c", watchdogScript, "gclaude-watchdog", strconv.Itoa(pgid))
	cmd.Stdin = r
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // not reached by signals meant for gclaude's group
	if err := cmd.Start(); err != nil {
		_ = w.Close()
		return nil
	}
	return &watchdog{cmd: cmd, pipe: w}
}

// release tells the watchdog that the group ended normally, and waits for it to exit.
func (d *watchdog) release() {
	if d == nil {
		return
	}
	_, _ = d.pipe.WriteString("done\n")
	_ = d.pipe.Close()
	_ = d.cmd.Wait()
}
