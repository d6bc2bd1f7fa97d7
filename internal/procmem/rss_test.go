package procmem

import (
	"os"
	"runtime"
	"testing"
)

func TestRSSOfThisProcess(t *testing.T) {
	n, err := RSS(os.Getpid())
	if runtime.GOOS != "linux" {
		if err != ErrUnsupported {
			t.Fatalf("err = %v, want ErrUnsupported", err)
		}
		return
	}
	if err != nil || n < 1<<20 || n > 1<<34 {
		t.Fatalf("RSS = %d, %v: want a few MB", n, err)
	}
	if _, err := RSS(1 << 30); err == nil {
		t.Fatal("a pid that does not exist has an RSS")
	}
}
