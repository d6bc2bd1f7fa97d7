package sessionwire

import (
	"encoding/json"
	"os"
	"time"

	"github.com/gclaude/gclaude/internal/safewrite"
)

// Registry is what the server runs, kept in Paths.Registry while it runs and removed
// when it exits cleanly. Found with a dead server, it lists the sessions whose claude
// ended with it: the next screen says so and resumes them from session files.
type Registry struct {
	PID      int       `json:"pid"`
	Build    string    `json:"build"`
	Protocol int       `json:"protocol"`
	Socket   string    `json:"socket"`
	Started  time.Time `json:"started"`
	Sessions []Info    `json:"sessions,omitempty"`
}

// ReadRegistry reads path; false when there is none or it cannot be read.
func ReadRegistry(path string) (Registry, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Registry{}, false
	}
	var r Registry
	if json.Unmarshal(b, &r) != nil {
		return Registry{}, false
	}
	return r, true
}

// WriteRegistry replaces path atomically.
func WriteRegistry(path string, r Registry) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return safewrite.Replace(path, append(b, '\n'), 0o600)
}
