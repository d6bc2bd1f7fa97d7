package files

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"os/exec"
)

// errNotGit means git cannot list root: no repository there, no git installed, or
// git refused the repository.
var errNotGit = errors.New("files: not a git work tree")

// listGit adds the files git knows under root: tracked, and untracked but not
// ignored (git applies every .gitignore, .git/info/exclude and the global excludes).
// It reads git's output as it comes and stops git once the collector is full.
func listGit(ctx context.Context, root string, c *collector) error {
	if _, err := exec.LookPath("git"); err != nil {
		return errNotGit
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return errNotGit
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	sc.Split(splitNUL)
	var addErr error
	seen := map[string]bool{} // a file both tracked and listed as other (rare) comes once
	for sc.Scan() && addErr == nil {
		p := sc.Text()
		if p == "" || seen[p] {
			continue
		}
		seen[p] = true
		addErr = c.addFile(p)
	}
	if addErr != nil {
		cancel() // stop git; its exit status no longer matters
		_ = cmd.Wait()
		return addErr
	}
	if err := cmd.Wait(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// Not a repository, or one git refuses (e.g. "dubious ownership"): walk instead.
		return errNotGit
	}
	return sc.Err()
}

// splitNUL splits git's -z output.
func splitNUL(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}
