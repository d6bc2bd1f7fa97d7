package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/gclaude/gclaude/internal/workspacefile"
)

// savedFigures are gclaude's start on a saved workspace of n sessions (0: no saved
// workspace, the plain start to compare with).
type savedFigures struct {
	n          int
	firstFrame time.Duration // from starting the terminal until gclaude's welcome is on screen
	frameCPU   time.Duration // gclaude's CPU by then
	started    time.Duration // until the claude of the session in front runs
	rss        int64         // gclaude's, once that claude runs and 2 s more have passed
	claudes    int           // claude processes gclaude started by then
	// claudesAfter is claude processes once the last saved session was brought to the
	// front (alt+,), which also shows that it was restored.
	claudesAfter int
}

// startSaved writes a workspace of n sessions for the project folder, as gclaude saves
// one (internal/workspacefile), and starts gclaude there.
func startSaved(c config, n int) (savedFigures, error) {
	f := savedFigures{n: n}
	if c.cpuProfile != "" {
		c.cpuProfile += fmt.Sprintf(".saved%d", n)
	}
	rg, err := newRig(c, 1)
	if err != nil {
		return f, err
	}
	defer rg.close()
	if n > 0 {
		w := workspacefile.Workspace{Root: rg.project}
		now := time.Now()
		for i := 1; i <= n; i++ {
			dir := sessionDir(rg, i)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return f, err
			}
			w.Sessions = append(w.Sessions, workspacefile.Session{Dir: dir, LastUsed: now.Add(-time.Duration(i) * time.Minute)})
		}
		path, err := workspacefile.Path(rg.project, rg.getenv)
		if err != nil {
			return f, err
		}
		if err := workspacefile.Save(path, w); err != nil {
			return f, err
		}
	}
	start := time.Now()
	tm, gpid, err := startTerm(c.width, c.height, rg.project, rg.env, []string{c.gclaude, "--claude-bin", c.claude, "--tui", c.tui})
	if err != nil {
		return f, err
	}
	defer stop(tm, gpid)
	for deadline := start.Add(30 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		scr := tm.capture()
		if strings.Contains(scr, textWelcome) {
			f.firstFrame, f.frameCPU = time.Since(start), sample(gpid).cpu
			break
		}
		if time.Now().After(deadline) {
			return f, fmt.Errorf("no first frame in 30 s; screen:\n%s", tm.capture())
		}
	}
	if err := waitStarted(tm); err != nil {
		return f, err
	}
	f.started = time.Since(start)
	time.Sleep(2 * time.Second)
	f.rss, f.claudes = rssOf(gpid), len(childrenNamed(gpid, "claude"))
	if n > 1 {
		if err := showLast(tm, gpid, &f); err != nil {
			return f, err
		}
	}
	fmt.Printf("  saved workspace of %d sessions: first frame %.0f ms (gclaude CPU %.0f ms), claude running after %.1f s, RSS %s, %d claude processes (%d once the last session is shown)\n",
		n, ms(f.firstFrame), ms(f.frameCPU), f.started.Seconds(), mb(f.rss), f.claudes, f.claudesAfter)
	return f, nil
}

// showLast brings the last saved session to the front (alt+, from the first): that it
// is there shows the restore happened; it starts its claude only then.
func showLast(tm *term, gpid int, f *savedFigures) error {
	name := fmt.Sprintf("session-%02d", f.n)
	if err := tm.keys("M-,"); err != nil {
		return err
	}
	return tm.waitFor(name+" in front with its claude", 60*time.Second, func(s string) bool {
		f.claudesAfter = len(childrenNamed(gpid, "claude"))
		return strings.Contains(s, name) && strings.Contains(s, textWelcome) && !strings.Contains(s, textStarting) && f.claudesAfter > f.claudes
	})
}
