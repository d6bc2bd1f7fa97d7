package main

import (
	"fmt"
	"time"
)

// reportWorkspace prints the table docs/PERFORMANCE.md quotes, one line per target of
// issue 21.
func reportWorkspace(c config, r wsResults) {
	fmt.Println()
	fmt.Printf("| measure | gclaude | claude children | ratio |\n|---|---|---|---|\n")
	fmt.Printf("| %d sessions streaming a %d KB answer each at once, CPU (%.0f s wall) | %s | %s | %s |\n",
		r.sessions, c.size/1000, r.streamWall.Seconds(), secs(r.stream), secs(r.streamAll), ratio(r.stream, r.streamAll))
	if len(r.switches) > 0 {
		lo, hi, sum := r.switches[0].cpu, r.switches[0].cpu, time.Duration(0)
		var wall time.Duration
		for _, s := range r.switches {
			lo, hi, sum = min(lo, s.cpu), max(hi, s.cpu), sum+s.cpu
			wall = max(wall, s.wall)
		}
		fmt.Printf("| switch to a session that streamed hidden, CPU until its answer's end shows (%d switches, lowest–highest, mean; slowest %.0f ms wall) | %.0f–%.0f ms, %.0f ms | | |\n",
			len(r.switches), float64(wall.Milliseconds()), ms(lo), ms(hi), ms(sum)/float64(len(r.switches)))
	}
	fmt.Printf("| idle %s with %d sessions running, CPU | %s | %s | |\n", c.idle, r.sessions, secs(r.idle), secs(r.idleAll))
	fmt.Printf("| RSS after, with %d answers held | %s | %s | |\n", r.sessions, mb(r.rss), mb(r.rssChildren))
	for _, f := range r.saved {
		what := "no saved workspace"
		if f.n > 0 {
			what = fmt.Sprintf("a saved workspace of %d sessions", f.n)
		}
		fmt.Printf("| start on %s: first frame / claude in front running | %.0f ms / %.1f s | | |\n", what, ms(f.firstFrame), f.started.Seconds())
		fmt.Printf("| start on %s: RSS, claude processes (after showing the last session) | %s, %d (%d) | | |\n", what, mb(f.rss), f.claudes, f.claudesAfter)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
