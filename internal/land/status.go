package land

import (
	"context"
	"strings"

	"github.com/gclaude/gclaude/internal/gitrun"
)

// statusEntry is one line of `git status --porcelain`: the index's and the work tree's
// state letters and the path (and a rename's old path).
type statusEntry struct {
	x, y      byte
	path, old string
}

type statusList []statusEntry

// status lists a checkout's uncommitted changes, untracked files included.
func status(ctx context.Context, r gitrun.Runner, dir string) (statusList, error) {
	out, err := gitrun.Git(ctx, r, dir, "-c", "core.quotePath=false", "status", "--porcelain=v1", "-z", "--untracked-files=all")
	if err != nil {
		return nil, err
	}
	var list statusList
	fields := gitrun.SplitNUL(out)
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if len(f) < 4 {
			continue
		}
		e := statusEntry{x: f[0], y: f[1], path: f[3:]}
		if e.x == 'R' || e.x == 'C' {
			if i+1 < len(fields) {
				e.old = fields[i+1]
				i++
			}
		}
		list = append(list, e)
	}
	return list, nil
}

// paths are every path the entries name, old names of renames included.
func (l statusList) paths() []string {
	var out []string
	for _, e := range l {
		out = append(out, e.path)
		if e.old != "" {
			out = append(out, e.old)
		}
	}
	return out
}

// staged are the paths whose index differs from HEAD.
func (l statusList) staged() []string {
	var out []string
	for _, e := range l {
		if e.x != ' ' && e.x != '?' && e.x != '!' {
			out = append(out, e.path)
		}
	}
	return out
}

// conflicted are the paths git marks unmerged.
func (l statusList) conflicted() []string {
	var out []string
	for _, e := range l {
		switch string([]byte{e.x, e.y}) {
		case "DD", "AU", "UD", "UA", "DU", "AA", "UU":
			out = append(out, e.path)
		}
	}
	return out
}

// touching are the entries' paths that are also in files.
func (l statusList) touching(files []string) []string {
	want := make(map[string]bool, len(files))
	for _, f := range files {
		want[f] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, p := range l.paths() {
		if want[p] && !seen[p] {
			out = append(out, p)
			seen[p] = true
		}
	}
	return out
}

// names are the entries' paths, for a plan.
func (l statusList) names() []string {
	out := make([]string, len(l))
	for i, e := range l {
		out[i] = e.path
	}
	return out
}

// lines splits output into non-empty lines.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
