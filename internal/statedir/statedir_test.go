package statedir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDir(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string // "" means an error
	}{
		{"xdg", map[string]string{"XDG_STATE_HOME": "/state", "HOME": "/home/u"}, "/state/gclaude"},
		{"home default", map[string]string{"HOME": "/home/u"}, "/home/u/.local/state/gclaude"},
		{"relative xdg ignored", map[string]string{"XDG_STATE_HOME": "rel", "HOME": "/home/u"}, "/home/u/.local/state/gclaude"},
		{"nothing", map[string]string{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Dir(func(k string) string { return tt.env[k] })
			if tt.want == "" {
				if err == nil {
					t.Fatalf("Dir = %q, want an error", got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Dir = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestMakeFolderIsPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gclaude", "history")
	if err := MakeFolder(dir); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o700 {
		t.Fatalf("made %v, %v; want mode 0700", info.Mode(), err)
	}
	if err := MakeFolder(dir); err != nil {
		t.Fatalf("again: %v", err)
	}
}

// A state folder in a shared place that another user could write to, or owns, is
// refused: nothing is read from or written into it.
func TestMakeFolderRefusesWhatOthersControl(t *testing.T) {
	open := filepath.Join(t.TempDir(), "open")
	if err := os.Mkdir(open, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := MakeFolder(open); err == nil || !strings.Contains(err.Error(), "writable by others") {
		t.Errorf("a folder of mode 0777: %v", err)
	}
	if os.Getuid() != 0 {
		return
	}
	theirs := filepath.Join(t.TempDir(), "theirs")
	if err := os.Mkdir(theirs, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(theirs, 4242, 4242); err != nil {
		t.Fatal(err)
	}
	if err := MakeFolder(theirs); err == nil || !strings.Contains(err.Error(), "another user") {
		t.Errorf("another user's folder: %v", err)
	}
}
