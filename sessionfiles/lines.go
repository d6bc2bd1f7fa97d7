package sessionfiles

import (
	"bufio"
	"errors"
	"io"
)

// eachLine calls fn with every non-empty line of r, numbered from 1, without its
// newline, however long it is. last is true for a final line that has no newline:
// the CLI ends every entry with one, so such a line may be cut short. The slice is
// only valid during the call.
func eachLine(r io.Reader, fn func(n int, line []byte, last bool) error) error {
	br := bufio.NewReaderSize(r, 256<<10)
	var long []byte // a line longer than the buffer, assembled here
	assembling := false
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long, chunk...)
			assembling = true
			continue
		}
		line := chunk
		if assembling {
			long = append(long, chunk...)
			line = long
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		complete := len(line) > 0 && line[len(line)-1] == '\n'
		if complete {
			line = line[:len(line)-1]
			if len(line) > 0 && line[len(line)-1] == '\r' {
				line = line[:len(line)-1]
			}
		}
		n++
		if len(line) > 0 {
			if ferr := fn(n, line, !complete); ferr != nil {
				return ferr
			}
		}
		long, assembling = long[:0], false
		if err != nil { // io.EOF
			return nil
		}
	}
}
