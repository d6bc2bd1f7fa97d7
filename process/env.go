package process

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// nestedSessionVars mark a process as running inside another Claude Code session. The
// CLI deletes exactly these when it launches a fresh session of its own (seen in the
// 2.1.328 binary), and the Python SDK removes CLAUDECODE, so a gclaude started from a
// Claude Code shell does not pass them on.
var nestedSessionVars = []string{
	"CLAUDECODE",
	"CLAUDE_CODE_SESSION_ID",
	"CLAUDE_CODE_LAUNCHED_BY_SESSION_IDS",
	"CLAUDE_CODE_CHILD_NOTES_DIR",
	"CLAUDE_CODE_CHILD_SESSION",
}

// Environ is the CLI's environment for o. An explicit o.Env is used unchanged. Otherwise
// it is os.Environ() without the nested-session markers, with PWD set to o.Dir.
//
// CLAUDE_CODE_ENTRYPOINT is deliberately not set: the CLI sets it to "sdk-cli" itself in
// headless mode, and keys behaviour on it (e.g. which tools exist for unknown values), so
// an invented "sdk-go" would change what the CLI does.
func Environ(o Options) []string {
	env := environ(o)
	if o.FileCheckpointing && !slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, checkpointVar+"=") }) {
		env = append(slices.Clip(env), checkpointVar+"=true")
	}
	return env
}

// checkpointVar turns the CLI's file checkpoints on (Options.FileCheckpointing).
const checkpointVar = "CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING"

func environ(o Options) []string {
	if o.Env != nil {
		return o.Env
	}
	drop := map[string]bool{"PWD": o.Dir != ""}
	for _, k := range nestedSessionVars {
		drop[k] = true
	}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !drop[k] {
			env = append(env, kv)
		}
	}
	if o.Dir != "" {
		// The CLI and the shells it starts read PWD; a stale one names the wrong project.
		if dir, err := filepath.Abs(o.Dir); err == nil {
			env = append(env, "PWD="+dir)
		}
	}
	return env
}
