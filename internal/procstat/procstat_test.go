package procstat

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestRSSOfOwnProcess(t *testing.T) {
	n, err := RSS(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// A Go test binary holds at least a megabyte and, here, far less than a terabyte.
	if n < 1<<20 || n > 1<<40 || n%1024 != 0 {
		t.Fatalf("RSS = %d bytes", n)
	}
}

func TestRSSOfGoneProcess(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	// Reaped by Run: the id is free (reused only after the kernel wraps around).
	if _, err := RSS(cmd.Process.Pid); !errors.Is(err, ErrGone) {
		t.Fatalf("RSS of a gone process = %v, want ErrGone", err)
	}
	if _, err := RSS(0); !errors.Is(err, ErrGone) {
		t.Fatalf("RSS(0) = %v, want ErrGone", err)
	}
}

func TestParseVmRSS(t *testing.T) {
	status := "Name:\tclaude\nVmPeak:\t  900000 kB\nVmRSS:\t  123456 kB\nRssAnon:\t 100 kB\n"
	if n, err := parseVmRSS(strings.NewReader(status)); err != nil || n != 123456*1024 {
		t.Fatalf("parseVmRSS = %d, %v", n, err)
	}
	for _, bad := range []string{"Name:\tzombie\nState:\tZ (zombie)\n", "VmRSS:\t12 MB\n", "VmRSS:\tmany kB\n", "VmRSS:\t-5 kB\n"} {
		if _, err := parseVmRSS(strings.NewReader(bad)); err == nil {
			t.Errorf("parseVmRSS(%q) did not fail", bad)
		}
	}
}
