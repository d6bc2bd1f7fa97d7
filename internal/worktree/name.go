package worktree

import (
	"context"
	"fmt"
	"strings"
)

// checkName accepts a name that is one folder name and, prefixed, a valid branch name
// (as `git check-ref-format --branch` says). Anything else is ErrBadName, saying why.
func checkName(ctx context.Context, dir, name string) error {
	bad := func(why string) error { return fmt.Errorf("%w %q: %s", ErrBadName, name, why) }
	switch {
	case name == "":
		return bad("it is empty")
	case strings.ContainsAny(name, `/\`):
		return bad("it must not contain a slash")
	case strings.Contains(name, ".."):
		return bad(`it must not contain ".."`)
	case strings.HasPrefix(name, "-") || strings.HasPrefix(name, "."):
		return bad(`it must not start with "-" or "."`)
	case strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return bad("it must not contain control characters")
	}
	if _, err := git(ctx, dir, nil, "check-ref-format", "--branch", BranchPrefix+name); err != nil {
		return bad("it is not a valid git branch name")
	}
	return nil
}
