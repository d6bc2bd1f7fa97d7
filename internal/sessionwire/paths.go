package sessionwire

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/gclaude/gclaude/internal/privatedir"
	"github.com/gclaude/gclaude/internal/statedir"
)

// Paths are where one user's session server lives. Every folder is private (0700).
type Paths struct {
	Socket   string // the server's Unix socket
	Lock     string // held while a server is started or stops, so two screens get one
	State    string // the server's folder in gclaude's state folder
	Records  string // the sessions' records
	Log      string // the server's stdout and stderr
	Registry string // what the server runs, for a screen that finds it gone
}

// maxSocketPath is sun_path's size on the smallest platform (macOS), less the NUL.
const maxSocketPath = 103

// Locate finds (and makes) the folders: the socket in $XDG_RUNTIME_DIR/gclaude, or,
// without a runtime folder, in the state folder's server/run; the records, log and
// registry in $XDG_STATE_HOME/gclaude/server. A folder that exists but is not a
// private one of this user (a symbolic link, another owner, open to others) is an
// error naming it: the socket must be where every screen of the user finds it.
func Locate(getenv func(string) string) (Paths, error) {
	base, err := statedir.Dir(getenv)
	if err != nil {
		return Paths{}, fmt.Errorf("session server: %w", err)
	}
	state, err := private(base, "server")
	if err != nil {
		return Paths{}, err
	}
	runDir := ""
	if rt := getenv("XDG_RUNTIME_DIR"); rt != "" && filepath.IsAbs(rt) {
		if runDir, err = private(rt, "gclaude"); err != nil {
			return Paths{}, err
		}
	} else if runDir, err = private(state, "run"); err != nil {
		return Paths{}, err
	}
	p := Paths{
		Socket:   filepath.Join(runDir, "server.sock"),
		Lock:     filepath.Join(runDir, "server.lock"),
		State:    state,
		Records:  filepath.Join(state, "records"),
		Log:      filepath.Join(state, "server.log"),
		Registry: filepath.Join(state, "server.json"),
	}
	if len(p.Socket) > maxSocketPath {
		return Paths{}, fmt.Errorf("session server: the socket path %s is longer than the %d bytes a Unix socket may have; set XDG_RUNTIME_DIR to a shorter folder", p.Socket, maxSocketPath)
	}
	return p, nil
}

// private is parent/name as a private folder, or an error saying why it cannot be.
func private(parent, name string) (string, error) {
	want := filepath.Join(parent, name)
	if err := os.MkdirAll(parent, 0o700); err != nil { // a fresh user has no state folder yet
		return "", fmt.Errorf("session server: %w", err)
	}
	got, err := privatedir.Make(parent, name)
	if err != nil {
		return "", fmt.Errorf("session server: %w", err)
	}
	if got != want {
		_ = os.Remove(got) // the fresh folder privatedir made beside it: not where others look
		return "", fmt.Errorf("session server: %s is not a private folder of yours (a link, another owner's, or open to other users); gclaude will not put its session socket there: remove it", want)
	}
	return want, nil
}
