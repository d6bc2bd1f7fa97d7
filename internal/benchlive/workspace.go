package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The workspace mode (-sessions N): N sessions in one gclaude, each streaming its own
// 100 KB answer at once while one is in front; then switching to each session whose
// answer streamed while it was hidden; then idling with the N claude processes running.
// A saved workspace of -saved sessions is measured apart (workspace_saved.go).

// keyNext is alt+. (the next session) as tmux sends it.
const keyNext = "M-."

// wsResults are the workspace mode's figures.
type wsResults struct {
	sessions          int
	stream, streamAll time.Duration // gclaude's CPU, and the claude children's summed, while all streamed
	after             time.Duration // gclaude's CPU after the streams until it was quiet (rendering hidden replies)
	streamWall        time.Duration
	switches          []switchFigures
	idle, idleAll     time.Duration
	rss, rssChildren  int64
	saved             []savedFigures
}

// switchFigures is one switch to a session whose answer streamed while hidden.
type switchFigures struct {
	name      string
	cpu, wall time.Duration // gclaude's, from the key until the answer's end was on screen
}

func runWorkspace(c config) error {
	c.tui = "fullscreen" // sessions side by side need the full-screen view
	fmt.Printf("## gclaude workspace: %d sessions, --tui fullscreen\n\n", c.sessions)
	var r wsResults
	if c.sessions > 1 {
		if err := streamSessions(c, &r); err != nil {
			return err
		}
	}
	// The start on a saved workspace, interleaved with the plain start, -saved-runs
	// times each: one start is a few hundred milliseconds, as noisy as the machine.
	for range c.savedRuns {
		if c.saved == 0 {
			break
		}
		for _, n := range []int{0, c.saved} {
			f, err := startSaved(c, n)
			if err != nil {
				return err
			}
			r.saved = append(r.saved, f)
		}
	}
	reportWorkspace(c, r)
	return nil
}

// sessionDir is the folder of the i-th session (from 1); the first is the rig's project.
func sessionDir(rg *rig, i int) string {
	if i == 1 {
		return rg.project
	}
	return filepath.Join(rg.base, fmt.Sprintf("session-%02d", i))
}

// promptOf is what the i-th session is sent: its own answer (scenario i).
func promptOf(i int) string { return fmt.Sprintf("SCENARIO:%s session %d", scenarioOf(i), i) }

func streamSessions(c config, r *wsResults) error {
	n := c.sessions
	r.sessions = n
	rg, err := newRig(c, n)
	if err != nil {
		return err
	}
	defer rg.close()
	for i := 2; i <= n; i++ {
		if err := os.MkdirAll(sessionDir(rg, i), 0o755); err != nil {
			return err
		}
	}
	tm, gpid, err := startTerm(c.width, c.height, rg.project, rg.env, []string{c.gclaude, "--claude-bin", c.claude, "--tui", c.tui})
	if err != nil {
		return err
	}
	defer stop(tm, gpid)
	if err := waitStarted(tm); err != nil {
		return err
	}
	// Open the others as a user does: /open DIR, each in front once its claude runs.
	for i := 2; i <= n; i++ {
		dir := sessionDir(rg, i)
		if err := tm.typeText("/open " + dir); err != nil {
			return err
		}
		if err := tm.keys("Enter"); err != nil {
			return err
		}
		name := filepath.Base(dir)
		if err := tm.waitFor("session "+name+" to start", 60*time.Second, func(s string) bool {
			return strings.Contains(s, name) && strings.Contains(s, textWelcome) && !strings.Contains(s, textStarting) &&
				len(childrenNamed(gpid, "claude")) == i
		}); err != nil {
			return err
		}
	}
	children := childrenNamed(gpid, "claude")
	fmt.Printf("gclaude pid %d, %d claude children %v; answers %d bytes in %d-byte deltas, %s apart, %d×%d\n",
		gpid, len(children), children, c.size, c.delta, c.delay, c.width, c.height)

	// The front is session n. Its prompt is typed, then alt+. and the next session's,
	// round the list, without sending them: each session keeps its draft. Back in
	// session n, the measure starts: Enter, alt+., Enter … so all stream at once, the
	// typing not counted. Session n-1 is in front at the end; every other one streams
	// hidden (session n after the key that follows its Enter).
	order := make([]int, 0, n)
	for k := range n {
		order = append(order, (n-1+k)%n+1)
	}
	for _, i := range order {
		if err := tm.typeText(promptOf(i)); err != nil {
			return err
		}
		if err := tm.keys(keyNext); err != nil {
			return err
		}
	}
	if err := tm.waitFor("the drafts to be typed", 30*time.Second, func(s string) bool {
		return strings.Contains(s, promptOf(order[0])) && strings.Contains(s, filepath.Base(sessionDir(rg, order[0])))
	}); err != nil {
		return err
	}
	before := len(rg.api.ConversationRequests())
	g0, c0 := sample(gpid).cpu, sumTrees(children).cpu
	start := time.Now()
	for k := range order {
		if k > 0 {
			if err := tm.keys(keyNext); err != nil {
				return err
			}
		}
		if err := tm.keys("Enter"); err != nil {
			return err
		}
	}
	front := order[n-1]
	end, err := settle(gpid, children, func() bool {
		s := tm.capture()
		return len(rg.api.ConversationRequests()) >= before+n && strings.Contains(s, markerOf(promptOf(front))) && !strings.Contains(s, textRunning)
	})
	if err != nil {
		return err
	}
	r.stream, r.streamAll, r.streamWall = end.g-g0, end.c-c0, end.at.Sub(start)
	fmt.Printf("  %d answers streamed: gclaude %s, claude children %s (%.0f s wall)\n", n, secs(r.stream), secs(r.streamAll), r.streamWall.Seconds())
	// The replies that settled hidden are rendered once every session is quiet
	// (ui/workspace_upkeep.go): that work is counted apart, until gclaude is quiet too,
	// so that the switches below measure the switch alone.
	quiet, err := settleSelf(gpid)
	if err != nil {
		return err
	}
	r.after = quiet - end.g
	fmt.Printf("  then, until gclaude was quiet: gclaude %s\n", secs(r.after))

	// alt+. from the front goes round to order[0], order[1] …: each streamed hidden.
	for _, i := range order[:n-1] {
		f, err := switchTo(tm, gpid, i)
		if err != nil {
			return err
		}
		r.switches = append(r.switches, f)
		fmt.Printf("  switch to %s: gclaude %s (%.0f ms wall)\n", f.name, secs(f.cpu), float64(f.wall.Milliseconds()))
	}

	g0, c0 = sample(gpid).cpu, sumTrees(children).cpu
	time.Sleep(c.idle)
	r.idle, r.idleAll = sample(gpid).cpu-g0, sumTrees(children).cpu-c0
	r.rss, r.rssChildren = rssOf(gpid), sumTrees(children).rss
	return nil
}

// switchTo sends alt+. and waits, polling often, until session i's answer ends on
// screen; the CPU is gclaude's meanwhile.
func switchTo(tm *term, gpid, i int) (switchFigures, error) {
	want := markerOf(promptOf(i))
	g0 := sample(gpid).cpu
	start := time.Now()
	if err := tm.keys(keyNext); err != nil {
		return switchFigures{}, err
	}
	deadline := start.Add(30 * time.Second)
	for {
		s := tm.capture()
		if strings.Contains(s, want) {
			return switchFigures{name: fmt.Sprintf("session %d", i), cpu: sample(gpid).cpu - g0, wall: time.Since(start)}, nil
		}
		if time.Now().After(deadline) {
			return switchFigures{}, fmt.Errorf("switching to session %d: its answer's end never showed; screen:\n%s", i, s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// point is gclaude's and the children's CPU at one moment.
type point struct {
	g, c time.Duration
	at   time.Time
}

// settle waits until done holds and the children have gone quiet (under 10 ms of CPU
// each per half second), and returns the point where the quiet half second began: the
// CPU spent streaming, without the idling after.
func settle(gpid int, children []int, done func() bool) (point, error) {
	measure := func() point { return point{g: sample(gpid).cpu, c: sumTrees(children).cpu, at: time.Now()} }
	quiet := time.Duration(len(children)) * 10 * time.Millisecond
	prev := measure()
	deadline := time.Now().Add(10 * time.Minute)
	for time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		cur := measure()
		if cur.c-prev.c < quiet && done() {
			return prev, nil
		}
		prev = cur
	}
	return point{}, fmt.Errorf("the sessions never went quiet")
}

// settleSelf waits until gclaude has gone quiet (under 10 ms of CPU in each of two
// half seconds) and returns its CPU where the quiet began.
func settleSelf(gpid int) (time.Duration, error) {
	prev, quiet := sample(gpid).cpu, 0
	var start time.Duration
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); {
		time.Sleep(500 * time.Millisecond)
		cur := sample(gpid).cpu
		if cur-prev < 10*time.Millisecond {
			if quiet == 0 {
				start = prev
			}
			if quiet++; quiet == 2 {
				return start, nil
			}
		} else {
			quiet = 0
		}
		prev = cur
	}
	return 0, fmt.Errorf("gclaude never went quiet after the streams")
}

// sumTrees is sampleTree summed over pids.
func sumTrees(pids []int) usage {
	var u usage
	for _, p := range pids {
		s := sampleTree(p)
		u.cpu += s.cpu
		u.rss += s.rss
	}
	return u
}
