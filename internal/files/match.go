package files

import (
	"slices"
	"unicode"
	"unicode/utf8"
)

// Result is a path that matched a query.
type Result struct {
	Path  string
	Score int
	// Indexes are the rune indexes in Path of the runes that matched the query, in
	// increasing order, for highlighting.
	Indexes []int
}

// Match ranks the paths that contain the query's runes in order (case-insensitive
// subsequence) and returns the best max of them (all when max <= 0), best first.
// Matches score more at the start of a path segment or word, in runs of
// consecutive runes, and in the file's base name; an exact case scores a little
// more. Equal scores go to the shorter path, then to the earlier one in paths, so
// the order is stable. An empty query matches every path, in the order given.
func Match(query string, paths []string, max int) []Result {
	if max <= 0 || max > len(paths) {
		max = len(paths)
	}
	if query == "" {
		out := make([]Result, max)
		for i, p := range paths[:max] {
			out[i] = Result{Path: p}
		}
		return out
	}

	m := newMatcher(query)
	var top ranking
	for i, p := range paths {
		if !m.quick(p) {
			continue
		}
		if score, ok := m.score(p, false); ok {
			top.offer(hit{score: score, index: i, length: len(p)}, max)
		}
	}
	out := make([]Result, len(top))
	for i, h := range top {
		p := paths[h.index]
		m.score(p, true)
		out[i] = Result{Path: p, Score: h.score, Indexes: slices.Clone(m.indexes)}
	}
	return out
}

// hit is a matching path during ranking.
type hit struct{ score, index, length int }

// better orders hits: higher score, then shorter path, then earlier in the input.
func (a hit) better(b hit) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	if a.length != b.length {
		return a.length < b.length
	}
	return a.index < b.index
}

// ranking keeps the best hits in order, at most max of them: most paths are turned
// away by a comparison with the worst kept one.
type ranking []hit

func (r *ranking) offer(h hit, max int) {
	if len(*r) == max && !h.better((*r)[max-1]) {
		return
	}
	i, _ := slices.BinarySearchFunc(*r, h, func(e, target hit) int {
		if e.better(target) {
			return -1
		}
		return 1
	})
	*r = slices.Insert(*r, i, h)
	if len(*r) > max {
		*r = (*r)[:max]
	}
}

// lowerRune folds a rune for matching.
func lowerRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	return unicode.ToLower(r)
}
