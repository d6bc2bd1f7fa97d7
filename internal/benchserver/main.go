// Command benchserver measures the session server (issue 29) with the real claude CLI
// against the fake API: `make bench-server`. It starts the server the way gclaude
// does (the gclaude binary's session-server, on demand), runs sessions under it with a
// 100 KB answer each, and prints from /proc the server's CPU per streamed turn beside
// claude's, its idle CPU and RSS while the sessions wait, and how long attaching to
// all of them takes (the replay of every recorded line, then live). A benchmark: it
// asserts nothing.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/benchdoc"
	"github.com/gclaude/gclaude/internal/clienv"
	"github.com/gclaude/gclaude/internal/sessionwire"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
)

type config struct {
	gclaude, claude string
	sessions        int
	size, delta     int
	idle            time.Duration
	attaches        int
	cpuProfile      string
}

func main() {
	var c config
	flag.StringVar(&c.gclaude, "gclaude", "bin/gclaude", "the gclaude binary whose session server is measured")
	flag.StringVar(&c.claude, "claude", ".cache/claude-cli/node_modules/.bin/claude", "the claude CLI it runs")
	flag.IntVar(&c.sessions, "sessions", 8, "sessions under the server, one 100 KB answer each")
	flag.IntVar(&c.size, "size", 100_000, "bytes of markdown in each answer")
	flag.IntVar(&c.delta, "delta", 8, "bytes per text delta")
	flag.DurationVar(&c.idle, "idle", 20*time.Second, "idle time measured with every session waiting")
	flag.IntVar(&c.attaches, "attaches", 5, "times all sessions are attached at once")
	flag.StringVar(&c.cpuProfile, "cpuprofile", "", "write the server's CPU profile to this file (go tool pprof bin/gclaude FILE)")
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "benchserver:", err)
		os.Exit(1)
	}
}

func marker(k int) string { return fmt.Sprintf("BENCH-SERVER-%d", k) }

func run(c config) error {
	for _, p := range []*string{&c.gclaude, &c.claude} {
		abs, err := filepath.Abs(*p)
		if err != nil {
			return err
		}
		if _, err := os.Stat(abs); err != nil {
			return fmt.Errorf("%v (make bench-server builds gclaude and installs the pinned CLI)", err)
		}
		*p = abs
	}
	var scenarios []fakeapi.Scenario
	for k := range 2 * c.sessions { // a turn with a screen, then one without, each session
		scenarios = append(scenarios, fakeapi.Scenario{Name: marker(k), Steps: []fakeapi.Step{{
			Blocks: []fakeapi.Block{fakeapi.Text(benchdoc.Variant(c.size, marker(k), k))},
			Stream: fakeapi.StreamOptions{ChunkRunes: c.delta},
		}}})
	}
	api, err := fakeapi.New(fakeapi.Config{Scenarios: scenarios})
	if err != nil {
		return err
	}
	defer api.Close()
	base, err := os.MkdirTemp("", "gclaude-bench-server")
	if err != nil {
		return err
	}
	defer os.RemoveAll(base)
	home, project := filepath.Join(base, "home"), filepath.Join(base, "project")
	for _, d := range []string{home, project, filepath.Join(base, "run"), filepath.Join(base, "state")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
	}
	getenv := func(k string) string {
		switch k {
		case "XDG_RUNTIME_DIR":
			return filepath.Join(base, "run")
		case "XDG_STATE_HOME":
			return filepath.Join(base, "state")
		}
		return os.Getenv(k)
	}
	paths, err := sessionwire.Locate(getenv)
	if err != nil {
		return err
	}
	serverEnv := append(os.Environ(), "XDG_RUNTIME_DIR="+getenv("XDG_RUNTIME_DIR"), "XDG_STATE_HOME="+getenv("XDG_STATE_HOME"))
	if c.cpuProfile != "" {
		abs, err := filepath.Abs(c.cpuProfile)
		if err != nil {
			return err
		}
		serverEnv = append(serverEnv, "GCLAUDE_CPUPROFILE="+abs)
	}
	client := &sessionwire.Client{Paths: paths, Build: "bench", Start: func() sessionwire.ServerCommand {
		return sessionwire.ServerCommand{Path: c.gclaude, Args: []string{c.gclaude, sessionwire.ServeArg, sessionwire.DetachFlag}, Env: serverEnv}
	}}
	t0 := time.Now()
	if _, err := client.Ensure(); err != nil {
		return err
	}
	started := time.Since(t0)
	conn, hello, err := client.Dial()
	if err != nil {
		return err
	}
	conn.Close()
	spid := hello.PID
	defer stopAll(client, spid)
	env := clienv.Sandboxed(os.Environ(), clienv.Spec{Home: home, Dir: project, Tmp: base, APIURL: api.URL(), APIKey: "sk-bench-fake"})
	fmt.Printf("session server pid %d, started on demand in %s; %d sessions, %d-byte answers in %d-byte deltas; load average %s\n",
		spid, ms(started), c.sessions, c.size, c.delta, loadavg())

	clis := make([]*process.CLI, c.sessions)
	for k := range clis {
		if clis[k], err = process.Start(context.Background(), process.Options{Bin: c.claude, Dir: project, Env: env, Server: client,
			ServerMeta: map[string]string{sessionwire.MetaName: marker(k)}}); err != nil {
			return err
		}
		if err := waitFor(clis[k], func(ev process.Event) bool { _, ok := ev.(process.Ready); return ok }); err != nil {
			return err
		}
	}
	fmt.Printf("  server RSS with %d sessions started: %s\n", c.sessions, mb(rss(spid)))

	// One turn a session, one after the other: the server's CPU beside claude's.
	var sumServer, sumClaude time.Duration
	for k, cli := range clis {
		s0, c0 := cpu(spid), cpu(cli.PID())
		w0 := time.Now()
		if err := cli.Send(protocol.UserInput{Text: "Write it. SCENARIO:" + marker(k)}); err != nil {
			return err
		}
		if err := waitFor(cli, func(ev process.Event) bool {
			m, ok := ev.(process.Message)
			_, res := m.Msg.(*protocol.Result)
			return ok && res
		}); err != nil {
			return err
		}
		ds, dc := cpu(spid)-s0, cpu(cli.PID())-c0
		sumServer, sumClaude = sumServer+ds, sumClaude+dc
		fmt.Printf("  turn %d: server %s, claude %s (%.1f %%), wall %s\n", k+1, ms(ds), ms(dc), pct(ds, dc), ms(time.Since(w0)))
	}
	fmt.Printf("  per turn: server %s, claude %s: the server adds %.1f %% of claude's CPU\n",
		ms(sumServer/time.Duration(c.sessions)), ms(sumClaude/time.Duration(c.sessions)), pct(sumServer, sumClaude))

	// Idle with every session attached, then with none.
	time.Sleep(2 * time.Second)
	i0 := cpu(spid)
	time.Sleep(c.idle)
	fmt.Printf("  idle %s, %d sessions, %d screens attached: server CPU %s, RSS %s\n", c.idle, c.sessions, c.sessions, ms(cpu(spid)-i0), mb(rss(spid)))
	// One turn a session with no screen attached: sent, then the screen goes at once.
	ids := make([]string, len(clis))
	for k, cli := range clis {
		ids[k] = cli.ServerID()
	}
	var sumServer2, sumClaude2 time.Duration
	for k, cli := range clis {
		pid := cli.PID()
		s0, c0 := cpu(spid), cpu(pid)
		if err := cli.Send(protocol.UserInput{Text: "Write it. SCENARIO:" + marker(c.sessions+k)}); err != nil {
			return err
		}
		_ = cli.Detach()
		if err := waitIdle(client, ids[k]); err != nil {
			return err
		}
		ds, dc := cpu(spid)-s0, cpu(pid)-c0
		sumServer2, sumClaude2 = sumServer2+ds, sumClaude2+dc
		fmt.Printf("  turn %d, no screen: server %s, claude %s (%.1f %%)\n", k+1, ms(ds), ms(dc), pct(ds, dc))
	}
	fmt.Printf("  per turn with no screen: server %s, claude %s: the server adds %.1f %% of claude's CPU\n",
		ms(sumServer2/time.Duration(c.sessions)), ms(sumClaude2/time.Duration(c.sessions)), pct(sumServer2, sumClaude2))
	time.Sleep(2 * time.Second)
	i0 = cpu(spid)
	time.Sleep(c.idle)
	fmt.Printf("  idle %s, %d sessions, no screen: server CPU %s, RSS %s; records on disk %s\n", c.idle, c.sessions, ms(cpu(spid)-i0), mb(rss(spid)), mb(dirSize(paths.Records)))

	// Attach to all at once: replay until Live, as a screen starting in the folder does.
	for range c.attaches {
		t0 := time.Now()
		s0 := cpu(spid)
		lines, err := attachAll(client, ids)
		if err != nil {
			return err
		}
		fmt.Printf("  attach to all %d (replay of %d lines, then live): %s wall, server CPU %s\n", len(ids), lines, ms(time.Since(t0)), ms(cpu(spid)-s0))
	}
	return nil
}

// attachAll attaches to every session at once and returns when each is live.
func attachAll(client *sessionwire.Client, ids []string) (int, error) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var total int
	var first error
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cli, err := process.Attach(context.Background(), process.Options{Server: client}, id)
			n := 0
			if err == nil {
				err = waitFor(cli, func(ev process.Event) bool {
					n++
					_, ok := ev.(process.Live)
					return ok
				})
				_ = cli.Detach()
			}
			mu.Lock()
			total += n
			if err != nil && first == nil {
				first = err
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return total, first
}

// waitIdle waits until the server says the session's turn has ended. It asks four
// times a second: each question costs the server a connection, which would otherwise
// count as the turn's.
func waitIdle(client *sessionwire.Client, id string) error {
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) {
		time.Sleep(250 * time.Millisecond)
		reply, err := client.Call(sessionwire.Request{Op: sessionwire.OpList})
		if err != nil {
			return err
		}
		for _, in := range reply.Sessions {
			if in.ID == id && in.State == sessionwire.StateIdle {
				return nil
			}
		}
	}
	return fmt.Errorf("session %s still works after 5 minutes", id)
}

// waitFor reads events until match says so.
func waitFor(cli *process.CLI, match func(process.Event) bool) error {
	timeout := time.After(5 * time.Minute)
	for {
		select {
		case ev, ok := <-cli.Events():
			if !ok {
				return fmt.Errorf("events ended")
			}
			if x, ok := ev.(process.Exited); ok {
				return fmt.Errorf("claude exited: %+v", x)
			}
			if match(ev) {
				return nil
			}
		case <-timeout:
			return fmt.Errorf("nothing came within 5 minutes")
		}
	}
}

// stopAll stops every session and waits for the server to exit (it does once idle),
// so that its CPU profile is written.
func stopAll(client *sessionwire.Client, spid int) {
	if reply, err := client.Call(sessionwire.Request{Op: sessionwire.OpList}); err == nil {
		for _, in := range reply.Sessions {
			_, _ = client.Call(sessionwire.Request{Op: sessionwire.OpStop, ID: in.ID})
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) && syscall.Kill(spid, 0) == nil {
		time.Sleep(50 * time.Millisecond)
	}
}

func pct(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond)) }

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

func dirSize(dir string) int64 {
	var n int64
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if fi, err := e.Info(); err == nil {
			n += fi.Size()
		}
	}
	return n
}
