package gitrun

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Review and landing reach a session's files only through a Runner, so that for a
// remote session nothing of this machine is read in the host's place: their code
// imports nothing that opens files or runs programs itself, and of worktree (which
// does) uses only its types and names.
func TestReviewAndLandReachFilesOnlyThroughARunner(t *testing.T) {
	banned := map[string]bool{"os": true, "os/exec": true, "io/fs": true, "io/ioutil": true, "syscall": true,
		"github.com/gclaude/gclaude/internal/filehead": true}
	worktreeNames := map[string]bool{"Worktree": true, "BaseBranchKey": true}
	for _, pkg := range []string{"../review", "../land"} {
		files, err := filepath.Glob(filepath.Join(pkg, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no files in %s: %v", pkg, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if path, _ := strconv.Unquote(imp.Path.Value); banned[path] {
					t.Errorf("%s imports %s", name, path)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "worktree" && !worktreeNames[sel.Sel.Name] {
						t.Errorf("%s uses worktree.%s", name, sel.Sel.Name)
					}
				}
				return true
			})
		}
	}
}
