// Command benchlive is the live benchmark behind `make bench-live`: the real gclaude
// binary in tmux at 120×40, the real pinned claude CLI as its child, and the project's
// fake API serving a long markdown answer in tiny text deltas. It prints, from /proc,
// the CPU and memory of gclaude and of its claude child over one turn, over ten turns,
// over 200 page-ups and over 20 s of idling. With -sessions N (make bench-live-workspace)
// it measures a workspace instead (workspace.go): N sessions streaming at once, the
// switch to each hidden one, idling with N running, and the start on -saved sessions.
// It is a benchmark: it asserts nothing about time and no test runs it.
// docs/PERFORMANCE.md has its figures.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/benchdoc"
)

const (
	scenarioName = "bench-long-answer"
	// marker ends every answer; the fake fills in the prompt, so each turn's end is
	// told apart from the last one's (markerOf).
	marker       = "End of the answer to: {{prompt}}"
	textRunning  = "esc to interrupt" // the status bar while a turn runs
	textWelcome  = "✻ gclaude"
	textStarting = "starting claude…"
)

type config struct {
	gclaude, claude string
	size, delta     int
	code            string // the answers' code blocks: go or python (benchdoc.VariantIn)
	turns, pageUps  int
	idle            time.Duration
	delay           time.Duration
	width, height   int
	tui             string   // gclaude's --tui: fullscreen or inline
	cpuProfile      string   // where gclaude writes a CPU profile of the whole run, if set
	extraEnv        []string // KEY=VALUE added to gclaude's environment (e.g. GOGC=200)
	sameAnswer      bool     // every turn streams the same answer (the figures before 2026-11-25's third session)
	host            bool     // the session measured runs its claude over ssh on the tests' rig (remote.go)
	sessions        int      // -sessions: the workspace mode's sessions streaming at once (workspace.go)
	saved           int      // -saved: the saved workspace started from (workspace_saved.go)
	savedRuns       int      // -saved-runs: how many starts of each kind
}

func main() {
	var c config
	flag.StringVar(&c.gclaude, "gclaude", "bin/gclaude", "the gclaude binary to measure")
	flag.StringVar(&c.claude, "claude", ".cache/claude-cli/node_modules/.bin/claude", "the claude CLI it runs")
	flag.IntVar(&c.size, "size", 100_000, "bytes of markdown in each answer")
	flag.IntVar(&c.delta, "delta", 8, "bytes per text delta")
	flag.StringVar(&c.code, "code", "go", "the language of the answers' code blocks: go (a quarter of the answer) or python (an answer with no Go)")
	flag.IntVar(&c.turns, "turns", 10, "turns in the session")
	flag.IntVar(&c.pageUps, "pageups", 200, "page-ups through the session after the turns")
	flag.DurationVar(&c.idle, "idle", 20*time.Second, "idle time measured after the turns")
	flag.DurationVar(&c.delay, "delay", 0, "pause before each delta, as a real API paces its stream (0: as fast as possible)")
	flag.BoolVar(&c.sameAnswer, "same-answer", false, "stream the same answer every turn (by default each turn's differs, so no content cache serves a later turn)")
	flag.IntVar(&c.width, "width", 120, "terminal columns")
	flag.IntVar(&c.height, "height", 40, "terminal rows")
	tuis := flag.String("tui", "fullscreen,inline", "gclaude's --tui modes to measure, one run each: fullscreen, inline (page-ups then go to gclaude, not to the terminal's scrollback)")
	profile := flag.String("cpuprofile", "", "write gclaude's CPU profile of each run to this file, with the mode appended after a dot (go tool pprof bin/gclaude FILE.fullscreen)")
	env := flag.String("env", "", "space-separated KEY=VALUE pairs added to gclaude's environment, e.g. \"GOGC=200 GOMAXPROCS=1\"")
	flag.BoolVar(&c.host, "host", false, "measure a session on another machine: gclaude opens it with /open --host on an OpenSSH server on 127.0.0.1 (the tests' rig; needs sshd, make tools) and its answers stream through ssh")
	flag.IntVar(&c.sessions, "sessions", 0, "measure a workspace of this many sessions streaming at once instead of one session's turns (make bench-live-workspace: 8); 0: the single-session mode")
	flag.IntVar(&c.saved, "saved", 50, "with -sessions: also start gclaude on a saved workspace of this many sessions (0: skip); -sessions 1 measures only that")
	flag.IntVar(&c.savedRuns, "saved-runs", 3, "with -saved: starts on the saved workspace, each after a plain start")
	flag.Parse()
	c.extraEnv = strings.Fields(*env)
	if err := checkTools(&c); err != nil {
		fmt.Fprintln(os.Stderr, "benchlive:", err)
		os.Exit(1)
	}
	if c.sessions > 0 {
		if *profile != "" {
			c.cpuProfile = *profile + ".workspace"
		}
		if err := runWorkspace(c); err != nil {
			fmt.Fprintln(os.Stderr, "benchlive:", err)
			os.Exit(1)
		}
		return
	}
	for i, mode := range strings.Split(*tuis, ",") {
		c.tui = strings.TrimSpace(mode)
		if *profile != "" {
			c.cpuProfile = *profile + "." + c.tui
		}
		if i > 0 {
			fmt.Println()
		}
		fmt.Printf("## gclaude --tui %s\n\n", c.tui)
		if err := run(c); err != nil {
			fmt.Fprintln(os.Stderr, "benchlive:", err)
			os.Exit(1)
		}
	}
}

// turnFigures is one turn's CPU.
type turnFigures struct {
	gclaude, child time.Duration
	switches       int64 // gclaude's context switches
}

type results struct {
	turns                  []turnFigures
	gRSS, cRSS             int64
	gRSSStart              int64
	idle, idleChild        time.Duration
	pageUps, pageUpsChild  time.Duration
	pageUpsWall, turnsWall time.Duration
}

// checkTools makes the binaries' paths absolute and checks that they and tmux exist.
func checkTools(c *config) error {
	for _, p := range []*string{&c.gclaude, &c.claude} {
		abs, err := filepath.Abs(*p)
		if err != nil {
			return err
		}
		*p = abs
		if _, err := os.Stat(abs); err != nil {
			return fmt.Errorf("%v (make bench-live builds gclaude and installs the pinned CLI)", err)
		}
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		return fmt.Errorf("tmux is needed (make tools installs it)")
	}
	if c.code != "go" && c.code != "python" {
		return fmt.Errorf("-code %q: go or python", c.code)
	}
	return nil
}

func run(c config) error {
	text := benchdoc.VariantIn(c.size, marker, 0, c.code)
	n := c.turns
	if c.sameAnswer {
		n = 1
	}
	rg, err := newRig(c, n)
	if err != nil {
		return err
	}
	defer rg.close()
	api, project := rg.api, rg.project
	env := rg.env
	var remote *remoteSession
	if c.host {
		if remote, err = startRemote(rg.scenarios); err != nil {
			return err
		}
		defer remote.close()
		api = remote.rig.API
		env = append(env, remote.env()...)
	}
	tm, gpid, err := startTerm(c.width, c.height, project, env, []string{c.gclaude, "--claude-bin", c.claude, "--tui", c.tui})
	if err != nil {
		return err
	}
	defer stop(tm, gpid)

	if err := waitStarted(tm); err != nil {
		return err
	}
	cpid, ok := childNamed(gpid, "claude")
	if !ok {
		return fmt.Errorf("no claude child of gclaude (pid %d)", gpid)
	}
	if remote != nil {
		if cpid, err = remote.open(tm); err != nil {
			return err
		}
		fmt.Printf("remote session over ssh to %s: the claude column is the claude on the rig's side\n", remote.rig.Host)
	}
	answers := "a different answer each turn"
	if c.sameAnswer {
		answers = "the same answer every turn"
	}
	fmt.Printf("gclaude pid %d (--tui %s), claude pid %d; answer %d bytes in %d-byte deltas (%d deltas, %s apart), %s, %d×%d\n",
		gpid, c.tui, cpid, len(text), c.delta, (len(text)+c.delta-1)/c.delta, c.delay, answers, c.width, c.height)

	var r results
	r.gRSSStart = rssOf(gpid)
	ssh0 := sshCPU(rg.base)
	start := time.Now()
	for i := range c.turns {
		f, err := turn(tm, api, gpid, cpid, i+1, c.sameAnswer)
		if err != nil {
			return err
		}
		r.turns = append(r.turns, f)
		fmt.Printf("  turn %2d: gclaude %s (%d context switches), claude %s\n", i+1, secs(f.gclaude), f.switches, secs(f.child))
	}
	r.turnsWall = time.Since(start)
	if remote != nil {
		fmt.Printf("  ssh clients (the session's and the connection's master): %s over the turns\n", secs(sshCPU(rg.base)-ssh0))
	}
	r.gRSS, r.cRSS = rssOf(gpid), sampleTree(cpid).rss

	g0, c0 := sample(gpid).cpu, sampleTree(cpid).cpu
	time.Sleep(c.idle)
	r.idle, r.idleChild = sample(gpid).cpu-g0, sampleTree(cpid).cpu-c0

	g0, c0 = sample(gpid).cpu, sampleTree(cpid).cpu
	start = time.Now()
	if err := pageUp(tm, c.pageUps); err != nil {
		return err
	}
	r.pageUpsWall = time.Since(start)
	r.pageUps, r.pageUpsChild = sample(gpid).cpu-g0, sampleTree(cpid).cpu-c0
	report(c, r)
	return nil
}

// waitStarted waits until the session in front has its claude running.
func waitStarted(tm *term) error {
	return tm.waitFor("the CLI to start", 60*time.Second, func(s string) bool {
		return strings.Contains(s, textWelcome) && !strings.Contains(s, textStarting)
	})
}

// scenarioOf names the fake API's scenario for turn n (from 1): each turn has its own
// answer unless -same-answer.
func scenarioOf(n int) string { return fmt.Sprintf("%s-%d", scenarioName, n) }

// markerOf is the last line of the answer to prompt.
func markerOf(prompt string) string { return strings.ReplaceAll(marker, "{{prompt}}", prompt) }

// termEnv is the sandbox's environment for gclaude in a 256-colour UTF-8 terminal.
func termEnv(sandbox []string) []string {
	var env []string
	for _, kv := range sandbox {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "TERM", "TMUX", "TMUX_PANE", "COLUMNS", "LINES", "COLORTERM", "NO_COLOR", "LANG", "LC_ALL":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "TERM=xterm-256color", "LANG=C.UTF-8")
}

// turn sends one prompt and waits until its whole answer is on screen and the turn
// is over; it returns the CPU both processes spent meanwhile.
func turn(tm *term, api *fakeapi.Server, gpid, cpid, n int, same bool) (turnFigures, error) {
	before := len(api.ConversationRequests())
	g0, c0 := sample(gpid), sampleTree(cpid).cpu
	scenario := scenarioOf(n)
	if same {
		scenario = scenarioOf(1)
	}
	prompt := fmt.Sprintf("SCENARIO:%s turn %d", scenario, n)
	if err := tm.typeText(prompt); err != nil {
		return turnFigures{}, err
	}
	if err := tm.keys("Enter"); err != nil {
		return turnFigures{}, err
	}
	err := tm.waitFor(fmt.Sprintf("turn %d to end", n), 5*time.Minute, func(s string) bool {
		return len(api.ConversationRequests()) > before && strings.Contains(s, markerOf(prompt)) && !strings.Contains(s, textRunning)
	})
	if err != nil {
		return turnFigures{}, err
	}
	g1 := sample(gpid)
	return turnFigures{gclaude: g1.cpu - g0.cpu, child: sampleTree(cpid).cpu - c0, switches: g1.switches - g0.switches}, nil
}

// pageUp sends n page-ups in groups of ten, as a user holding the key would, and
// waits until the screen stops changing.
func pageUp(tm *term, n int) error {
	for n > 0 {
		k := min(n, 10)
		keys := make([]string, k)
		for i := range keys {
			keys[i] = "PPage"
		}
		if err := tm.keys(keys...); err != nil {
			return err
		}
		n -= k
		time.Sleep(20 * time.Millisecond)
	}
	prev := ""
	return tm.waitFor("the screen to settle", 30*time.Second, func(s string) bool {
		same := s == prev
		prev = s
		if !same {
			time.Sleep(200 * time.Millisecond)
		}
		return same
	})
}

// stop ends gclaude (which closes its claude child) and the tmux server.
func stop(tm *term, gpid int) {
	_ = syscall.Kill(gpid, syscall.SIGTERM)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if _, _, _, err := procStat(gpid); err != nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	tm.kill()
}

func secs(d time.Duration) string { return fmt.Sprintf("%.2f s", d.Seconds()) }

func mb(b int64) string { return fmt.Sprintf("%.0f MB", float64(b)/(1<<20)) }
