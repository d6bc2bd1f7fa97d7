package review

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gclaude/gclaude/internal/gitrun"
)

// ErrChanged is a file that is not what the review showed any more: nothing was
// reverted.
var ErrChanged = errors.New("changed since the review was drawn")

// symlinkMode is git's mode of a symbolic link.
const symlinkMode = "120000"

// ErrNoLongerApplies is a hunk git cannot take back from the file as it is.
var ErrNoLongerApplies = errors.New("no longer applies")

// RevertHunk takes hunk i of f back out of the working tree, and nothing else: a patch
// of that hunk alone, applied in reverse once `git apply --check` says it applies.
// The file must still be exactly what was diffed (its blob), or nothing is touched
// (ErrChanged). The hunk of a new file is the whole file, and so is a deleted file's:
// those revert the file.
func RevertHunk(ctx context.Context, r gitrun.Runner, d *Diff, f *File, i int) error {
	if i < 0 || i >= len(f.Hunks) {
		return fmt.Errorf("%s has no hunk %d", f.Path(), i+1)
	}
	if f.Status == Added || f.Status == Deleted {
		return RevertFile(ctx, r, d, f)
	}
	if err := checkUnchanged(ctx, r, d, f); err != nil {
		return err
	}
	return applyReverse(ctx, r, d.Root, f.Path(), HunkPatch(f, i))
}

// RevertFile puts f back as it was in the base: a new file is deleted, a deleted one
// comes back, a renamed one moves back, a mode is restored, a binary file too. The
// patch is taken again (binary included) and must be the one the review showed.
func RevertFile(ctx context.Context, r gitrun.Runner, d *Diff, f *File) error {
	if err := checkUnchanged(ctx, r, d, f); err != nil {
		return err
	}
	patch, fresh, err := filePatch(ctx, r, d, f)
	if err != nil {
		return err
	}
	if fresh.OldBlob != f.OldBlob || fresh.NewBlob != f.NewBlob || fresh.OldMode != f.OldMode || fresh.NewMode != f.NewMode {
		return fmt.Errorf("%s %w: nothing was reverted", f.Path(), ErrChanged)
	}
	return applyReverse(ctx, r, d.Root, f.Path(), patch)
}

// HunkPatch is a patch of hunk i of f alone, for git apply.
func HunkPatch(f *File, i int) string {
	h := &f.Hunks[i]
	path := f.Path()
	var b strings.Builder
	b.WriteString("diff --git " + quotePath("a/", path) + " " + quotePath("b/", path) + "\n")
	b.WriteString("--- " + quotePath("a/", path) + "\n")
	b.WriteString("+++ " + quotePath("b/", path) + "\n")
	b.WriteString("@@ -" + hunkRange(h.OldStart, h.OldLines) + " +" + hunkRange(h.NewStart, h.NewLines) + " @@\n")
	for _, l := range h.Lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

func hunkRange(start, count int) string {
	if count == 1 {
		return strconv.Itoa(start)
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(count)
}

// checkUnchanged compares the file on disk with the blob the diff was made from: its
// hash, or its absence for a deleted file.
func checkUnchanged(ctx context.Context, r gitrun.Runner, d *Diff, f *File) error {
	root := d.Root
	if f.NewMode == symlinkMode || f.OldMode == symlinkMode {
		// hash-object would hash what the link points to; git apply --check compares
		// the link's own text, which is all a link has.
		return nil
	}
	path := f.NewPath
	if f.Status == Deleted {
		path = f.OldPath
	}
	out, err := gitrun.Git(ctx, r, root, "hash-object", "--", path)
	now := strings.TrimSpace(out)
	if err != nil {
		if !strings.Contains(gitrun.Stderr(err), "No such file") && !strings.Contains(gitrun.Stderr(err), "could not open") {
			return err
		}
		now = zeroBlob
	}
	want := f.NewBlob
	switch {
	case f.Status == Deleted:
		want = zeroBlob
	case want == "":
		// No index line: a pure rename or a mode change, the content is the base's.
		out, err := gitrun.Git(ctx, r, root, "rev-parse", "--verify", "--quiet", d.Base+":"+f.OldPath)
		if err != nil {
			return fmt.Errorf("%s: its content in the base commit: %w", f.OldPath, err)
		}
		want = strings.TrimSpace(out)
	}
	if now != want {
		return fmt.Errorf("%s %w: nothing was reverted", path, ErrChanged)
	}
	return nil
}

// filePatch takes f's patch again with binary contents, and parses it.
func filePatch(ctx context.Context, r gitrun.Runner, d *Diff, f *File) (string, File, error) {
	if f.Untracked {
		args := append(append([]string{}, diffFlags...), "--binary", "--no-index", "--", "/dev/null", f.NewPath)
		out, err := gitrun.Git(ctx, r, d.Root, args...)
		if err != nil && gitrun.Code(err) != 1 {
			return "", File{}, err
		}
		files := Parse(out)
		if len(files) != 1 {
			return "", File{}, fmt.Errorf("%s %w: nothing was reverted", f.NewPath, ErrChanged)
		}
		return out, files[0], nil
	}
	paths := []string{f.Path()}
	if f.Status == Renamed {
		paths = []string{f.OldPath, f.NewPath}
	}
	args := append(append([]string{}, diffFlags...), "-M", "--no-relative", "--binary", d.Base, "--")
	out, err := gitrun.Git(ctx, r, d.Root, append(args, paths...)...)
	if err != nil {
		return "", File{}, err
	}
	files := Parse(out)
	if len(files) != 1 {
		return "", File{}, fmt.Errorf("%s %w: nothing was reverted", f.Path(), ErrChanged)
	}
	return out, files[0], nil
}

// applyReverse checks that patch applies in reverse to the working tree, then applies
// it, exactly (a user's apply.whitespace=fix must not rewrite the lines put back). The
// index is not touched.
func applyReverse(ctx context.Context, r gitrun.Runner, root, path, patch string) error {
	if _, err := gitrun.GitIn(ctx, r, root, []byte(patch), "apply", "--reverse", "--whitespace=nowarn", "--check", "-"); err != nil {
		if gitrun.Code(err) > 0 {
			return fmt.Errorf("%s: the change %w (%s): nothing was reverted", path, ErrNoLongerApplies, firstLine(gitrun.Stderr(err)))
		}
		return err
	}
	_, err := gitrun.GitIn(ctx, r, root, []byte(patch), "apply", "--reverse", "--whitespace=nowarn", "-")
	return err
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
