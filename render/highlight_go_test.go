package render

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/quick"

	"github.com/gclaude/gclaude/themes"
)

var gorootAll = flag.Bool("goroot-all", false, "compare lexGo with chroma on every .go file under GOROOT/src (minutes)")

// chromaGo is what quick.Highlight lexes Go code into.
func chromaGo(t testing.TB, code string) []chroma.Token {
	t.Helper()
	toks, err := chroma.Tokenise(chroma.Coalesce(lexers.Get("go")), nil, code)
	if err != nil {
		t.Fatal(err)
	}
	return toks
}

// checkLexGo fails t where lexGo's tokens are not chroma's. It reports
// whether lexGo vouched for its tokens at all.
func checkLexGo(t testing.TB, name, code string) bool {
	t.Helper()
	got, ok := lexGo(code)
	if !ok {
		return false
	}
	want := chromaGo(t, code)
	if i := firstTokenDiff(want, got); i >= 0 {
		// regexp2 gives each match 250 ms of wall time by a clock that can
		// jump: on a loaded machine a match chroma would make can time out,
		// leaving an Error token. Only a difference chroma repeats counts.
		for range 2 {
			if again := chromaGo(t, code); firstTokenDiff(again, want) >= 0 {
				t.Logf("%s: chroma lexed the same code two ways (a regexp2 timeout)", name)
				want = again
				break
			}
		}
	}
	if i := firstTokenDiff(want, got); i >= 0 {
		t.Errorf("%s: token %d differs from chroma's (%d vs %d tokens)\n%s\ncode %q",
			name, i, len(want), len(got), tokenContext(want, got, i), clipText(code, 2000))
	}
	return true
}

func firstTokenDiff(want, got []chroma.Token) int {
	for i := range min(len(want), len(got)) {
		if want[i] != got[i] {
			return i
		}
	}
	if len(want) != len(got) {
		return min(len(want), len(got))
	}
	return -1
}

func tokenContext(want, got []chroma.Token, i int) string {
	var b strings.Builder
	for j := max(0, i-3); j <= i+2; j++ {
		w, g := "-", "-"
		if j < len(want) {
			w = fmt.Sprintf("%s %q", want[j].Type, clipText(want[j].Value, 60))
		}
		if j < len(got) {
			g = fmt.Sprintf("%s %q", got[j].Type, clipText(got[j].Value, 60))
		}
		fmt.Fprintf(&b, "  %d chroma %-40s lexGo %s\n", j, w, g)
	}
	return b.String()
}

func clipText(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// goEdgeCases are inputs each rule's corners meet: chroma's own reading of
// every one is the expected answer.
var goEdgeCases = []string{
	"", "\n", "x", "package main", "package main\n\nfunc main() {}\n",
	"// cut comment", "/* unclosed", "/**/", "/*/", "/* a */ b */", "/\\\n* x *\\\n/", "/*\\\n*/",
	"a // b\r\nc\rd", "x\r", "\r\n", "\t\v\f \u00a0\u0085\u2003\u3000x",
	`"a\"b"`, `"unclosed \" rest`, `"a\\" b"`, `"\\\\\\" x`, `"x` + strings.Repeat(`\\`, 8) + ` y`, `"\" ` + strings.Repeat(`\\ `, 8),
	`"multi` + "\n" + `line"`, `""`, `"`, `\"`, `\`, "\\\n", "a\\\nb",
	"'a'", "'''", "'\\''", "'\\n'", "'\\x41'", "'\\x4'", "'\\101'", "'\\1011'", "'\\0'", "'\\u00e9'",
	"'\\U0001F600'", "'é'", "'e\u0301'", "'\n'", "''x'", "'\\q'", "'", "'ab'",
	"`raw`", "`", "`a{b}c`", "`{{.Name}}`", "`{{- if .X}}y{{end -}}`", "`{{/* c */}}`", "`{{\"s\"}}`",
	"`{{ (index .A 1) }}`", "`{{`", "``", "`a{{b`", "`{{ 'x' 0x1F -1.5e3 1i $v }}`",
	"1 0 07 089 0x1F 0X_a 0xg 0b101 0b2 0B1 1_000 0_1 0o17",
	"1i 1.5i 1.i .5i 1e+5i 1e5i 1.5e+3i 1.5e3i .5e-2i 1.e5 1.5e 1.5e+ 1e5 1E-5 .5 .5e5 1. 1.x",
	"٣ ٣i ٣.٣ x٣ ١٢٣e+٤i", "1import", "0x1Fpackage", "5func", "3.14if",
	"func main() { x := len(y); string(b); int (3); error(e) }",
	"fmt.Println (x)\nf \n\t (y)\nappend\n(z)\nnew(T)", "lenx(1) _x(2) x_(3) __(4)",
	"if else for range return go goto defer select case default switch fallthrough continue break",
	"import package var func struct map chan type interface const true false iota nil",
	"uint uint8 uint16 uint32 uint64 int int8 int16 int32 int64 float float32 float64",
	"complex64 complex128 byte rune string bool error uintptr",
	"print println panic recover close complex real imag len cap append copy delete new make clear min max",
	"print( println( panic( recover( close( complex( real( imag( len( cap( append( copy( delete( new( make( clear( min( max(",
	"forx formats iffy nilable nil_ true1 int8x", "ünïcödé Ωmega ǅx x\u200dy for\u200d if\u0301 _\u203f",
	"<<= >>= << >> <= >= &^= &^ += -= *= /= %= &= |= && || <- ++ -- == != := ... + - * / % &",
	"| ^ < > = ! ( ) [ ] { } . , ; : ~ ^= .. ....", "@ # $ ? \x00 \x01 \x7f € ✓ 😀",
	"a\xffb\xc3(\xe2\x82 \xed\xa0\x80", "x := \"\xff\"", "// \xff\n", "`\xff`",
	strings.Repeat("// a long comment line that goes on\n", 400),
	strings.Repeat(" ", 9000) + "x", strings.Repeat("\n", 9000), strings.Repeat("@", 9000),
	"`" + strings.Repeat("a{", 5000) + "`", "`" + strings.Repeat("{", 9000) + "`",
	"x" + strings.Repeat("y", 10000), "\"" + strings.Repeat("s", 10000) + "\"",
}

func TestLexGoEdgeCases(t *testing.T) {
	for i, code := range goEdgeCases {
		if !checkLexGo(t, fmt.Sprint("case ", i), code) {
			t.Errorf("case %d: lexGo declined %q", i, clipText(code, 80))
		}
	}
}

// TestLexGoDeclinesRunawayBacktracking: an unclosed string full of `\\`
// costs regexp2 exponential time, and a match it finds after too long a
// search may be a timeout in chroma; lexGo declines that one.
func TestLexGoDeclinesRunawayBacktracking(t *testing.T) {
	code := `"\" ` + strings.Repeat(`\\ `, 40)
	if _, ok := lexGo(code); ok {
		t.Error("lexGo vouched for a match regexp2 needs over 2^40 steps to find")
	}
	failing := `x := "` + strings.Repeat(`\\ `, 40)
	if !checkLexGo(t, "failing", failing) {
		t.Error("a string that fails whatever the timeout was declined")
	}
}

// goSources is a deterministic sample of GOROOT's .go files (all of them
// with -goroot-all): every step-th in path order, under root.
func goSources(t *testing.T, want int) (root string, paths []string) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skipf("no go command to find GOROOT: %v", err)
	}
	root = filepath.Join(strings.TrimSpace(string(out)), "src")
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil || len(paths) == 0 {
		t.Skipf("no GOROOT sources: %v", err)
	}
	sort.Strings(paths)
	if *gorootAll {
		return root, paths
	}
	step := max(1, len(paths)/want)
	var sample []string
	for i := 0; i < len(paths); i += step {
		sample = append(sample, paths[i])
	}
	return root, sample
}

// TestLexGoMatchesChromaOnGOROOT lexes GOROOT files whole, cut at random
// byte offsets (as a streamed block is) and randomly mutated, and compares
// every token with chroma's.
func TestLexGoMatchesChromaOnGOROOT(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 15
	}
	rng := rand.New(rand.NewPCG(10, 10))
	var files, declined int
	root, paths := goSources(t, n)
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 64<<10 && !*gorootAll {
			b = b[:64<<10] // a big file's start, to keep the test short
		}
		code := string(b)
		name := strings.TrimPrefix(path, root)
		variants := []string{code}
		for range 3 {
			variants = append(variants, code[:rng.IntN(len(code)+1)])
		}
		for range 3 {
			variants = append(variants, mutateGo(rng, code))
		}
		for i, v := range variants {
			files++
			if !checkLexGo(t, fmt.Sprintf("%s variant %d", name, i), v) {
				declined++
			}
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("%d inputs, %d declined", files, declined)
	if declined*20 > files {
		t.Errorf("lexGo declined %d of %d inputs", declined, files)
	}
}

// mutateGo makes a few random edits from characters the rules care about.
func mutateGo(rng *rand.Rand, code string) string {
	const alphabet = "\"'`/*\\\n{}()[].,;:+-=<>!&|^%~_0123456789eExXbi \t\r\x00\xff"
	extra := []string{"é", "٣", "\u200d", "\u00a0", "😀", "{{", "}}", "/*", "*/", "//", `\"`, `\\`, "0x", "1e+", "func", "len("}
	b := []byte(code)
	for range 1 + rng.IntN(8) {
		at := rng.IntN(len(b) + 1)
		var ins []byte
		if rng.IntN(3) == 0 {
			ins = []byte(extra[rng.IntN(len(extra))])
		} else {
			ins = []byte{alphabet[rng.IntN(len(alphabet))]}
		}
		switch rng.IntN(3) {
		case 0: // insert
			b = append(b[:at], append(ins, b[at:]...)...)
		case 1: // delete
			if at < len(b) {
				b = append(b[:at], b[at+1+rng.IntN(min(4, len(b)-at)):]...)
			}
		default: // replace
			if at < len(b) {
				b[at] = ins[0]
			}
		}
	}
	return string(b)
}

// TestHighlightGoMatchesQuickHighlight compares the bytes highlight writes
// for Go with quick.Highlight's, through each formatter and theme in use,
// and checks every name chroma resolves to the Go lexer takes the new path.
func TestHighlightGoMatchesQuickHighlight(t *testing.T) {
	themes.New(themes.Dark)
	themes.New(themes.Light) // registers the gclaude-* chroma styles
	codes := append([]string{benchGoCode(t)}, goEdgeCases...)
	for _, lang := range []string{"go", "golang", "Go", "GO", "main.go", "go"} {
		if !isGoLang(lang) {
			t.Errorf("isGoLang(%q) = false; lexers.Get resolves it to Go", lang)
		}
	}
	for _, lang := range []string{"", "gox", "python", "go-text-template", "text"} {
		if isGoLang(lang) {
			t.Errorf("isGoLang(%q) = true", lang)
		}
	}
	for _, style := range []string{"gclaude-dark", "gclaude-light", "monokai", "no-such-style"} {
		for _, f := range []string{chromaFormatter, "terminal256", "terminal", "no-such-formatter"} {
			for i, code := range codes {
				if len(code) > 200 && (style != "gclaude-dark" || f != chromaFormatter) {
					continue // the long ones once
				}
				var want, got bytes.Buffer
				if err := quick.Highlight(&want, code, "go", f, style); err != nil {
					t.Fatal(err)
				}
				ok, err := highlightGo(&got, code, f, style)
				if err != nil || !ok {
					t.Fatalf("highlightGo: ok=%v err=%v", ok, err)
				}
				if got.String() != want.String() {
					t.Errorf("%s/%s code %d: bytes differ\n%s", style, f, i, firstDiff(want.String(), got.String()))
				}
			}
		}
	}
	highlightCache.reset()
	got, err := highlight(codes[0], "golang", chromaFormatter, "gclaude-dark")
	var want bytes.Buffer
	_ = quick.Highlight(&want, codes[0], "golang", chromaFormatter, "gclaude-dark")
	if err != nil || got != want.String() {
		t.Errorf("highlight differs from quick.Highlight (err %v)", err)
	}
}

// benchGoCode is the Go in the bench answer's fenced blocks, one after
// another.
func benchGoCode(t testing.TB) string {
	src := benchAnswer(100_000)
	var b strings.Builder
	for _, block := range strings.Split(src, "```go\n")[1:] {
		code, _, ok := strings.Cut(block, "```")
		if !ok {
			t.Fatal("unclosed fence in the bench answer")
		}
		b.WriteString(code)
	}
	if b.Len() == 0 {
		t.Fatal("no Go blocks in the bench answer")
	}
	return b.String()
}

func BenchmarkHighlightGo(b *testing.B) {
	themes.New(themes.Dark)
	code := benchGoCode(b)
	b.Run("lexGo", func(b *testing.B) {
		b.SetBytes(int64(len(code)))
		b.ReportAllocs()
		for b.Loop() {
			var w bytes.Buffer
			if ok, err := highlightGo(&w, code, chromaFormatter, "gclaude-dark"); !ok || err != nil {
				b.Fatal(ok, err)
			}
		}
	})
	b.Run("chroma", func(b *testing.B) {
		b.SetBytes(int64(len(code)))
		b.ReportAllocs()
		for b.Loop() {
			var w bytes.Buffer
			if err := quick.Highlight(&w, code, "go", chromaFormatter, "gclaude-dark"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
