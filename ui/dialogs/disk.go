package dialogs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxDiskRead bounds how much of a file a preview reads; a bigger file is not diffed.
const maxDiskRead = 4 << 20

// diskFile is a file as it is on disk before a tool changes it. Constructors read it
// (they run inside a tea.Cmd), so View and Update never touch the disk.
type diskFile struct {
	exists bool
	text   string
	err    error // unreadable, too big or binary: the preview says so
}

// openFile is os.Open; tests point the captures' /home/dev paths at fixtures.
var openFile = os.Open

// readSessionFile reads path on the session's machine, relative paths against its
// working folder.
func readSessionFile(path string, info RequestInfo) diskFile {
	if info.ReadFile == nil {
		return readDiskFile(path, info.CWD)
	}
	if path == "" {
		return diskFile{err: errors.New("no file path")}
	}
	if !strings.HasPrefix(path, "/") && info.CWD != "" {
		path = strings.TrimSuffix(info.CWD, "/") + "/" + path
	}
	b, err := info.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return diskFile{}
	case err != nil:
		return diskFile{exists: true, err: fmt.Errorf("cannot be read on %s: %w", info.Host, err)}
	}
	return fileText(b)
}

// readDiskFile reads path, relative paths against cwd.
func readDiskFile(path, cwd string) diskFile {
	if path == "" {
		return diskFile{err: errors.New("no file path")}
	}
	if !filepath.IsAbs(path) && cwd != "" {
		path = filepath.Join(cwd, path)
	}
	f, err := openFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return diskFile{}
	}
	if err != nil {
		return diskFile{exists: true, err: err}
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.IsDir() {
		return diskFile{exists: true, err: errors.New("it is a directory")}
	}
	b, err := io.ReadAll(io.LimitReader(f, maxDiskRead+1))
	if err != nil {
		return diskFile{exists: true, err: err}
	}
	return fileText(b)
}

// fileText is a file's bytes as a preview takes them.
func fileText(b []byte) diskFile {
	switch {
	case len(b) > maxDiskRead:
		return diskFile{exists: true, err: fmt.Errorf("larger than %d MiB, not diffed", maxDiskRead>>20)}
	case bytes.IndexByte(b, 0) >= 0:
		return diskFile{exists: true, err: errors.New("binary file, not diffed")}
	}
	return diskFile{exists: true, text: string(b)}
}
