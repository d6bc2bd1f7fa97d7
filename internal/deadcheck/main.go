// Command deadcheck runs deadcode (golang.org/x/tools/cmd/deadcode) over the module and
// fails on any function nothing in the program reaches, unless the allow-list names it
// with a reason. `make deadcode` runs it.
//
// The allow-list (.deadcode-allow) has one entry a line: a pattern, then why the
// function stays although the program never calls it ("used by tests of other
// packages", …). A pattern is a package path relative to the module, a dot and a
// function or method name ("protocol.DecodeClient", "internal/clirig.Rig.Start"), where
// * matches any run of characters except '/' ("internal/clirig.*"). Entries name
// functions, not lines, so moving code inside a package does not disturb them; an entry
// that no longer matches anything is reported but does not fail the check, so a file
// moved to another package on one branch does not break another's.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"strings"
)

// template makes deadcode print one "<package path>.<function>" a line.
const template = `{{range .Funcs}}{{$.Path}}.{{.Name}}{{"\n"}}{{end}}`

func main() {
	allowFile := flag.String("allow", ".deadcode-allow", "the allow-list")
	tool := flag.String("deadcode", "golang.org/x/tools/cmd/deadcode@latest", "deadcode's module path and version, for go run")
	flag.Parse()
	pkgs := flag.Args()
	if len(pkgs) == 0 {
		pkgs = []string{"./..."}
	}
	if err := run(*allowFile, *tool, pkgs, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "deadcheck:", err)
		os.Exit(1)
	}
}

func run(allowFile, tool string, pkgs []string, out io.Writer) error {
	f, err := os.Open(allowFile)
	if err != nil {
		return err
	}
	allow, err := parseAllow(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", allowFile, err)
	}
	module, err := modulePath()
	if err != nil {
		return err
	}
	cmd := exec.Command("go", append([]string{"run", tool, "-f", template}, pkgs...)...)
	cmd.Stderr = os.Stderr
	raw, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("deadcode: %w", err)
	}
	var found []string
	for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if l != "" {
			found = append(found, strings.TrimPrefix(l, module+"/"))
		}
	}
	unlisted, stale := check(found, allow)
	for _, e := range stale {
		fmt.Fprintf(out, "%s:%d: %s matches nothing deadcode finds now; remove it once the code has settled\n", allowFile, e.line, e.pattern)
	}
	if len(unlisted) > 0 {
		for _, fn := range unlisted {
			fmt.Fprintln(out, "unreachable:", fn)
		}
		return fmt.Errorf("%d unreachable %s not in %s: delete, use, or list with a reason",
			len(unlisted), plural(len(unlisted), "function"), allowFile)
	}
	fmt.Fprintf(out, "deadcode: %d unreachable, all allowed by %s\n", len(found), allowFile)
	return nil
}

// entry is one line of the allow-list.
type entry struct {
	pattern, reason string
	line            int
}

func parseAllow(r io.Reader) ([]entry, error) {
	var out []entry
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		pattern, reason, _ := strings.Cut(l, " ")
		if strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("line %d: %s has no reason", n, pattern)
		}
		if _, err := path.Match(pattern, ""); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, entry{pattern: pattern, reason: strings.TrimSpace(reason), line: n})
	}
	return out, sc.Err()
}

// check splits what deadcode found into what no entry allows, and lists the entries
// that allow nothing.
func check(found []string, allow []entry) (unlisted []string, stale []entry) {
	used := make([]bool, len(allow))
	for _, fn := range found {
		ok := false
		for i, e := range allow {
			if m, _ := path.Match(e.pattern, fn); m {
				used[i], ok = true, true
			}
		}
		if !ok {
			unlisted = append(unlisted, fn)
		}
	}
	for i, e := range allow {
		if !used[i] {
			stale = append(stale, e)
		}
	}
	return unlisted, stale
}

// modulePath is the module's path, from go.mod.
func modulePath() (string, error) {
	b, err := os.ReadFile("go.mod")
	if err != nil {
		return "", err
	}
	for _, l := range bytes.Split(b, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(bytes.TrimSpace(l), []byte("module ")); ok {
			return string(bytes.TrimSpace(rest)), nil
		}
	}
	return "", fmt.Errorf("go.mod names no module")
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
