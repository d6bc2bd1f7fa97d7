package dialogs

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gclaude/gclaude/internal/filehead"
)

// maxDiskRead bounds how much of a file a preview reads; a bigger file is not diffed.
const maxDiskRead = 4 << 20

// diskFile is a file as it is on disk before a tool changes it. Constructors read it
// (they run inside a tea.Cmd), so View and Update never touch the disk.
type diskFile struct {
	exists bool
	text   string
	size   int64 // its size in bytes, when known
	err    error // unreadable, too big, binary or not a file at all: the preview says so
}

// readLocalHead reads a file's head on this machine (internal/filehead: only a regular
// file is opened, and only maxDiskRead of it is read); tests point the captures'
// /home/dev paths at fixtures.
var readLocalHead = filehead.Read

// readSessionFile reads path on the session's machine, relative paths against its
// working folder: what it is first, then at most maxDiskRead bytes of a regular file.
func readSessionFile(path string, info RequestInfo) diskFile {
	if path == "" {
		return diskFile{err: errors.New("no file path")}
	}
	read, where := readLocalHead, ""
	if info.ReadHead != nil {
		read, where = info.ReadHead, " on "+info.Host
		if !strings.HasPrefix(path, "/") && info.CWD != "" {
			path = strings.TrimSuffix(info.CWD, "/") + "/" + path
		}
	} else if !filepath.IsAbs(path) && info.CWD != "" {
		path = filepath.Join(info.CWD, path)
	}
	h, err := read(path, maxDiskRead)
	if err != nil {
		if where != "" {
			return diskFile{exists: true, err: fmt.Errorf("cannot be read%s: %w", where, err)}
		}
		return diskFile{exists: true, err: err}
	}
	return fromHead(h, where)
}

// fromHead is a file's head as a preview takes it.
func fromHead(h filehead.Head, where string) diskFile {
	switch {
	case h.Kind == filehead.Missing:
		return diskFile{}
	case h.Kind != filehead.Regular:
		return diskFile{exists: true, err: fmt.Errorf("it is %s%s, not previewed", h.Kind, where)}
	case h.TooLarge(maxDiskRead):
		return diskFile{exists: true, size: h.Size, err: fmt.Errorf("it is %s, larger than %d MiB: not diffed", humanBytes64(h.Size), maxDiskRead>>20)}
	case bytes.IndexByte(h.Data, 0) >= 0:
		return diskFile{exists: true, size: h.Size, err: errors.New("binary file, not diffed")}
	}
	return diskFile{exists: true, size: h.Size, text: string(h.Data)}
}
