package process

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/gclaude/gclaude/internal/filehead"
)

// localSSH is an ssh that runs the remote command line on this machine with sh, as
// the host's login shell would: what crosses "the connection" is what it prints.
func localSSH(t *testing.T) *SSHHost {
	t.Helper()
	fakeSSH(t, `for last; do :; done; exec sh -c "$last"`)
	h, err := NewSSHHost("box", SSHSettings{ControlDir: privateTempDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// A preview's read on a host sends at most the bound: a FIFO and a device are named
// without being opened, a 1 GB file is only sized. (Before, `cat` sent the whole file,
// and blocked on a FIFO or never ended on /dev/zero.)
func TestReadHeadOnAHostReadsAtMostTheBound(t *testing.T) {
	h := localSSH(t)
	ctx := context.Background()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	small := filepath.Join(dir, "it's a $file")
	if err := os.WriteFile(small, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]filehead.Kind{fifo: filehead.FIFO, "/dev/zero": filehead.CharDevice, dir: filehead.Directory, filepath.Join(dir, "nope"): filehead.Missing} {
		got, err := h.ReadHead(ctx, path, 4<<20)
		if err != nil || got.Kind != want || got.Data != nil {
			t.Errorf("ReadHead(%s) = %v (%d bytes), %v; want %v", path, got.Kind, len(got.Data), err, want)
		}
	}
	got, err := h.ReadHead(ctx, big, 4<<20)
	if err != nil || got.Kind != filehead.Regular || got.Size != 1<<30 || got.Data != nil {
		t.Errorf("ReadHead(1 GB) = %v size %d (%d bytes), %v; want its size only", got.Kind, got.Size, len(got.Data), err)
	}
	got, err = h.ReadHead(ctx, small, 4<<20)
	if err != nil || string(got.Data) != "hello\n" {
		t.Errorf("ReadHead(%q) = %q, %v", small, got.Data, err)
	}
}

// A host that writes without end is stopped at the bound, with an error, rather than
// read into memory whole.
func TestRunStopsAHostThatWritesWithoutEnd(t *testing.T) {
	h := localSSH(t)
	out, err := h.run(context.Background(), 1<<20, RemoteCommand{Argv: []string{"head", "-c", "100000000", "/dev/zero"}})
	if err == nil || !strings.Contains(err.Error(), "wrote more than 1 MiB") || len(out) != 0 {
		t.Fatalf("run = %d bytes, %v; want it stopped past 1 MiB", len(out), err)
	}
	// A host answering a preview's read with more than it asked for is stopped too.
	fakeSSH(t, "head -c 100000000 /dev/zero")
	if got, err := h.ReadHead(context.Background(), "/x", 1000); err == nil {
		t.Fatalf("ReadHead of an endless answer = %v (%d bytes), want an error", got.Kind, len(got.Data))
	}
}
