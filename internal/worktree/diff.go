package worktree

import (
	"context"
	"errors"
	"strings"
)

// Diff is the worktree's `git diff` against the commit it was branched from: committed
// and uncommitted changes together, then each untracked (not ignored) file as a new file.
func Diff(ctx context.Context, wt Worktree) (string, error) {
	if wt.Base == "" {
		return "", errors.New("the worktree has no base commit to compare with")
	}
	flags := []string{"-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff"}
	out, err := git(ctx, wt.Path, nil, append(flags, wt.Base, "--")...)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(out)
	untracked, err := git(ctx, wt.Path, nil, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return "", err
	}
	for _, rel := range splitNUL(untracked) {
		// --no-index exits with 1 when the files differ, which they always do here.
		out, err := git(ctx, wt.Path, nil, append(flags, "--no-index", "--", "/dev/null", rel)...)
		if err != nil && exitCode(err) != 1 {
			return "", err
		}
		b.WriteString(out)
	}
	return b.String(), nil
}
