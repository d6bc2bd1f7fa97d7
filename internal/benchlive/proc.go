package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// clockTicks is USER_HZ, the unit of utime and stime in /proc/<pid>/stat: 100 on every
// Linux this runs on (it is fixed by the kernel ABI, not by CONFIG_HZ).
const clockTicks = 100

// usage is what /proc says about one process at one moment.
type usage struct {
	cpu time.Duration // utime + stime
	rss int64         // bytes
	// switches is the context switches of the process's threads (sample only).
	switches int64
}

// procStat reads utime+stime and the parent pid from /proc/<pid>/stat.
func procStat(pid int) (cpu time.Duration, ppid int, comm string, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, "", err
	}
	s := string(b)
	open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || close < 0 {
		return 0, 0, "", fmt.Errorf("/proc/%d/stat: unexpected format", pid)
	}
	comm = s[open+1 : close]
	f := strings.Fields(s[close+1:])
	// f[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
	if len(f) < 13 {
		return 0, 0, "", fmt.Errorf("/proc/%d/stat: too few fields", pid)
	}
	ppid, _ = strconv.Atoi(f[1])
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / clockTicks, ppid, comm, nil
}

// rssOf reads VmRSS from /proc/<pid>/status.
func rssOf(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb * 1024
		}
	}
	return 0
}

// sample measures pid alone.
func sample(pid int) usage {
	cpu, _, _, _ := procStat(pid)
	return usage{cpu: cpu, rss: rssOf(pid), switches: switchesOf(pid)}
}

// switchesOf sums the voluntary and involuntary context switches of pid's live
// threads: how often the process went to sleep or was preempted, the wakeups that cost
// it CPU beyond its own work.
func switchesOf(pid int) int64 {
	tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	var n int64
	for _, t := range tasks {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/status", pid, t.Name()))
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			k, v, ok := strings.Cut(l, ":")
			if ok && (k == "voluntary_ctxt_switches" || k == "nonvoluntary_ctxt_switches") {
				c, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				n += c
			}
		}
	}
	return n
}

// sampleTree measures pid and every live descendant of it, summed: the claude child
// may run helpers of its own.
func sampleTree(pid int) usage {
	children := map[int][]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if _, ppid, _, err := procStat(p); err == nil {
			children[ppid] = append(children[ppid], p)
		}
	}
	var u usage
	var walk func(int)
	walk = func(p int) {
		s := sample(p)
		u.cpu += s.cpu
		u.rss += s.rss
		for _, c := range children[p] {
			walk(c)
		}
	}
	walk(pid)
	return u
}

// childNamed finds a direct child of pid whose command name contains name.
func childNamed(pid int, name string) (int, bool) {
	if c := childrenNamed(pid, name); len(c) > 0 {
		return c[0], true
	}
	return 0, false
}

// childrenNamed are the direct children of pid whose command name contains name, in
// the order they started (pids ascend until they wrap, which a benchmark does not see).
func childrenNamed(pid int, name string) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if _, ppid, comm, err := procStat(p); err == nil && ppid == pid && strings.Contains(comm, name) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}
