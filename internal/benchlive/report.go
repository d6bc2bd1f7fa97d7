package main

import (
	"fmt"
	"time"
)

// report prints the table docs/PERFORMANCE.md quotes, one line per issue target.
func report(c config, r results) {
	first := r.turns[0]
	var gSum, cSum time.Duration
	worst := 0.0
	for _, t := range r.turns {
		gSum += t.gclaude
		cSum += t.child
		if first.gclaude > 0 {
			dev := (t.gclaude.Seconds() - first.gclaude.Seconds()) / first.gclaude.Seconds()
			if abs(dev) > abs(worst) {
				worst = dev
			}
		}
	}
	fmt.Println()
	fmt.Printf("| measure | gclaude | claude child | ratio |\n|---|---|---|---|\n")
	fmt.Printf("| turn 1 (%d KB answer, %d-byte deltas) CPU | %s | %s | %s |\n", c.size/1000, c.delta, secs(first.gclaude), secs(first.child), ratio(first.gclaude, first.child))
	fmt.Printf("| %d turns CPU, total | %s | %s | %s |\n", len(r.turns), secs(gSum), secs(cSum), ratio(gSum, cSum))
	fmt.Printf("| per-turn gclaude CPU, worst deviation from turn 1 | %+.0f%% | %+.0f%% | |\n", worst*100, worstFrom(r.turns, 0, childOf)*100)
	if len(r.turns) > 2 {
		// Turn 1 carries both processes' warm-up (heap growth, first use of lexers and
		// caches); whether a turn costs more for the turns before it shows from turn 2 on.
		fmt.Printf("| per-turn CPU, worst deviation of turns 3–%d from turn 2 | %+.0f%% | %+.0f%% | |\n",
			len(r.turns), worstFrom(r.turns, 1, gclaudeOf)*100, worstFrom(r.turns, 1, childOf)*100)
	}
	fmt.Printf("| per-turn CPU, lowest–highest | %s–%s | %s–%s | %.2f–%.2f× |\n",
		secs(lo(r.turns, gclaudeOf)), secs(hi(r.turns, gclaudeOf)), secs(lo(r.turns, childOf)), secs(hi(r.turns, childOf)),
		loRatio(r.turns), hiRatio(r.turns))
	fmt.Printf("| RSS before turn 1 → after %d turns | %s → %s | %s | |\n", len(r.turns), mb(r.gRSSStart), mb(r.gRSS), mb(r.cRSS))
	fmt.Printf("| idle %s after the turns, CPU | %s | %s | |\n", c.idle, secs(r.idle), secs(r.idleChild))
	fmt.Printf("| %d page-ups through the session, CPU (%.1f s wall) | %s | %s | |\n", c.pageUps, r.pageUpsWall.Seconds(), secs(r.pageUps), secs(r.pageUpsChild))
	fmt.Printf("\n(%d turns took %.0f s of wall time)\n", len(r.turns), r.turnsWall.Seconds())
}

// worstFrom is the largest relative deviation of f over the turns after ts[base]
// from f(ts[base]).
func worstFrom(ts []turnFigures, base int, f func(turnFigures) time.Duration) float64 {
	ref, worst := f(ts[base]).Seconds(), 0.0
	if ref <= 0 {
		return 0
	}
	for _, t := range ts[base+1:] {
		if dev := (f(t).Seconds() - ref) / ref; abs(dev) > abs(worst) {
			worst = dev
		}
	}
	return worst
}

func ratio(a, b time.Duration) string {
	if b <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f×", a.Seconds()/b.Seconds())
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func gclaudeOf(t turnFigures) time.Duration { return t.gclaude }
func childOf(t turnFigures) time.Duration   { return t.child }

func lo(ts []turnFigures, f func(turnFigures) time.Duration) time.Duration {
	m := f(ts[0])
	for _, t := range ts {
		m = min(m, f(t))
	}
	return m
}

func hi(ts []turnFigures, f func(turnFigures) time.Duration) time.Duration {
	m := f(ts[0])
	for _, t := range ts {
		m = max(m, f(t))
	}
	return m
}

func turnRatio(t turnFigures) float64 {
	if t.child <= 0 {
		return 0
	}
	return t.gclaude.Seconds() / t.child.Seconds()
}

func loRatio(ts []turnFigures) float64 {
	m := turnRatio(ts[0])
	for _, t := range ts {
		m = min(m, turnRatio(t))
	}
	return m
}

func hiRatio(ts []turnFigures) float64 {
	m := turnRatio(ts[0])
	for _, t := range ts {
		m = max(m, turnRatio(t))
	}
	return m
}
