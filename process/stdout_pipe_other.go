//go:build !linux

package process

import (
	"io"
	"os"
)

// stdoutPipe is os.Pipe where poll(2) waiting is not implemented (see the Linux version).
func stdoutPipe() (io.ReadCloser, *os.File, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	return r, w, nil
}
