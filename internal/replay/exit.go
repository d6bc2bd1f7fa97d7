package replay

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/gclaude/gclaude/process"
)

// stderrLines is how much of the recorded stderr Exited carries, as process keeps.
const stderrLines = 200

// signalNames are the signals a shell-style exit code 128+n stands for.
var signalNames = map[int]string{1: "SIGHUP", 2: "SIGINT", 9: "SIGKILL", 15: "SIGTERM"}

// exitStatus is how the recorded CLI ended: the code from .exit.txt (else the
// timeline's EXIT row, else 0) and the tail of .stderr.txt. GotResult is filled in
// by the player, which knows how far it got.
func exitStatus(path string, tl *timeline) process.Exited {
	code := 0
	if b, err := os.ReadFile(sibling(path, ".exit.txt")); err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			code = n
		}
	} else if tl != nil && tl.exit != nil {
		code = *tl.exit
	}
	var ex process.Exited
	ex.Code = code
	if name, ok := signalNames[code-128]; ok {
		ex.Code, ex.Signal = -1, name
	}
	if b, err := os.ReadFile(sibling(path, ".stderr.txt")); err == nil {
		if s := strings.TrimRight(string(b), "\n"); s != "" {
			lines := strings.Split(s, "\n")
			ex.Stderr = lines[max(0, len(lines)-stderrLines):]
		}
	}
	switch {
	case ex.Signal != "":
		ex.Err = fmt.Errorf("claude was killed by %s (recorded)", ex.Signal)
	case ex.Code != 0:
		ex.Err = fmt.Errorf("claude exited with code %d (recorded)", ex.Code)
	}
	return ex
}
