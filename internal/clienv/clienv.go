// Package clienv builds the environment the claude CLI runs in when it must reach
// nothing but a fake API on this machine: the demo and the test rig (internal/clirig)
// both start it this way.
package clienv

import (
	"path/filepath"
	"strconv"
	"strings"
)

// Spec is the sandbox the CLI is put in.
type Spec struct {
	Home   string // throwaway HOME; the XDG directories are under it
	Dir    string // the project directory (PWD)
	Tmp    string // TMPDIR (the CLI keeps task output and sockets there)
	APIURL string // ANTHROPIC_BASE_URL: the fake API
	APIKey string // ANTHROPIC_API_KEY; the fake accepts any key
	// MaxRetries is CLAUDE_CODE_MAX_RETRIES; 0 means 1, so that a fault shows quickly.
	MaxRetries int
	// Extra entries (KEY=VALUE) are applied last; each replaces every entry of its key.
	Extra []string
}

// strippedPrefixes name inherited variables that could point the CLI at a real
// endpoint or account (Anthropic, Bedrock, Vertex), bring in the user's own
// configuration, or are replaced by the sandbox.
var strippedPrefixes = []string{
	"ANTHROPIC_", "CLAUDE_", "CLAUDECODE=", "OTEL_", "DISABLE_", "XDG_",
	"HTTP_PROXY=", "HTTPS_PROXY=", "ALL_PROXY=", "NO_PROXY=",
	"http_proxy=", "https_proxy=", "all_proxy=", "no_proxy=",
	"NODE_OPTIONS=", "HOME=", "PWD=", "TMPDIR=",
	"AWS_", "GOOGLE_APPLICATION_CREDENTIALS=", "VERTEX_", "CLOUD_ML_",
}

// Sandboxed is the CLI's complete environment: parent (KEY=VALUE entries, as from
// os.Environ) without anything stripped, plus the sandbox s.
func Sandboxed(parent []string, s Spec) []string {
	retries := s.MaxRetries
	if retries <= 0 {
		retries = 1
	}
	env := make([]string, 0, len(parent)+20)
	for _, kv := range parent {
		if !stripped(kv) {
			env = append(env, kv)
		}
	}
	env = append(env,
		"HOME="+s.Home,
		"PWD="+s.Dir,
		"TMPDIR="+s.Tmp,
		"XDG_CONFIG_HOME="+filepath.Join(s.Home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(s.Home, ".cache"),
		"XDG_DATA_HOME="+filepath.Join(s.Home, ".local", "share"),
		"XDG_STATE_HOME="+filepath.Join(s.Home, ".local", "state"),
		"NO_PROXY=127.0.0.1,localhost",
		"ANTHROPIC_BASE_URL="+s.APIURL,
		"ANTHROPIC_API_KEY="+s.APIKey,
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
		"DISABLE_AUTOUPDATER=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL=1",
		"CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL=1",
		"CLAUDE_CODE_MAX_RETRIES="+strconv.Itoa(retries),
	)
	return merge(env, s.Extra)
}

func stripped(kv string) bool {
	for _, p := range strippedPrefixes {
		if strings.HasPrefix(kv, p) {
			return true
		}
	}
	return false
}

// merge applies overrides to env: an override replaces every entry of its key.
func merge(env, overrides []string) []string {
	if len(overrides) == 0 {
		return env
	}
	replaced := map[string]bool{}
	for _, kv := range overrides {
		k, _, _ := strings.Cut(kv, "=")
		replaced[k] = true
	}
	out := make([]string, 0, len(env)+len(overrides))
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); !replaced[k] {
			out = append(out, kv)
		}
	}
	return append(out, overrides...)
}
