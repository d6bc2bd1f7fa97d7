package main

import (
	"fmt"
	"slices"
	"time"
)

// reportWorkspace prints the table docs/PERFORMANCE.md quotes, one line per target of
// issue 21.
func reportWorkspace(c config, r wsResults) {
	fmt.Println()
	fmt.Printf("| measure | gclaude | claude children | ratio |\n|---|---|---|---|\n")
	if r.sessions > 1 {
		reportStreams(c, r)
	}
	for _, n := range []int{0, c.saved} {
		reportSaved(n, r.saved)
	}
}

// reportStreams prints the figures of the sessions that streamed at once.
func reportStreams(c config, r wsResults) {
	fmt.Printf("| %d sessions streaming a %d KB answer each at once, CPU (%.0f s wall) | %s | %s | %s |\n",
		r.sessions, c.size/1000, r.streamWall.Seconds(), secs(r.stream), secs(r.streamAll), ratio(r.stream, r.streamAll))
	fmt.Printf("| then until gclaude is quiet (the hidden replies rendered), CPU; with the streaming ÷ children | %s | | %s |\n",
		secs(r.after), ratio(r.stream+r.after, r.streamAll))
	if len(r.switches) > 0 {
		lo, hi, sum := r.switches[0].cpu, r.switches[0].cpu, time.Duration(0)
		var wall time.Duration
		for _, s := range r.switches {
			lo, hi, sum = min(lo, s.cpu), max(hi, s.cpu), sum+s.cpu
			wall = max(wall, s.wall)
		}
		fmt.Printf("| switch to a session that streamed hidden, CPU until its answer's end shows (%d switches, lowest–highest, mean; slowest %.0f ms wall) | %.0f–%.0f ms, %.0f ms | | |\n",
			len(r.switches), ms(wall), ms(lo), ms(hi), ms(sum)/float64(len(r.switches)))
	}
	fmt.Printf("| idle %s with %d sessions running, CPU | %s | %s | |\n", c.idle, r.sessions, secs(r.idle), secs(r.idleAll))
	fmt.Printf("| RSS after, with %d answers held | %s | %s | |\n", r.sessions, mb(r.rss), mb(r.rssChildren))
}

// reportSaved prints the starts on a saved workspace of n sessions (0: none).
func reportSaved(n int, all []savedFigures) {
	var fs []savedFigures
	for _, f := range all {
		if f.n == n {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return
	}
	what := "no saved workspace"
	if n > 0 {
		what = fmt.Sprintf("a saved workspace of %d sessions", n)
	}
	frames, cpus := make([]time.Duration, len(fs)), make([]time.Duration, len(fs))
	for i, f := range fs {
		frames[i], cpus[i] = f.firstFrame, f.frameCPU
	}
	slices.Sort(frames)
	slices.Sort(cpus)
	last := fs[len(fs)-1]
	fmt.Printf("| start on %s: first frame, median (lowest–highest of %d) | %.0f ms (%.0f–%.0f ms) | | |\n",
		what, len(fs), ms(frames[len(frames)/2]), ms(frames[0]), ms(frames[len(frames)-1]))
	fmt.Printf("| start on %s: gclaude's CPU by the first frame, median (lowest–highest) | %.0f ms (%.0f–%.0f ms) | | |\n",
		what, ms(cpus[len(cpus)/2]), ms(cpus[0]), ms(cpus[len(cpus)-1]))
	fmt.Printf("| start on %s: RSS, claude processes (after showing the last session) | %s, %d (%d) | | |\n", what, mb(last.rss), last.claudes, last.claudesAfter)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
