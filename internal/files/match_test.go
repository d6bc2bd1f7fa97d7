package files

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func paths(rs []Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Path
	}
	return out
}

func TestMatchRanking(t *testing.T) {
	tests := []struct {
		name  string
		query string
		paths []string
		want  []string // the whole result, in order
	}{
		{"base name beats directory", "conf", []string{"config/app.go", "src/conf.go"}, []string{"src/conf.go", "config/app.go"}},
		{"word starts in the base name", "mgo", []string{"mango/readme.md", "cmd/main.go"}, []string{"cmd/main.go", "mango/readme.md"}},
		{"consecutive beats scattered", "abc", []string{"a_b_c.go", "abc.go"}, []string{"abc.go", "a_b_c.go"}},
		{"segment starts beat a gap inside a word", "fb", []string{"xfyb.go", "foo/bar.go"}, []string{"foo/bar.go", "xfyb.go"}},
		{"camel humps", "gfm", []string{"getformat.go", "getFileMode.go"}, []string{"getFileMode.go", "getformat.go"}},
		{"a directory by its own name", "src", []string{"resources/x", "src/main.go", "src/"}, []string{"src/", "src/main.go", "resources/x"}},
		{"same case wins a tie", "Make", []string{"make.go", "Makefile"}, []string{"Makefile", "make.go"}},
		{"lower case query prefers lower case", "make", []string{"Makefile", "make.go"}, []string{"make.go", "Makefile"}},
		{"equal scores: shorter first", "x", []string{"a/x.go", "x.go"}, []string{"x.go", "a/x.go"}},
		{"equal scores and lengths: input order", "x", []string{"b/x", "a/x"}, []string{"b/x", "a/x"}},
		{"not a subsequence", "zq", []string{"zoo.go", "quiz"}, []string{}},
		{"order matters", "ba", []string{"ab"}, []string{}},
		{"query longer than path", "abcd", []string{"abc"}, []string{}},
		{"non-ASCII", "über", []string{"docs/uber.md", "docs/Über.md"}, []string{"docs/Über.md"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := paths(Match(tc.query, tc.paths, 0))
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Match(%q) = %q, want %q", tc.query, got, tc.want)
			}
		})
	}
}

func TestMatchIndexes(t *testing.T) {
	tests := []struct {
		query, path string
		want        []int
	}{
		{"mgo", "cmd/main.go", []int{4, 9, 10}},
		{"main", "cmd/main.go", []int{4, 5, 6, 7}},
		{"cmg", "cmd/main.go", []int{0, 1, 9}}, // "cm" as a run in "cmd"
		{"ü", "docs/über.md", []int{5}},
		{"bm", "a/über/bar.md", []int{7, 11}},
		{"abc", "xabcabc", []int{1, 2, 3}},
	}
	for _, tc := range tests {
		got := Match(tc.query, []string{tc.path}, 1)
		if len(got) != 1 || !reflect.DeepEqual(got[0].Indexes, tc.want) {
			t.Errorf("Match(%q, %q) = %+v, want indexes %v", tc.query, tc.path, got, tc.want)
			continue
		}
		runes := []rune(tc.path)
		var matched []rune
		for _, i := range got[0].Indexes {
			matched = append(matched, runes[i])
		}
		if !strings.EqualFold(string(matched), tc.query) {
			t.Errorf("indexes %v of %q spell %q, not the query %q", got[0].Indexes, tc.path, string(matched), tc.query)
		}
	}
}

func TestMatchEmptyQueryAndMax(t *testing.T) {
	in := []string{"b", "a", "c"}
	if got := paths(Match("", in, 2)); !reflect.DeepEqual(got, []string{"b", "a"}) {
		t.Errorf("empty query = %q, want the first two in order", got)
	}
	if got := Match("a", []string{"a1", "a2", "a3"}, 2); len(got) != 2 {
		t.Errorf("max 2 gave %d results", len(got))
	}
	if got := Match("x", nil, 5); len(got) != 0 {
		t.Errorf("no paths gave %v", got)
	}
}

// TestMatchIndexesSpellQuery checks on random paths that every result's indexes
// are increasing and spell the query, and that the score is what scoring alone
// says (tracing the indexes must not change it).
func TestMatchIndexesSpellQuery(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	all := synthPaths(rng, 2000)
	for _, q := range []string{"a", "src", "mdl", "t/g", "Go", "xyz", "ee"} {
		m := newMatcher(q)
		for _, r := range Match(q, all, 0) {
			runes := []rune(r.Path)
			last := -1
			var spelled []rune
			for _, i := range r.Indexes {
				if i <= last || i >= len(runes) {
					t.Fatalf("%q in %q: indexes %v not increasing within the path", q, r.Path, r.Indexes)
				}
				last = i
				spelled = append(spelled, runes[i])
			}
			if !strings.EqualFold(string(spelled), q) {
				t.Fatalf("%q in %q: indexes %v spell %q", q, r.Path, r.Indexes, string(spelled))
			}
			if s, ok := m.score(r.Path, false); !ok || s != r.Score {
				t.Fatalf("%q in %q: score %d, rescored %d", q, r.Path, r.Score, s)
			}
		}
	}
}

// synthPaths makes n plausible project paths.
func synthPaths(rng *rand.Rand, n int) []string {
	dirs := []string{"src", "internal", "cmd", "pkg", "ui", "docs", "testdata", "vendor", "node_modules", "api", "model", "render", "themes", "sessions"}
	names := []string{"main", "model", "view", "update", "config", "handler", "server", "client", "util", "README", "Makefile", "getFileMode", "parse_args", "über"}
	exts := []string{".go", ".md", ".json", ".ts", "", "_test.go", ".yaml"}
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for range rng.IntN(5) {
			b.WriteString(dirs[rng.IntN(len(dirs))])
			b.WriteByte('/')
		}
		fmt.Fprintf(&b, "%s%d%s", names[rng.IntN(len(names))], rng.IntN(100), exts[rng.IntN(len(exts))])
		out[i] = b.String()
	}
	return out
}

func BenchmarkMatch50k(b *testing.B) {
	all := synthPaths(rand.New(rand.NewPCG(3, 4)), 50_000)
	for _, q := range []string{"m", "mdl", "src/main", "zzz", "über"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				Match(q, all, 50)
			}
		})
	}
}
