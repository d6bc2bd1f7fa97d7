package cmd

import (
	"io"

	"github.com/gclaude/gclaude/render"
)

// sanitizingWriter passes everything doctor prints through render.Sanitize, the layer
// the transcript uses: what a claude or a host says (a version line, auth status's
// stderr, an account's name, ssh's errors) is shown, never obeyed. A hostile host's
// claude could otherwise set the terminal's title or write the clipboard (OSC 0, OSC
// 52) through doctor's output. Doctor writes whole lines with fmt, so a write never
// splits a character or an escape.
type sanitizingWriter struct{ w io.Writer }

func (s sanitizingWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(s.w, render.Sanitize(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}
