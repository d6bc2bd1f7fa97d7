package process

import (
	"os/exec"
	"runtime"
	"sync"
)

// The CLI is started from one goroutine locked to its OS thread for the life of the
// program. On Linux the child's parent-death signal (Pdeathsig, see dieWithParent)
// fires when the *thread* that forked it exits, not the process: Go retires a thread
// whenever a goroutine locked to it returns, so a child started from an arbitrary
// goroutine could be killed long before gclaude exits. This thread never exits.
var spawner struct {
	once sync.Once
	reqs chan spawnRequest
}

type spawnRequest struct {
	cmd  *exec.Cmd
	done chan error
}

// startCmd starts cmd from the spawner thread.
func startCmd(cmd *exec.Cmd) error {
	spawner.once.Do(func() {
		spawner.reqs = make(chan spawnRequest)
		go serveSpawns(spawner.reqs)
	})
	done := make(chan error, 1)
	spawner.reqs <- spawnRequest{cmd: cmd, done: done}
	return <-done
}

// serveSpawns is the spawner goroutine. Leak checks in tests must ignore it
// (SpawnerGoroutine).
func serveSpawns(reqs <-chan spawnRequest) {
	runtime.LockOSThread() // never unlocked: the thread lives as long as gclaude
	for r := range reqs {
		r.done <- r.cmd.Start()
	}
}

// SpawnerGoroutine is the function at the top of the spawner goroutine's stack, which
// lives as long as the program: for goleak.IgnoreTopFunction in tests of packages that
// start sessions.
const SpawnerGoroutine = "github.com/gclaude/gclaude/process.serveSpawns"
