package process

import (
	"io"
	"os"
)

// pipes are made by hand rather than with cmd.StdoutPipe, whose read end Wait closes
// as soon as the process exits, possibly before the last lines were read.
type pipes struct {
	stdinR, stdinW   *os.File
	stdoutR          io.ReadCloser // see stdoutPipe
	stdoutW          *os.File
	stderrR, stderrW *os.File
}

func newPipes() (*pipes, error) {
	var p pipes
	var err error
	if p.stdinR, p.stdinW, err = os.Pipe(); err != nil {
		return nil, err
	}
	if p.stdoutR, p.stdoutW, err = stdoutPipe(); err != nil {
		p.closeAll()
		return nil, err
	}
	if p.stderrR, p.stderrW, err = os.Pipe(); err != nil {
		p.closeAll()
		return nil, err
	}
	return &p, nil
}

func (p *pipes) closeChildEnds() {
	for _, f := range []*os.File{p.stdinR, p.stdoutW, p.stderrW} {
		_ = f.Close()
	}
}

func (p *pipes) closeAll() {
	for _, f := range []*os.File{p.stdinR, p.stdinW, p.stdoutW, p.stderrR, p.stderrW} {
		if f != nil {
			_ = f.Close()
		}
	}
	if p.stdoutR != nil {
		_ = p.stdoutR.Close()
	}
}
