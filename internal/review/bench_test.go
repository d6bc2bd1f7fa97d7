package review

import (
	"context"
	"strings"
	"testing"
)

// BenchmarkLoad5000 is reading a worktree's changes when they are 5,000 changed lines
// (25 files, 100 lines replaced in each): git diff, git ls-files, and parsing.
func BenchmarkLoad5000(b *testing.B) {
	files := map[string]string{}
	for f := range 25 {
		files["pkg/file"+itoa(f)+".go"] = numbered(400, nil)
	}
	dir := newRepo(b, files)
	base := strings.TrimSpace(git(b, dir, "rev-parse", "HEAD"))
	for f := range 25 {
		change := map[int]string{}
		for i := 0; i < 100; i++ {
			change[1+i*4] = "changed line " + itoa(i)
		}
		write(b, dir, "pkg/file"+itoa(f)+".go", numbered(400, change))
	}
	for b.Loop() {
		d, err := Load(context.Background(), local, Target{Dir: dir, Base: base})
		if err != nil {
			b.Fatal(err)
		}
		if s := d.Summary(); s.Added+s.Removed != 5000 {
			b.Fatalf("%+v", s)
		}
	}
}
