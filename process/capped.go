package process

import (
	"bytes"
	"errors"
	"fmt"
)

// errCapped stops a copy into a cappedBuffer that is full: exec closes the pipe, and
// the writer on the other end gets EPIPE.
var errCapped = errors.New("output capped")

// cappedBuffer keeps at most max bytes. Past that, it refuses more (over is set), or,
// when quiet, takes and drops the rest so that the writer runs on. (The buffer is not
// embedded: io.Copy would use its ReadFrom, which has no cap.)
type cappedBuffer struct {
	buf   bytes.Buffer
	max   int
	quiet bool
	over  bool
}

func (b *cappedBuffer) Bytes() []byte  { return b.buf.Bytes() }
func (b *cappedBuffer) String() string { return b.buf.String() }

func (b *cappedBuffer) Write(p []byte) (int, error) {
	room := b.max - b.buf.Len()
	if len(p) <= room {
		return b.buf.Write(p)
	}
	b.over = true
	b.buf.Write(p[:max(room, 0)])
	if b.quiet {
		return len(p), nil
	}
	return max(room, 0), errCapped
}

// sizeWords says a byte count the way errors do: "64 MiB", "4 KiB", "100 bytes".
func sizeWords(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
