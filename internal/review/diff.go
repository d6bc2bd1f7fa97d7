// Package review reads what a session changed, as a reviewer sees it: the changed
// files of a worktree against the commit it was made from (its own commits included)
// or of any other folder against HEAD, each parsed into hunks; the changes within a
// line; reverting one hunk or one file exactly; the prompt that sends review notes to
// the session; and which of the session's tool calls made each hunk. It has no screen;
// git runs through a gitrun.Runner, so a remote session's runs on its host.
package review

// Status is what happened to a file.
type Status int

const (
	// Modified: the file's content or mode changed.
	Modified Status = iota
	// Added: a new file (untracked ones included).
	Added
	// Deleted: the file is gone.
	Deleted
	// Renamed: the file moved, perhaps with changes.
	Renamed
)

// zeroBlob is git's name for "no file" in an index line.
const zeroBlob = "0000000000000000000000000000000000000000"

// File is one changed file.
type File struct {
	OldPath, NewPath string // relative to the repository's root; both set, equal unless renamed
	Status           Status
	OldMode, NewMode string // "100644"; equal unless the mode changed
	Similarity       int    // a rename's similarity index, in percent
	// OldBlob and NewBlob are the full hashes git diffed (zeroBlob for "no file"): what
	// a revert checks the file against before touching it.
	OldBlob, NewBlob string
	Binary           bool
	Untracked        bool // a new file git does not track yet
	Hunks            []Hunk
	Added, Removed   int // lines
}

// Path is the file's path now (its old one when it was deleted).
func (f *File) Path() string {
	if f.Status == Deleted {
		return f.OldPath
	}
	return f.NewPath
}

// ModeChanged reports a changed file mode on a file that stayed (not added or deleted).
func (f *File) ModeChanged() bool {
	return f.Status != Added && f.Status != Deleted && f.OldMode != "" && f.NewMode != "" && f.OldMode != f.NewMode
}

// Lines is how many diff lines the file's hunks hold.
func (f *File) Lines() int {
	n := 0
	for _, h := range f.Hunks {
		n += len(h.Lines)
	}
	return n
}

// Hunk is one hunk: Lines start with ' ' (context), '-' (removed), '+' (added) or '\'
// ("\ No newline at end of file"), exactly as git wrote them (bytes, not sanitised).
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Section            string // the text after the second @@ (the enclosing function)
	Lines              []string
}

// Diff is what a session changed.
type Diff struct {
	Root  string // the repository's top folder; every path is relative to it
	Base  string // the commit compared with (full hash)
	Files []File
}

// Summary counts a diff, for the session list.
type Summary struct {
	Files, Added, Removed int
}

// Summary is the diff's counts.
func (d *Diff) Summary() Summary {
	s := Summary{Files: len(d.Files)}
	for i := range d.Files {
		s.Added += d.Files[i].Added
		s.Removed += d.Files[i].Removed
	}
	return s
}
