package process

import (
	"bufio"
	"io"
	"strings"
	"sync"
)

// maxStderrLine caps one kept stderr line; the rest of a longer line is skipped.
const maxStderrLine = 4096

// tail keeps the last n lines of stderr.
type tail struct {
	mu    sync.Mutex
	lines []string
	next  int // index of the oldest line once full
	n     int

	// onLine, if set, sees every line as it is read (Options.Trace) and says whether
	// to keep it. Set before readLines starts.
	onLine func(line string) (keep bool)
}

func newTail(n int) *tail { return &tail{n: n} }

func (t *tail) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.lines) < t.n {
		t.lines = append(t.lines, line)
		return
	}
	t.lines[t.next] = line
	t.next = (t.next + 1) % t.n
}

// snapshot returns the kept lines, oldest first.
func (t *tail) snapshot() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]string, 0, len(t.lines))
	out = append(out, t.lines[t.next:]...)
	return append(out, t.lines[:t.next]...)
}

// readLines feeds r's lines into t until r ends. Memory stays bounded however long a
// line is.
func (t *tail) readLines(r io.Reader) {
	br := bufio.NewReaderSize(r, maxStderrLine)
	var line []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if len(chunk) > 0 && len(line) < maxStderrLine {
			room := maxStderrLine - len(line)
			line = append(line, chunk[:min(room, len(chunk))]...)
		}
		if err != nil {
			if len(line) > 0 {
				t.took(line)
			}
			return
		}
		if !isPrefix {
			t.took(line)
			line = line[:0]
		}
	}
}

// took shows one complete line to onLine and keeps it unless told not to.
func (t *tail) took(line []byte) {
	s := strings.TrimRight(string(line), "\r")
	if t.onLine != nil && !t.onLine(s) {
		return
	}
	t.add(s)
}
