package demo

import (
	"path/filepath"
	"strconv"
	"strings"
)

// fakeAPIKey is the key the CLI is given; the fake API accepts any key.
const fakeAPIKey = "sk-demo-fake"

// strippedPrefixes name inherited variables that could point the CLI at a real endpoint
// or account, bring in the user's own configuration, or are replaced by the sandbox.
// (The same list as internal/clirig, which is for tests only.)
var strippedPrefixes = []string{
	"ANTHROPIC_", "CLAUDE_", "CLAUDECODE=", "OTEL_", "DISABLE_", "XDG_",
	"HTTP_PROXY=", "HTTPS_PROXY=", "ALL_PROXY=", "NO_PROXY=",
	"http_proxy=", "https_proxy=", "all_proxy=", "no_proxy=",
	"NODE_OPTIONS=", "HOME=", "PWD=", "TMPDIR=",
	"AWS_", "GOOGLE_APPLICATION_CREDENTIALS=", "VERTEX_", "CLOUD_ML_",
}

func stripped(kv string) bool {
	for _, p := range strippedPrefixes {
		if strings.HasPrefix(kv, p) {
			return true
		}
	}
	return false
}

// sandboxEnv is the CLI's complete environment: parent without anything stripped, plus
// a throwaway HOME, TMPDIR and XDG directories and the fake API.
func sandboxEnv(parent []string, sb *sandbox, apiURL string) []string {
	env := make([]string, 0, len(parent)+20)
	for _, kv := range parent {
		if !stripped(kv) {
			env = append(env, kv)
		}
	}
	return append(env,
		"HOME="+sb.home,
		"PWD="+sb.project,
		"TMPDIR="+sb.tmp,
		"XDG_CONFIG_HOME="+filepath.Join(sb.home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(sb.home, ".cache"),
		"XDG_DATA_HOME="+filepath.Join(sb.home, ".local", "share"),
		"XDG_STATE_HOME="+filepath.Join(sb.home, ".local", "state"),
		"NO_PROXY=127.0.0.1,localhost",
		"ANTHROPIC_BASE_URL="+apiURL,
		"ANTHROPIC_API_KEY="+fakeAPIKey,
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
		"DISABLE_AUTOUPDATER=1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL=1",
		"CLAUDE_CODE_IDE_SKIP_AUTO_INSTALL=1",
		// A scripted API never fails by accident; one retry keeps a real fault short.
		"CLAUDE_CODE_MAX_RETRIES="+strconv.Itoa(1),
	)
}
