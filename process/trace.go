package process

import "bytes"

// Direction says which stream a traced line travelled on.
type Direction int

const (
	DirStdin  Direction = iota // host → CLI: a line written to the CLI's stdin
	DirStdout                  // CLI → host: a line read from stdout
	DirStderr                  // a line the CLI wrote to stderr
)

func (d Direction) String() string {
	switch d {
	case DirStdin:
		return "stdin"
	case DirStdout:
		return "stdout"
	case DirStderr:
		return "stderr"
	}
	return "unknown"
}

// TraceFunc sees every raw line that passes the session, without its line ending. It
// runs on the session's reader and writer goroutines, so it must return quickly (write
// to a buffer, not to a slow device), and line is only valid during the call: copy it to
// keep it. Calls from different streams may run at the same time.
type TraceFunc func(dir Direction, line []byte)

// trace calls the Options' Trace, if any, with line's line ending removed.
func (s *CLI) trace(dir Direction, line []byte) {
	if s.opts.Trace != nil {
		s.opts.Trace(dir, bytes.TrimRight(line, "\r\n"))
	}
}
