package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/trust"
)

// A stand-in for claude, for faults the real CLI cannot be made to produce or that do
// not need it: a shell script whose behaviour FAKE_MODE chooses.
//
//	idle    says nothing (gclaude waits for initialize) and exits when stdin closes
//	stream  streams an endless answer, a few words every 20 ms, until stdin closes
//	flood   writes stdout without ever ending the line
//	garbage reads initialize and one prompt, answers neither, writes garbage, exits 3
const fakeClaudeScript = `#!/bin/sh
init='{"type":"system","subtype":"init","cwd":"/tmp","session_id":"fake-session","tools":[],"mcp_servers":[],"model":"fake-model","permissionMode":"default","apiKeySource":"none","claude_code_version":"2.1.328","uuid":"u0"}'
start='{"type":"stream_event","event":{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"fake-model","content":[],"usage":{"input_tokens":1,"output_tokens":1}}},"session_id":"fake-session","parent_tool_use_id":null,"uuid":"u1"}'
block='{"type":"stream_event","event":{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}},"session_id":"fake-session","parent_tool_use_id":null,"uuid":"u2"}'
delta='{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"streaming words "}},"session_id":"fake-session","parent_tool_use_id":null,"uuid":"u3"}'
case "$FAKE_MODE" in
stream)
	printf '%s\n%s\n%s\n' "$init" "$start" "$block"
	( while :; do printf '%s\n' "$delta" || exit 0; sleep 0.02; done ) &
	cat >/dev/null
	kill $! 2>/dev/null
	;;
flood)
	( tr '\0' 'x' </dev/zero ) &
	cat >/dev/null
	kill $! 2>/dev/null
	;;
garbage)
	read -r initialize
	read -r prompt
	echo 'not json at all'
	exit 3
	;;
*)
	cat >/dev/null
	;;
esac
exit 0
`

// fakeClaude writes the script into a temporary folder and returns its path.
func fakeClaude(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(path, []byte(fakeClaudeScript), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// fakeEnv is a minimal environment for gclaude and the fake: its own HOME (which also
// tells this run's processes apart, see procsWithEnv, and whose Claude Code record
// trusts it), a 256-colour UTF-8 terminal.
func fakeEnv(t testing.TB, home, mode string) []string {
	t.Helper()
	// gclaude runs in home: its record trusts it, or gclaude would ask before starting the fake.
	if err := trust.Seed(home, home); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home, "TERM=xterm-256color", "LANG=C.UTF-8", "FAKE_MODE=" + mode}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	return env
}
