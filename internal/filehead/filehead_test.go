package filehead

import (
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
)

const limit = 4 << 20

// counting records what Read opens and how many bytes it reads.
type counting struct {
	mu     sync.Mutex
	opened []string
	read   int64
}

func (c *counting) install(t *testing.T) {
	t.Helper()
	old := openFile
	openFile = func(path string) (file, error) {
		c.mu.Lock()
		c.opened = append(c.opened, path)
		c.mu.Unlock()
		f, err := old(path)
		if err != nil {
			return nil, err
		}
		return &countedFile{file: f, c: c}, nil
	}
	t.Cleanup(func() { openFile = old })
}

type countedFile struct {
	file
	c *counting
}

func (f *countedFile) Read(p []byte) (int, error) {
	n, err := f.file.Read(p)
	f.c.mu.Lock()
	f.c.read += int64(n)
	f.c.mu.Unlock()
	return n, err
}

// special makes one of each thing a preview must name and never open.
func special(t *testing.T) map[string]Kind {
	t.Helper()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	linkToFIFO := filepath.Join(dir, "link")
	if err := os.Symlink(fifo, linkToFIFO); err != nil {
		t.Fatal(err)
	}
	return map[string]Kind{
		fifo:        FIFO,
		linkToFIFO:  FIFO,
		"/dev/zero": CharDevice,
		"/dev/null": CharDevice,
		sock:        Socket,
		dir:         Directory,
	}
}

// sparse is a file of size bytes that takes no room on disk.
func sparse(t *testing.T, size int64) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "big")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return p
}

// A FIFO, a device, a socket or a directory is named and never opened; a file of
// 1 GB is sized and never read. (Before, a preview opened a FIFO and waited for a
// writer forever, and read /dev/zero or a big file up to its bound.)
func TestReadNamesWhatItDoesNotRead(t *testing.T) {
	var c counting
	c.install(t)
	for path, want := range special(t) {
		h, err := Read(path, limit)
		if err != nil || h.Kind != want || h.Data != nil {
			t.Errorf("Read(%s) = %v %d bytes, %v; want %v, unread", path, h.Kind, len(h.Data), err, want)
		}
	}
	big := sparse(t, 1<<30)
	h, err := Read(big, limit)
	if err != nil || h.Kind != Regular || h.Size != 1<<30 || h.Data != nil || !h.TooLarge(limit) {
		t.Errorf("Read(1 GB) = %+v, %v; want its size and no data", h.Kind, err)
	}
	if len(c.opened) != 0 || c.read != 0 {
		t.Fatalf("opened %v and read %d bytes; want nothing opened", c.opened, c.read)
	}
}

// A file whose size stat does not tell (/proc's) is read no further than the bound.
func TestReadStopsAtTheBound(t *testing.T) {
	var c counting
	c.install(t)
	h, err := Read("/proc/self/status", 100)
	if err != nil || h.Kind != Regular || h.Data != nil || !h.TooLarge(100) {
		t.Fatalf("Read = %v, %d bytes (size %d), %v; want too large, no data", h.Kind, len(h.Data), h.Size, err)
	}
	if c.read > 101 {
		t.Fatalf("read %d bytes for a bound of 100", c.read)
	}
}

func TestReadRegularFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(p, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{p: "hello\n", link: "hello\n", empty: ""} {
		h, err := Read(path, limit)
		if err != nil || h.Kind != Regular || h.Data == nil || string(h.Data) != want || h.Size != int64(len(want)) {
			t.Errorf("Read(%s) = %v %q (size %d), %v", path, h.Kind, h.Data, h.Size, err)
		}
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, "nope"), dangling} {
		if h, err := Read(path, limit); err != nil || h.Kind != Missing {
			t.Errorf("Read(%s) = %v, %v; want missing", path, h.Kind, err)
		}
	}
}

// runScript runs Script with this machine's sh, as the remote side would.
func runScript(t *testing.T, path string, n int) []byte {
	t.Helper()
	out, err := exec.Command("sh", "-c", Script, "sh", path, strconv.Itoa(n)).Output()
	if err != nil {
		t.Fatalf("Script(%s): %v", path, err)
	}
	return out
}

// The script for another machine says the same, and sends no more than the bound:
// nothing of a FIFO (the test holds data in it that must still be there), /dev/zero
// or a 1 GB file.
func TestScriptNamesWhatItDoesNotRead(t *testing.T) {
	kinds := special(t)
	for path, want := range kinds {
		var held *os.File
		if want == FIFO {
			f, err := os.OpenFile(path, os.O_RDWR, 0) // a reader would not block, and would take this
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString("SECRET"); err != nil {
				t.Fatal(err)
			}
			held = f
		}
		out := runScript(t, path, 5) // a head -c of 6 would take all of SECRET and end
		h, err := ParseScript(out, 5)
		if err != nil || h.Kind != want || h.Data != nil {
			t.Errorf("Script(%s) = %q → %v, %v; want %v", path, out, h.Kind, err, want)
		}
		if held != nil {
			_ = syscall.SetNonblock(int(held.Fd()), true)
			buf := make([]byte, 16)
			n, _ := held.Read(buf)
			if string(buf[:n]) != "SECRET" {
				t.Errorf("Script(%s) read the FIFO: %q left in it", path, buf[:n])
			}
			held.Close()
		}
	}
	big := sparse(t, 1<<30)
	out := runScript(t, big, limit)
	if h, err := ParseScript(out, limit); err != nil || h.Size != 1<<30 || h.Data != nil || len(out) > 64 {
		t.Errorf("Script(1 GB) sent %d bytes → %+v, %v", len(out), h.Size, err)
	}
}

func TestScriptRegularFiles(t *testing.T) {
	dir := t.TempDir()
	tricky := filepath.Join(dir, "-n 'a b' $(x) *.txt")
	if err := os.WriteFile(tricky, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := ParseScript(runScript(t, tricky, limit), limit)
	if err != nil || h.Kind != Regular || string(h.Data) != "one\ntwo\n" || h.Size != 8 {
		t.Fatalf("Script(%q) = %v %q, %v", tricky, h.Kind, h.Data, err)
	}
	h, err = ParseScript(runScript(t, tricky, 4), 4)
	if err != nil || h.Data != nil || !h.TooLarge(4) {
		t.Fatalf("Script over the bound = %v %q, %v; want too large", h.Kind, h.Data, err)
	}
	if h, err := ParseScript(runScript(t, filepath.Join(dir, "nope"), limit), limit); err != nil || h.Kind != Missing {
		t.Fatalf("Script(missing) = %v, %v", h.Kind, err)
	}
}

func TestParseScriptRefusesOddAnswers(t *testing.T) {
	for _, out := range []string{"", "regular\n", "regular -3\n", "regular 12x\n", "\x1b]0;title\x07\n", "fifo 3\n"} {
		if h, err := ParseScript([]byte(out), limit); err == nil {
			t.Errorf("ParseScript(%q) = %+v, want an error", out, h)
		}
	}
}

var _ io.Reader = (*countedFile)(nil)

func TestReadSmall(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(p, []byte(`{"a":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadSmall(p, 100); err != nil || string(b) != `{"a":1}` {
		t.Fatalf("ReadSmall = %q, %v", b, err)
	}
	if _, err := ReadSmall(filepath.Join(dir, "nope"), 100); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing: %v", err)
	}
	for _, bad := range []string{"/dev/zero", dir, "/proc/self/status"} {
		if b, err := ReadSmall(bad, 100); err == nil {
			t.Errorf("ReadSmall(%s) = %d bytes, want an error", bad, len(b))
		}
	}
}
