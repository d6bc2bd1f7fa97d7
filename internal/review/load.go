package review

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/gclaude/gclaude/internal/gitrun"
)

// Target is the folder a session works in and what to compare it with.
type Target struct {
	Dir string
	// Base is the commit a worktree was made from, so that what the session committed
	// on its branch counts too; "" compares with HEAD (the uncommitted changes).
	Base string
}

// ErrNotGit is a folder outside any git checkout: there is nothing to diff.
var ErrNotGit = errors.New("not a git folder")

// emptyTree is git's empty tree: what a repository without a commit is compared with.
const emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

// maxUntracked is how many new, untracked files are read; more are listed unread (a
// session that unpacked an archive must not make the review read it all).
const maxUntracked = 200

// diffFlags make git's output the same whatever the user's configuration: no colour,
// no external or textconv diff, a/ b/ prefixes, three lines of context, full hashes,
// renames found, paths from the top, names unquoted where git allows.
var diffFlags = []string{"-c", "core.quotePath=false", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
	"--src-prefix=a/", "--dst-prefix=b/", "-U3", "--full-index"}

// Load reads what changed in t.Dir's repository: the tracked files against the base
// (renames, mode changes and binary files included), then each untracked file that is
// not ignored, as a new file.
func Load(ctx context.Context, r gitrun.Runner, t Target) (Diff, error) {
	root, err := gitrun.Git(ctx, r, t.Dir, "rev-parse", "--show-toplevel")
	if err != nil {
		if strings.Contains(gitrun.Stderr(err), "not a git repository") {
			return Diff{}, fmt.Errorf("%s: %w", t.Dir, ErrNotGit)
		}
		return Diff{}, err
	}
	d := Diff{Root: strings.TrimSpace(root)}
	if d.Base, err = resolveBase(ctx, r, d.Root, t.Base); err != nil {
		return Diff{}, err
	}
	out, err := gitrun.Git(ctx, r, d.Root, append(diffFlags, "-M", "--no-relative", d.Base, "--")...)
	if err != nil {
		return Diff{}, err
	}
	d.Files = Parse(out)
	untracked, err := gitrun.Git(ctx, r, d.Root, "ls-files", "-z", "--others", "--exclude-standard")
	if err != nil {
		return Diff{}, err
	}
	for i, rel := range gitrun.SplitNUL(untracked) {
		if i >= maxUntracked {
			d.Files = append(d.Files, File{NewPath: rel, Status: Added, Untracked: true, Binary: true})
			continue
		}
		f, err := untrackedFile(ctx, r, d.Root, rel, false)
		if err != nil {
			return Diff{}, err
		}
		d.Files = append(d.Files, f)
	}
	return d, nil
}

// resolveBase is the full hash of base, of HEAD when base is "", or the empty tree when
// the repository has no commit yet.
func resolveBase(ctx context.Context, r gitrun.Runner, root, base string) (string, error) {
	if base == "" {
		out, err := gitrun.Git(ctx, r, root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
		if err != nil {
			return emptyTree, nil
		}
		return strings.TrimSpace(out), nil
	}
	out, err := gitrun.Git(ctx, r, root, "rev-parse", "--verify", "--quiet", base+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("the commit %s this worktree was made from is not in the repository any more", base)
	}
	return strings.TrimSpace(out), nil
}

// untrackedFile diffs one untracked file against nothing (binary as a patch when
// binary is set, for a revert).
func untrackedFile(ctx context.Context, r gitrun.Runner, root, rel string, binary bool) (File, error) {
	args := append([]string{}, diffFlags...)
	if binary {
		args = append(args, "--binary")
	}
	// --no-index exits with 1 when the files differ, which they always do here.
	out, err := gitrun.Git(ctx, r, root, append(args, "--no-index", "--", "/dev/null", rel)...)
	if err != nil && gitrun.Code(err) != 1 {
		return File{}, err
	}
	files := Parse(out)
	if len(files) != 1 {
		// An empty file: --no-index writes nothing for it on some versions.
		return File{NewPath: rel, Status: Added, Untracked: true, OldBlob: zeroBlob}, nil
	}
	f := files[0]
	f.Untracked, f.Status, f.OldPath, f.NewPath = true, Added, "", rel
	return f, nil
}
