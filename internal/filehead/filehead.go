// Package filehead reads the start of a file for a preview, and never more: what the
// file is comes first (lstat and stat), only a regular file is opened, and at most a
// bound is read. A FIFO would block the reader forever, a device may never end
// (/dev/zero) or act on being opened, and a file of gigabytes would be read whole:
// none of them may stall a permission dialog or grow gclaude's memory. The same rule
// holds on another machine, through Script (run there by sh) and ParseScript.
package filehead

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Kind is what is at a path.
type Kind int

const (
	Missing Kind = iota // nothing there (a dangling symbolic link counts: writing creates its target)
	Regular
	Directory
	FIFO
	CharDevice
	BlockDevice
	Socket
	Other
)

// String names a kind as a preview says it: "a FIFO (named pipe)".
func (k Kind) String() string {
	switch k {
	case Missing:
		return "nothing"
	case Regular:
		return "a file"
	case Directory:
		return "a directory"
	case FIFO:
		return "a FIFO (named pipe)"
	case CharDevice:
		return "a character device"
	case BlockDevice:
		return "a block device"
	case Socket:
		return "a socket"
	}
	return "not a regular file"
}

// Head is what a preview knows of a file.
type Head struct {
	Kind Kind
	// Size is a regular file's size in bytes: as stat says, or as much as was found
	// when reading went past it (a file growing under the preview).
	Size int64
	// Data is the whole content of a regular file no larger than the limit; nil for
	// anything else, which was not read.
	Data []byte
}

// TooLarge says the file is bigger than limit and was not read.
func (h Head) TooLarge(limit int) bool { return h.Kind == Regular && h.Size > int64(limit) }

// file is an opened file as Read uses it.
type file interface {
	io.ReadCloser
	Stat() (fs.FileInfo, error)
}

// openFile opens a regular file for reading: never following a symbolic link (the
// path is already resolved), never waiting (a FIFO swapped in meanwhile opens at
// once and is then refused), never becoming a controlling terminal. Tests count what
// is read through it.
var openFile = func(path string) (file, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Read tells what is at path on this machine and, for a regular file of at most
// limit bytes, its content. A symbolic link is followed as a tool writing to the
// path would follow it. Only a regular file is opened, and only when it is still the
// file that was looked at.
func Read(path string, limit int) (Head, error) {
	resolved, err := filepath.EvalSymlinks(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Head{Kind: Missing}, nil
	}
	if err != nil {
		return Head{}, err
	}
	info, err := os.Lstat(resolved)
	if errors.Is(err, fs.ErrNotExist) {
		return Head{Kind: Missing}, nil
	}
	if err != nil {
		return Head{}, err
	}
	h := Head{Kind: kindOf(info.Mode()), Size: info.Size()}
	if h.Kind != Regular || h.TooLarge(limit) {
		return h, nil
	}
	f, err := openFile(resolved)
	if err != nil {
		return Head{}, err
	}
	defer f.Close()
	opened, err := f.Stat()
	if err != nil {
		return Head{}, err
	}
	if !os.SameFile(info, opened) || !opened.Mode().IsRegular() {
		return Head{}, fmt.Errorf("%s changed while it was being read", path)
	}
	h.Size = opened.Size()
	if h.TooLarge(limit) {
		return h, nil
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return Head{}, err
	}
	return withData(h, data, limit), nil
}

// withData completes a regular file's head with what was read: past the limit, the
// file grew and its content is dropped.
func withData(h Head, data []byte, limit int) Head {
	if len(data) > limit {
		h.Size = max(h.Size, int64(len(data)))
		return h
	}
	if data == nil {
		data = []byte{}
	}
	h.Data, h.Size = data, int64(len(data))
	return h
}

func kindOf(m fs.FileMode) Kind {
	switch {
	case m.IsRegular():
		return Regular
	case m.IsDir():
		return Directory
	case m&fs.ModeNamedPipe != 0:
		return FIFO
	case m&fs.ModeCharDevice != 0:
		return CharDevice
	case m&fs.ModeDevice != 0:
		return BlockDevice
	case m&fs.ModeSocket != 0:
		return Socket
	}
	return Other
}

// ReadSmall reads a whole file of at most limit bytes, as os.ReadFile would, but
// never opens what is not a regular file and never reads past the bound: a cloned
// repository's settings or memory file may be a FIFO, a link to /dev/zero or huge.
// A missing file is an error that satisfies errors.Is(err, fs.ErrNotExist).
func ReadSmall(path string, limit int) ([]byte, error) {
	h, err := Read(path, limit)
	switch {
	case err != nil:
		return nil, err
	case h.Kind == Missing:
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	case h.Kind != Regular:
		return nil, fmt.Errorf("%s is %s, not a file", path, h.Kind)
	case h.Data == nil:
		return nil, fmt.Errorf("%s is larger than %d bytes: not read", path, limit)
	}
	return h.Data, nil
}
