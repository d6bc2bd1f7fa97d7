package process

import (
	"bufio"
	"errors"
	"strings"
	"testing"
)

// A CLI that writes stdout without ever ending the line is stopped once the line
// passes the cap, and Exited says so, naming the cap. Before, gclaude read on (and
// grew) for as long as the CLI wrote.
func TestLineOverTheCapStopsTheCLI(t *testing.T) {
	h := startFake(t, "flood")
	ev := h.exited()
	var tooLong *LineTooLongError
	if !errors.As(ev.Stopped, &tooLong) || tooLong.Max != MaxLineBytes {
		t.Fatalf("Exited.Stopped = %v, want a *LineTooLongError for %d bytes", ev.Stopped, MaxLineBytes)
	}
	if !strings.Contains(ev.Err.Error(), "64 MiB") {
		t.Errorf("Exited.Err = %q, want it to name the 64 MiB cap", ev.Err)
	}
}

// readLine takes lines up to the cap whole, however the buffer splits them.
func TestReadLineCap(t *testing.T) {
	input := "short\n" + strings.Repeat("y", 100) + "\n" + strings.Repeat("z", 101) + "\n"
	br := bufio.NewReaderSize(strings.NewReader(input), 16)
	for _, want := range []string{"short\n", strings.Repeat("y", 100) + "\n"} {
		got, err := readLine(br, 101)
		if err != nil || string(got) != want {
			t.Fatalf("readLine = %q, %v; want %q", got, err, want)
		}
	}
	if _, err := readLine(br, 101); !errors.As(err, new(*LineTooLongError)) {
		t.Errorf("a 102-byte line under a 101-byte cap: err = %v", err)
	}
}
