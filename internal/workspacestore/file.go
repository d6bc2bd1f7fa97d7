package workspacestore

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/gclaude/gclaude/internal/safewrite"
)

// CorruptError is a workspace file that does not decode. It was moved aside to KeptAs
// so that the next Save does not overwrite what could still be recovered by hand.
type CorruptError struct {
	Path, KeptAs string
	Err          error
}

func (e *CorruptError) Error() string {
	kept := "it could not be moved aside"
	if e.KeptAs != "" {
		kept = "it was kept as " + e.KeptAs
	}
	return fmt.Sprintf("workspace file %s is damaged (%v); %s", e.Path, e.Err, kept)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// ErrNewer is a workspace file written by a newer gclaude: it is left as it is.
var ErrNewer = errors.New("was written by a newer gclaude")

// Load reads a workspace file. A missing file is an empty workspace. A file that does
// not decode is a *CorruptError, and is moved aside to path+".bad" (or ".bad.2", …: an
// earlier one is never replaced).
func Load(path string) (Workspace, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Workspace{}, nil
	}
	if err != nil {
		return Workspace{}, err
	}
	var w Workspace
	if err := json.Unmarshal(data, &w); err != nil {
		return Workspace{}, &CorruptError{Path: path, KeptAs: keepAside(path), Err: err}
	}
	if w.Version > Version {
		return Workspace{}, fmt.Errorf("workspace file %s %w (format %d; this one reads %d)", path, ErrNewer, w.Version, Version)
	}
	return w, nil
}

// keepAside renames the file to the first free name of path.bad, path.bad.2, … and
// returns it, or "" when it could not.
func keepAside(path string) string {
	for n := 1; n < 100; n++ {
		aside := path + ".bad"
		if n > 1 {
			aside += "." + strconv.Itoa(n)
		}
		// A hard link never replaces anything; then the original name goes.
		err := os.Link(path, aside)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil { // no hard links on this file system: check, then rename
			if _, lerr := os.Lstat(aside); lerr == nil {
				continue
			}
			if os.Rename(path, aside) != nil {
				return ""
			}
			return aside
		}
		_ = os.Remove(path)
		return aside
	}
	return ""
}

// Save writes the workspace atomically: a temporary file in the same folder, synced,
// renamed over the old one, and the folder synced, so that a crash leaves the old file
// or the new one, never half of one. The file is the owner's only (mode 0600): it names
// folders and sessions. A workspace without sessions removes the file.
func Save(path string, w Workspace) error {
	dir := filepath.Dir(path)
	if len(w.Sessions) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return syncDir(dir)
	}
	if w.Version == 0 {
		w.Version = Version
	}
	data, err := json.MarshalIndent(w, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if err := safewrite.Replace(path, append(data, '\n'), 0o600); err != nil {
		return err
	}
	return syncDir(dir)
}

// syncDir makes a rename or removal in dir durable. A folder that is not there has
// nothing to sync.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
