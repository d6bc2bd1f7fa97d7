package process

import (
	"strings"
	"testing"
	"time"
)

// chunkReader returns its chunks one per Read.
type chunkReader struct{ chunks []string }

func (c *chunkReader) Read(b []byte) (int, error) {
	if len(c.chunks) == 0 {
		return 0, nil
	}
	n := copy(b, c.chunks[0])
	c.chunks = c.chunks[1:]
	return n, nil
}

func TestPacedReaderWaitsOnlyWhileAStreamTrickles(t *testing.T) {
	clock := time.Unix(0, 0)
	var slept []time.Duration
	p := &pacedReader{
		pace:  readPace,
		r:     &chunkReader{chunks: []string{"a\n", strings.Repeat("x", 8), "b\n", strings.Repeat("y", paceBelow), "c\n", "d\n"}},
		now:   func() time.Time { return clock },
		sleep: func(d time.Duration) { slept = append(slept, d); clock = clock.Add(d) },
	}
	buf := make([]byte, 8)
	read := func() { _, _ = p.Read(buf) }
	big := make([]byte, 2*paceBelow)

	read() // the first read: at once
	if len(slept) != 0 {
		t.Fatalf("the first read waited %v", slept)
	}
	clock = clock.Add(500 * time.Microsecond)
	read() // "a\n" was short and recent: wait out the rest of the pace
	if len(slept) != 1 || slept[0] != readPace-500*time.Microsecond {
		t.Fatalf("after a short read 0.5 ms ago: slept %v, want %v", slept, readPace-500*time.Microsecond)
	}
	read() // the previous read filled the buffer: more is waiting, read at once
	if len(slept) != 1 {
		t.Fatalf("after a full read: slept %v", slept)
	}
	clock = clock.Add(time.Second)
	_, _ = p.Read(big) // "b\n" was short but a second ago: at once; a pipe-full of a long line
	_, _ = p.Read(big) // at once: the line goes on ("c\n")
	if len(slept) != 1 {
		t.Fatalf("after a quiet second and %d bytes of a long line: slept %v", paceBelow, slept)
	}
	_, _ = p.Read(big) // "c\n" was short and just now: wait the whole pace
	if len(slept) != 2 || slept[1] != readPace {
		t.Fatalf("after a short read just now: slept %v, want a second %v", slept, readPace)
	}
}
