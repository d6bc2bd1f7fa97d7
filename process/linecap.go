package process

import (
	"bufio"
	"errors"
	"fmt"
)

// MaxLineBytes caps one line of the CLI's stdout. Real lines reach a few MiB (a Write
// of a large file is one line, its content JSON-escaped; the model's output limit keeps
// it far below this), so 64 MiB is over ten times the largest line seen while bounding
// what a broken or hostile CLI can make gclaude hold: the line, then its decoded copy,
// stay well under a gigabyte. A CLI that crosses it is stopped: what follows the line
// cannot be trusted to be in step.
const MaxLineBytes = 64 << 20

// LineTooLongError is why a session was stopped when a stdout line passed the cap.
type LineTooLongError struct{ Max int }

func (e *LineTooLongError) Error() string {
	return fmt.Sprintf("claude wrote a stdout line longer than %d MiB, the most gclaude reads as one message; gclaude stopped it", e.Max>>20)
}

// readLine returns the next line, newline included, or an error: the reader's, or a
// *LineTooLongError once the line passes max bytes (the rest is not read). The line is
// only valid until the next read: a line that fits the reader's buffer is returned in
// place, as a stream delta line is thousands of times a turn (decoding copies what it
// keeps, and TraceFunc's line is only valid during the call).
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > max {
			return nil, &LineTooLongError{Max: max}
		}
		if err == nil && line == nil {
			return chunk, nil // the common case: one chunk
		}
		line = append(line, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
}
