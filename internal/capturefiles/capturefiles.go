// Package capturefiles finds the protocol recordings the tests read: the repository's
// own corpus in testdata/captures (recorded by `make captures`, internal/capturerig),
// and, for the tests that walk every recording, any extra corpora named in
// $GCLAUDE_EXTRA_CAPTURES (`make check-shared-captures`). A recording stored gzipped
// (<name>.gz) reads as the plain file. A test that cannot find its data fails.
package capturefiles

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// ExtraEnv names further corpus folders (separated by the OS's list separator) that
// the tests walking every recording also read.
const ExtraEnv = "GCLAUDE_EXTRA_CAPTURES"

// Dir is the repository's corpus, <module root>/testdata/captures.
func Dir(t testing.TB) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatalf("capturefiles: %v", err)
	}
	dir := filepath.Join(root, "testdata", "captures")
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("capturefiles: the recordings are missing at %s (`make captures` records them)", dir)
	}
	return dir
}

// Corpora are the folders the walking tests read: Dir, then those of $GCLAUDE_EXTRA_CAPTURES.
func Corpora(t testing.TB) []string {
	t.Helper()
	dirs := []string{Dir(t)}
	for _, d := range filepath.SplitList(os.Getenv(ExtraEnv)) {
		if d == "" {
			continue
		}
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			t.Fatalf("capturefiles: %s names %s, which is not a folder", ExtraEnv, d)
		}
		dirs = append(dirs, d)
	}
	return dirs
}

// Path is the path of a file of the repository's corpus, e.g. "exp01_text.jsonl". It
// fails the test when the file is missing (or stored gzipped: read it with Read).
func Path(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(Dir(t), name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("capturefiles: %v", err)
	}
	return p
}

// Read is a file of the repository's corpus, e.g. "exp01_text.jsonl".
func Read(t testing.TB, name string) []byte {
	t.Helper()
	return ReadIn(t, Dir(t), name)
}

// Load is Read for code without a test at hand (a golden scene): it returns the error.
func Load(name string) ([]byte, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	return readFile(filepath.Join(root, "testdata", "captures", name))
}

// ReadIn is the file name of the corpus dir, gunzipped when it is stored as name.gz.
func ReadIn(t testing.TB, dir, name string) []byte {
	t.Helper()
	data, err := readFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("capturefiles: %v", err)
	}
	return data
}

func readFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		return data, err
	}
	f, gzErr := os.Open(path + ".gz")
	if gzErr != nil {
		return nil, err
	}
	defer f.Close()
	zr, gzErr := gzip.NewReader(f)
	if gzErr != nil {
		return nil, gzErr
	}
	return io.ReadAll(zr)
}

// Stdout lists the stdout recordings of dir (names ending in .jsonl, not .stdin.jsonl).
func Stdout(t testing.TB, dir string) []string {
	t.Helper()
	return list(t, dir, func(n string) bool { return strings.HasSuffix(n, ".jsonl") && !strings.HasSuffix(n, ".stdin.jsonl") })
}

// Stdin lists the stdin recordings of dir (names ending in .stdin.jsonl).
func Stdin(t testing.TB, dir string) []string {
	t.Helper()
	return list(t, dir, func(n string) bool { return strings.HasSuffix(n, ".stdin.jsonl") })
}

// WithSuffix lists the files of dir whose name (without .gz) ends in suffix.
func WithSuffix(t testing.TB, dir, suffix string) []string {
	t.Helper()
	return list(t, dir, func(n string) bool { return strings.HasSuffix(n, suffix) })
}

// list is the sorted names (without .gz) of dir's files that keep accepts; it fails the
// test when there are none.
func list(t testing.TB, dir string, keep func(string) bool) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("capturefiles: %v", err)
	}
	var names []string
	for _, e := range entries {
		n := strings.TrimSuffix(e.Name(), ".gz")
		if !e.IsDir() && keep(n) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		t.Fatalf("capturefiles: no such recordings in %s", dir)
	}
	sort.Strings(names)
	return names
}

// Lines are the non-empty lines of data, without their newline.
func Lines(data []byte) [][]byte {
	var out [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// moduleRoot walks up to the directory holding go.mod. (clirig has the same, but
// fakeapi's tests read the recordings and clirig imports fakeapi.)
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
