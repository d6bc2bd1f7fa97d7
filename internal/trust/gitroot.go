package trust

import (
	"context"
	"path"
	"strings"
)

// How CLI 2.1.332 finds a folder's repository (findGitRoot and resolveCanonicalRoot):
// the nearest folder, from dir up to /, that holds a .git folder or file (a symbolic
// link counts when it leads to one). For a linked worktree (.git is a file
// "gitdir: <main>/.git/worktrees/<name>" whose commondir leads back to the main .git
// and whose gitdir file names this checkout's .git), the canonical root is the main
// checkout; otherwise it is the root itself. Trust is recorded under the canonical
// root, so every worktree of a repository shares its main checkout's answer.

// ancestors are dir and every folder above it, nearest first, / last.
func ancestors(dir string) []string {
	var out []string
	for d := path.Clean(dir); ; d = path.Dir(d) {
		out = append(out, d)
		if d == "/" || d == "." {
			return out
		}
	}
}

// gitRootFrom is the nearest of dirs whose .git entry (gits[i]) is a folder or a file.
func gitRootFrom(dirs []string, gits []Entry) string {
	for i, d := range dirs {
		if k := gits[i].Kind; k == Dir || k == File {
			return d
		}
	}
	return ""
}

// canonicalRoot is the main checkout of the repository whose root is root, or root
// when it is not a linked worktree (or anything about it does not add up).
func canonicalRoot(ctx context.Context, fsys FS, root string) string {
	dotGit := path.Join(root, ".git")
	got, err := fsys.Probe(ctx, []string{dotGit}, 64<<10)
	if err != nil || !got[0].Read() {
		return root // a .git folder: a main checkout
	}
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(string(got[0].Data)), "gitdir:")
	if !ok {
		return root
	}
	admin := resolveFrom(root, strings.TrimSpace(gitdir))
	files, err := fsys.Probe(ctx, []string{path.Join(admin, "commondir"), path.Join(admin, "gitdir")}, 64<<10)
	if err != nil || !files[0].Read() || !files[1].Read() {
		return root
	}
	common := resolveFrom(admin, strings.TrimSpace(string(files[0].Data)))
	if path.Dir(admin) != path.Join(common, "worktrees") {
		return root
	}
	back := resolveFrom(admin, strings.TrimSpace(string(files[1].Data)))
	if path.Base(back) != ".git" {
		return root
	}
	if real, err := fsys.Resolve(ctx, path.Dir(back)); err != nil || real != root {
		return root // the worktree's gitdir names another checkout
	}
	if path.Base(common) != ".git" {
		// A bare repository: its folder is the root, unless it holds a .git of its own.
		if in, err := fsys.Probe(ctx, []string{path.Join(common, ".git")}, 0); err == nil && (in[0].Kind == Dir || in[0].Kind == File) {
			return root
		}
		return common
	}
	return path.Dir(common)
}

// resolveFrom is p resolved against base, as path.resolve does.
func resolveFrom(base, p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join(base, p)
}
