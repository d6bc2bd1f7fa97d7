// The rig's files: the remote claude's settings, the ForceCommand wrapper, and the client's and
// the server's configs.
package sshrig

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/clirig"
)

// writeSettings gives the remote claude its API through its own settings, as a real
// host would have them: the fake's URL, a fake key, and no traffic elsewhere.
func (r *Rig) writeSettings(t testing.TB) {
	env := map[string]string{
		"ANTHROPIC_BASE_URL":                       r.API.URL(),
		"ANTHROPIC_API_KEY":                        clirig.FakeAPIKey,
		"DISABLE_TELEMETRY":                        "1",
		"DISABLE_ERROR_REPORTING":                  "1",
		"DISABLE_AUTOUPDATER":                      "1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
		"CLAUDE_CODE_MAX_RETRIES":                  "1",
		"NO_PROXY":                                 "127.0.0.1,localhost",
	}
	b, err := json.MarshalIndent(map[string]any{"env": env}, "", "  ")
	must(t, err)
	must(t, os.WriteFile(filepath.Join(r.Home, ".claude", "settings.json"), b, 0o600))
}

// writeWrapper writes the ForceCommand: the remote login's environment, then the
// client's command. sshd gives it a clean environment of its own.
func (r *Rig) writeWrapper(t testing.TB) {
	q := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
	script := "#!/bin/sh\n" +
		"export HOME=" + q(r.Home) + "\n" +
		"export PATH=" + q(r.Bin()+":/usr/local/bin:/usr/bin:/bin") + "\n" +
		"export TMPDIR=" + q(filepath.Join(r.dir, "tmp")) + "\n" +
		"export XDG_CONFIG_HOME=\"$HOME/.config\" XDG_CACHE_HOME=\"$HOME/.cache\" XDG_DATA_HOME=\"$HOME/.local/share\" XDG_STATE_HOME=\"$HOME/.local/state\"\n" +
		"cd \"$HOME\" || exit 1\n" +
		"exec sh -c \"$SSH_ORIGINAL_COMMAND\"\n"
	must(t, os.WriteFile(filepath.Join(r.dir, "remote-login"), []byte(script), 0o755))
}

// writeClientConfig trusts the rig's host key and nothing else, and offers only the
// rig's user key (no agent).
func (r *Rig) writeClientConfig(t testing.TB) {
	cfg := fmt.Sprintf(`Host 127.0.0.1
  IdentityFile %[1]s/id_ed25519
  IdentitiesOnly yes
  IdentityAgent none
  UserKnownHostsFile %[1]s/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  UpdateHostKeys no
  PasswordAuthentication no
  KbdInteractiveAuthentication no
  ConnectTimeout 20
`, r.dir)
	must(t, os.WriteFile(r.ConfigFile, []byte(cfg), 0o600))
}

func (r *Rig) writeServerConfig(t testing.TB) {
	cfg := fmt.Sprintf(`Port %[2]d
ListenAddress 127.0.0.1
HostKey %[1]s/host_ed25519
PidFile %[1]s/sshd.pid
AuthorizedKeysFile %[1]s/authorized_keys
AllowUsers %[3]s
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PermitUserEnvironment no
X11Forwarding no
AllowAgentForwarding no
ForceCommand %[1]s/remote-login
LogLevel VERBOSE
`, r.dir, r.Port, r.User)
	must(t, os.WriteFile(filepath.Join(r.dir, "sshd_config"), []byte(cfg), 0o600))
}
