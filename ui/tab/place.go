package tab

import (
	"strings"

	"github.com/gclaude/gclaude/internal/worktree"
	"github.com/gclaude/gclaude/ui/session"
)

// Place is where a tab's claude runs and what it starts with.
type Place struct {
	Dir      string             // the folder claude works in, on Host
	Host     string             // [user@]host[:port] of the machine it runs on; "" for this one
	Worktree *worktree.Worktree // set when Dir is a git worktree gclaude made for the tab
	// Model and Mode are the launch values, shown until the CLI reports its own.
	Model, Mode string
	// Resume is the conversation the tab continues when it first opens.
	Resume session.ResumeOptions
	// InitialPrompt is sent as soon as the tab opens (the launch tab's prompt argument).
	InitialPrompt string
	// Setup is the workspace settings' command run in a new worktree before its claude
	// starts (once; "" for none).
	Setup string
	// SessionFiles overrides where the CLI keeps Dir's conversations ("": the default).
	SessionFiles string
	// Launch: Dir is the folder gclaude was started in, where a No to the trust
	// question leaves gclaude (trust.go).
	Launch bool
	// Trusted: the user trusted Dir in this gclaude without it being written to
	// Claude Code's record (trust.go).
	Trusted bool
}

// HostName is a host spec without its user and port, as a list shows it.
func HostName(spec string) string {
	if i := strings.LastIndexByte(spec, '@'); i >= 0 {
		spec = spec[i+1:]
	}
	if strings.HasPrefix(spec, "[") {
		if i := strings.IndexByte(spec, ']'); i > 0 {
			return spec[1:i]
		}
	}
	if i := strings.LastIndexByte(spec, ':'); i >= 0 {
		spec = spec[:i]
	}
	return spec
}
