package process

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// hostEnv makes the test binary a stand-in for gclaude (see runHost).
const hostEnv = "GO_WANT_SESSION_HOST"

// runHost starts a session with the fake CLI in mode "stubborn" (it ignores stdin EOF
// and SIGTERM, and so does the grandchild it spawns, like a tool that will not stop),
// prints the CLI's and the grandchild's pids as JSON, then waits to be killed.
func runHost() int {
	s, err := Start(context.Background(), Options{Bin: os.Args[0], Env: fakeEnv(helperEnv + "=stubborn")})
	if err != nil {
		fmt.Fprintln(os.Stderr, "host:", err)
		return 2
	}
	if err := s.Send(protocol.UserInput{Text: "pids"}); err != nil {
		fmt.Fprintln(os.Stderr, "host:", err)
		return 2
	}
	for ev := range s.Events() {
		if m, ok := ev.(Message); ok {
			if u, ok := m.Msg.(*protocol.Unknown); ok && u.Subtype == "fake_pids" {
				fmt.Println(string(u.Raw))
			}
		}
	}
	return 0
}

// startStandIn runs the test binary as a stand-in for gclaude (a mode of TestMain
// chosen by env) and returns it with the first line it prints. The test fails when no
// line comes within patience; the stand-in is killed when the test ends.
func startStandIn(t *testing.T, env []string) (*exec.Cmd, string) {
	t.Helper()
	host := exec.Command(os.Args[0], "-test.run=^$")
	host.Env = env
	host.Stderr = os.Stderr
	out, err := host.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := host.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = host.Process.Kill(); _ = host.Wait() })
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	select {
	case line := <-lines:
		return host, line
	case <-time.After(patience):
		t.Fatal("the stand-in printed nothing")
		return nil, ""
	}
}

// kill -9 of gclaude takes the CLI with it (Pdeathsig on Linux) and what the CLI runs
// (the watchdog stops its process group), even processes that ignore SIGTERM.
func TestCLIAndItsToolsDieWithGclaude(t *testing.T) {
	host, line := startStandIn(t, fakeEnv(hostEnv+"=1"))
	var pids struct{ PID, Grandchild int }
	if err := json.Unmarshal([]byte(line), &pids); err != nil || pids.PID == 0 || pids.Grandchild == 0 {
		t.Fatalf("host said %q (%v)", line, err)
	}
	t.Cleanup(func() {
		for _, pid := range []int{pids.PID, pids.Grandchild} {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})

	if err := host.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = host.Wait()
	eventually(t, "the CLI to die with its host", func() bool { return dead(pids.PID) })
	eventually(t, "the CLI's child to die with the host", func() bool { return dead(pids.Grandchild) })
}

// The CLI outlives the goroutine and OS thread that called Start. Pdeathsig fires when
// the thread that forked the child exits, and Go ends a thread when a goroutine
// locked to it returns: without the spawner thread, this CLI got SIGTERM at once.
func TestCLIOutlivesTheThreadThatStartedIt(t *testing.T) {
	type start struct {
		tid int
		h   *harness
	}
	var st start
	for {
		done := make(chan start, 1)
		go func() {
			runtime.LockOSThread() // never unlocked: the thread ends with this goroutine
			tid := syscall.Gettid()
			if tid == os.Getpid() {
				done <- start{tid: tid} // the main thread never ends: try another
				return
			}
			done <- start{tid: tid, h: startFake(t, "plain")}
		}()
		if st = <-done; st.h != nil {
			break
		}
	}
	eventually(t, "the starting thread to end", func() bool {
		_, err := os.Stat(fmt.Sprintf("/proc/self/task/%d", st.tid))
		return os.IsNotExist(err)
	})
	if err := st.h.s.Send(protocol.UserInput{Text: "reply still here"}); err != nil {
		t.Fatal(err)
	}
	expectMessage(st.h, func(r *protocol.Result) bool { return r.Result == "still here" })
}
