package sessionserver

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/gclaude/gclaude/internal/sessionwire"
)

// record is a session's lines on disk, as the frames an attach replays
// (FrameReplayStdout, FrameReplayStdin), so replaying is copying bytes.
//
// It is bounded: two segments of at most bound/2 each (a segment holds at least one
// frame, so one huge line may pass it). When the current segment is full it becomes
// the previous one and the previous one is deleted: the start of the session is cut,
// and an attach says so (Replay.Cut) after replaying what is pinned (initialize and
// the requests still waiting); the screen takes the cut part from claude's session
// files. A write that fails (disk full) stops recording for good: the lines before it
// stay replayable, the session and its live screens go on, and an attach says
// recording stopped (Replay.Stopped).
type record struct {
	dir, id string
	half    int64
	create  func(path string) (io.WriteCloser, error)

	cur       io.WriteCloser
	curSize   int64 // whole frames written to cur
	curStart  int64 // the record offset of cur's first byte
	hasPrev   bool
	prevStart int64
	prevSize  int64
	cut       bool

	buf     []byte // frames not written yet
	stopped error
}

// defaultBound is a session's record size on disk: a 100 KB answer streams about
// 3 MB of lines, so this keeps the last twenty or so such turns.
const defaultBound = 64 << 20

func createFile(path string) (io.WriteCloser, error) {
	return os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC|os.O_EXCL, 0o600)
}

// newRecord starts an empty record. Failing to create it is not fatal: the record is
// stopped from the start.
func newRecord(dir, id string, bound int64, create func(string) (io.WriteCloser, error)) *record {
	if create == nil {
		create = createFile
	}
	r := &record{dir: dir, id: id, half: max(bound/2, 1), create: create}
	if f, err := create(r.path(false)); err != nil {
		r.stopped = err
	} else {
		r.cur = f
	}
	return r
}

func (r *record) path(prev bool) string {
	if prev {
		return filepath.Join(r.dir, r.id+".prev.rec")
	}
	return filepath.Join(r.dir, r.id+".rec")
}

// end is the record offset the next frame gets.
func (r *record) end() int64 { return r.curStart + r.curSize + int64(len(r.buf)) }

// append queues one frame and returns its offset. A frame that would take the current
// segment past its size starts the next one. The error is flush's.
func (r *record) append(typ byte, line []byte) (int64, error) {
	if r.stopped != nil {
		return r.end(), nil
	}
	if used := r.curSize + int64(len(r.buf)); used > 0 && used+int64(sessionwire.HeaderSize+len(line)) > r.half {
		if err := r.flush(); err != nil {
			return r.end(), err
		}
		if err := r.rotate(); err != nil {
			return r.end(), r.stop(err)
		}
	}
	at := r.end()
	r.buf = sessionwire.AppendFrame(r.buf, typ, line)
	return at, nil
}

// pending is how much is queued and not written yet.
func (r *record) pending() int { return len(r.buf) }

// flush writes what is queued. It returns the error that stopped recording, once.
func (r *record) flush() error {
	if r.stopped != nil || len(r.buf) == 0 {
		r.buf = r.buf[:0]
		return nil
	}
	n, err := r.cur.Write(r.buf)
	if err != nil {
		// Part of a frame may be on disk; curSize stops before it, so no replay reads it.
		return r.stop(err)
	}
	r.curSize += int64(n)
	r.buf = r.buf[:0]
	return nil
}

func (r *record) stop(err error) error {
	r.stopped = err
	r.buf = nil
	if r.cur != nil {
		_ = r.cur.Close()
		r.cur = nil
	}
	return err
}

// rotate makes the current segment the previous one, dropping the one before.
func (r *record) rotate() error {
	if err := r.cur.Close(); err != nil {
		return err
	}
	r.cur = nil
	if r.hasPrev {
		if err := os.Remove(r.path(true)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		r.cut = true
	}
	if err := os.Rename(r.path(false), r.path(true)); err != nil {
		return err
	}
	r.hasPrev, r.prevStart, r.prevSize = true, r.curStart, r.curSize
	r.curStart += r.curSize
	r.curSize = 0
	f, err := r.create(r.path(false))
	if err != nil {
		return err
	}
	r.cur = f
	return nil
}

// replaySource is what an attach replays from disk: open segments and how much of
// each, covering the record offsets [start, end).
type replaySource struct {
	files      []*os.File
	sizes      []int64
	start, end int64
	// skipDeltasBefore: FrameReplayDelta frames before this offset are left out.
	skipDeltasBefore int64
}

// snapshot opens the segments as they are now (flush first). Later writes, rotations
// and removal do not change what it reads.
func (r *record) snapshot() (replaySource, error) {
	src := replaySource{start: r.curStart, end: r.curStart + r.curSize}
	if r.hasPrev {
		src.start = r.prevStart
	}
	open := func(prev bool, size int64) error {
		if size == 0 {
			return nil
		}
		f, err := os.Open(r.path(prev))
		if err != nil {
			return err
		}
		src.files, src.sizes = append(src.files, f), append(src.sizes, size)
		return nil
	}
	if r.hasPrev {
		if err := open(true, r.prevSize); err != nil {
			return replaySource{}, fmt.Errorf("opening the record: %w", err)
		}
	}
	if err := open(false, r.curSize); err != nil {
		src.close()
		return replaySource{}, fmt.Errorf("opening the record: %w", err)
	}
	return src, nil
}

// copyTo writes the segments' frames to w, less the stream deltas of ended turns, and
// returns how many deltas it left out.
func (src replaySource) copyTo(w io.Writer) (int, error) {
	bw := bufio.NewWriterSize(w, 256<<10)
	left := 0
	at := src.start
	for i, f := range src.files {
		br := bufio.NewReaderSize(io.NewSectionReader(f, 0, src.sizes[i]), 256<<10)
		for {
			head, err := br.Peek(sessionwire.HeaderSize)
			if err == io.EOF {
				break
			}
			if err != nil {
				return left, err
			}
			n := int64(sessionwire.HeaderSize) + int64(binary.BigEndian.Uint32(head[1:]))
			if head[0] == sessionwire.FrameReplayDelta && at < src.skipDeltasBefore {
				_, err = br.Discard(int(n))
				left++
			} else {
				_, err = io.CopyN(bw, br, n)
			}
			if err != nil {
				return left, err
			}
			at += n
		}
	}
	return left, bw.Flush()
}

func (src replaySource) close() {
	for _, f := range src.files {
		_ = f.Close()
	}
}

// remove deletes the record's files.
func (r *record) remove() {
	if r.cur != nil {
		_ = r.cur.Close()
		r.cur = nil
	}
	r.stopped = errRemoved
	_ = os.Remove(r.path(false))
	_ = os.Remove(r.path(true))
}

var errRemoved = errors.New("the session ended")
