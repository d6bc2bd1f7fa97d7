// Package sshrig runs an OpenSSH server on 127.0.0.1 for tests of sessions on another
// machine: a throwaway host key and user key, a client config (ssh -F) that trusts only
// that host key, and a "remote" environment whose HOME is a temporary folder with its
// own ~/.claude/settings.json pointing the pinned claude at a scripted fake API.
//
// The server runs as the current user. Its ForceCommand wrapper stands in for the
// remote login: it sets HOME, PATH (the pinned claude and the system folders) and
// TMPDIR, then runs the command the client asked for with sh -c.
package sshrig

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clirig"
	"github.com/gclaude/gclaude/internal/trust"
)

// SSHDPath is where Debian's openssh-server puts sshd (`make tools` installs it).
const SSHDPath = "/usr/sbin/sshd"

// InstallHint says how to get sshd.
const InstallHint = "Run `make tools` (it installs Debian's openssh-server)."

// Options configure a Rig. The zero value is ready to use.
type Options struct {
	// API configures the fake Messages API the remote claude talks to.
	API fakeapi.Config
	// Files are written into the remote project folder (slash-separated path → content).
	Files map[string]string
}

// Rig is one ssh server and its remote side. Everything is removed when the test ends.
type Rig struct {
	Host       string // "user@127.0.0.1:PORT", as Options.Host and --host take it
	User       string
	Port       int
	ConfigFile string // the client config, for ssh -F (GCLAUDE_SSH_CONFIG)
	ControlDir string // a short folder for the connections' ControlPath sockets
	Home       string // the remote HOME
	Dir        string // the remote project folder
	Claude     string // the claude the remote PATH finds (a symlink to the pinned CLI)
	API        *fakeapi.Server

	dir  string // the rig's own files: keys, configs, logs
	log  string // sshd's log
	sshd *exec.Cmd
}

// New starts a server for t. It fails the test when sshd or the pinned CLI is missing
// (or skips it, as clirig.Require does).
func New(t testing.TB, opts Options) *Rig {
	t.Helper()
	claude := clirig.Require(t)
	sshd := requireSSHD(t)
	api, err := fakeapi.New(opts.API)
	if err != nil {
		t.Fatalf("sshrig: %v", err)
	}
	t.Cleanup(api.Close)
	u, err := user.Current()
	if err != nil {
		t.Fatalf("sshrig: %v", err)
	}
	// sshd and ssh put sockets here: Unix socket paths are limited to ~100 bytes.
	dir, err := os.MkdirTemp("", "sshrig")
	if err != nil {
		t.Fatalf("sshrig: %v", err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	r := &Rig{
		User:       u.Username,
		ConfigFile: filepath.Join(dir, "ssh_config"),
		ControlDir: filepath.Join(dir, "cm"),
		Home:       filepath.Join(dir, "home"),
		Dir:        filepath.Join(dir, "project"),
		API:        api,
		dir:        dir,
		log:        filepath.Join(dir, "sshd.log"),
	}
	r.Claude = filepath.Join(dir, "bin", "claude")
	for _, d := range []string{r.ControlDir, r.Home, r.Dir, filepath.Join(dir, "bin"), filepath.Join(dir, "tmp"), filepath.Join(r.Home, ".claude")} {
		must(t, os.MkdirAll(d, 0o700))
	}
	must(t, os.Symlink(claude, r.Claude))
	for name, content := range opts.Files {
		p := filepath.Join(r.Dir, filepath.FromSlash(name))
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(content), 0o644))
	}
	r.writeSettings(t)
	// The remote HOME trusts the remote project in Claude Code's record, as a host
	// where the user ran Claude Code once does; gclaude asks about any other folder.
	must(t, trust.Seed(r.Home, r.Dir))
	r.writeWrapper(t)
	hostPub := keygen(t, filepath.Join(dir, "host_ed25519"))
	userPub := keygen(t, filepath.Join(dir, "id_ed25519"))
	must(t, os.WriteFile(filepath.Join(dir, "authorized_keys"), userPub, 0o600))
	r.Port = freePort(t)
	r.Host = fmt.Sprintf("%s@127.0.0.1:%d", r.User, r.Port)
	must(t, os.WriteFile(filepath.Join(dir, "known_hosts"),
		fmt.Appendf(nil, "[127.0.0.1]:%d %s", r.Port, hostPub), 0o600))
	r.writeClientConfig(t)
	r.writeServerConfig(t)
	r.start(t, sshd)
	return r
}

func requireSSHD(t testing.TB) string {
	t.Helper()
	if os.Getenv("GCLAUDE_SKIP_E2E") == "1" {
		t.Skip("end-to-end test skipped: GCLAUDE_SKIP_E2E=1")
	}
	for _, tool := range []string{"ssh", "ssh-keygen"} {
		if _, err := exec.LookPath(tool); err != nil {
			clirig.Missing(t, tool+" (openssh-client). "+InstallHint)
		}
	}
	if _, err := os.Stat(SSHDPath); err != nil {
		clirig.Missing(t, "sshd: "+err.Error()+". "+InstallHint)
	}
	return SSHDPath
}

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
		"export PATH=" + q(filepath.Join(r.dir, "bin")+":/usr/local/bin:/usr/bin:/bin") + "\n" +
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

// start runs sshd in the foreground (-D), logging to a file, and waits for its banner.
// When the test ends the connections' masters are told to exit, then sshd and every
// connection it serves are killed.
func (r *Rig) start(t testing.TB, sshd string) {
	t.Helper()
	if os.Geteuid() == 0 {
		// sshd running as root needs its privilege separation folder.
		must(t, os.MkdirAll("/run/sshd", 0o755))
	}
	logf, err := os.Create(r.log)
	must(t, err)
	cmd := exec.Command(sshd, "-D", "-e", "-f", filepath.Join(r.dir, "sshd_config"))
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("sshrig: starting sshd: %v", err)
	}
	_ = logf.Close()
	r.sshd = cmd
	t.Cleanup(r.stop)
	deadline := time.Now().Add(30 * time.Second)
	for !r.answers() {
		if time.Now().After(deadline) {
			t.Fatalf("sshrig: sshd does not answer on port %d; its log:\n%s", r.Port, r.Log())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// answers reports whether sshd has sent its banner on the port.
func (r *Rig) answers() bool {
	c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(r.Port), time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, _ := bufio.NewReader(c).ReadString('\n')
	return strings.HasPrefix(line, "SSH-")
}

func (r *Rig) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = r.SSH(ctx, "-O", "exit").Run()
	// Each connection's sshd runs in a session of its own: kill them by ancestry.
	for _, pid := range r.connections() {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	_ = syscall.Kill(-r.sshd.Process.Pid, syscall.SIGKILL)
	_ = r.sshd.Wait()
	for _, pid := range r.RemoteProcesses() {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// ControlPath is the ControlPath option gclaude's connections use under ControlDir.
func (r *Rig) ControlPath() string { return filepath.Join(r.ControlDir, "%C") }

// SSH is the system ssh with the rig's config and control socket, to the rig's server,
// with args after the destination (a command, or -O exit).
func (r *Rig) SSH(ctx context.Context, args ...string) *exec.Cmd {
	full := []string{"-F", r.ConfigFile, "-o", "BatchMode=yes", "-o", "ControlPath=" + r.ControlPath(),
		"-p", strconv.Itoa(r.Port)}
	if len(args) > 0 && strings.HasPrefix(args[0], "-O") {
		full = append(full, args[0], args[1])
		args = args[2:]
	}
	full = append(full, "--", r.User+"@127.0.0.1")
	return exec.CommandContext(ctx, "ssh", append(full, args...)...)
}

// Log is what sshd has logged so far.
func (r *Rig) Log() string {
	b, _ := os.ReadFile(r.log)
	return string(b)
}

// Logins counts the connections sshd has accepted (one per TCP connection that
// authenticated, whatever the sessions multiplexed over it).
func (r *Rig) Logins() int { return strings.Count(r.Log(), "Accepted publickey for ") }

// RemoveClaude takes claude off the remote PATH.
func (r *Rig) RemoveClaude(t testing.TB) {
	t.Helper()
	must(t, os.Remove(r.Claude))
}

// ReplaceClaude puts script (for sh) on the remote PATH as claude.
func (r *Rig) ReplaceClaude(t testing.TB, script string) {
	t.Helper()
	_ = os.Remove(r.Claude)
	must(t, os.WriteFile(r.Claude, []byte("#!/bin/sh\n"+script+"\n"), 0o755))
}

// ForgetHostKey empties the client's known_hosts: the host is new to it.
func (r *Rig) ForgetHostKey(t testing.TB) {
	t.Helper()
	must(t, os.WriteFile(filepath.Join(r.dir, "known_hosts"), nil, 0o600))
}

// ChangeHostKey makes the client's known_hosts name another key for the host, as
// after a reinstall, or a man in the middle.
func (r *Rig) ChangeHostKey(t testing.TB) {
	t.Helper()
	other := keygen(t, filepath.Join(r.dir, "other_host_ed25519"))
	must(t, os.WriteFile(filepath.Join(r.dir, "known_hosts"), fmt.Appendf(nil, "[127.0.0.1]:%d %s", r.Port, other), 0o600))
}

// RestoreHostKey puts the server's real key back in the client's known_hosts.
func (r *Rig) RestoreHostKey(t testing.TB) {
	t.Helper()
	pub, err := os.ReadFile(filepath.Join(r.dir, "host_ed25519.pub"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(r.dir, "known_hosts"), fmt.Appendf(nil, "[127.0.0.1]:%d %s", r.Port, pub), 0o600))
}

// RevokeUserKey removes the client's key from the server's authorized keys.
func (r *Rig) RevokeUserKey(t testing.TB) {
	t.Helper()
	must(t, os.WriteFile(filepath.Join(r.dir, "authorized_keys"), nil, 0o600))
}

// RemoteProcesses are the pids of live processes started on the remote side (their
// HOME is the rig's remote HOME): claude and whatever it runs.
func (r *Rig) RemoteProcesses() []int {
	want := "HOME=" + r.Home + "\x00"
	var pids []int
	for _, p := range processes() {
		env, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p.pid), "environ"))
		if err == nil && p.state != 'Z' && strings.Contains(string(env), want) {
			pids = append(pids, p.pid)
		}
	}
	return pids
}

// connections are the sshd processes serving this rig's connections: the listener's
// descendants that are sshd itself (not the commands they run).
func (r *Rig) connections() []int {
	children := map[int][]int{}
	exe := map[int]string{}
	for _, p := range processes() {
		children[p.ppid] = append(children[p.ppid], p.pid)
		exe[p.pid], _ = os.Readlink(filepath.Join("/proc", strconv.Itoa(p.pid), "exe"))
	}
	var out []int
	queue := append([]int(nil), children[r.sshd.Process.Pid]...)
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		if exe[pid] != SSHDPath {
			continue
		}
		out = append(out, pid)
		queue = append(queue, children[pid]...)
	}
	return out
}

type proc struct {
	pid, ppid int
	state     byte // 'R', 'S', 'Z', …
}

// processes lists the machine's processes from /proc/PID/stat.
func processes() []proc {
	var out []proc
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// "pid (comm) state ppid …"; comm may hold spaces and parentheses.
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(s[i+1:])
		if len(fields) < 2 || len(fields[0]) != 1 {
			continue
		}
		ppid, _ := strconv.Atoi(fields[1])
		out = append(out, proc{pid: pid, ppid: ppid, state: fields[0][0]})
	}
	return out
}

// KillConnections kills the server side of every connection (not the listener, nor
// the commands running on the remote side): the network dropping under the client.
// It returns how many processes it killed.
func (r *Rig) KillConnections() int {
	pids := r.connections()
	for _, pid := range pids {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	return len(pids)
}

func keygen(t testing.TB, path string) []byte {
	t.Helper()
	out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "sshrig", "-f", path).CombinedOutput()
	if err != nil {
		t.Fatalf("sshrig: ssh-keygen: %v: %s", err, out)
	}
	pub, err := os.ReadFile(path + ".pub")
	must(t, err)
	return pub
}

// freePort is a port nothing listens on right now.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("sshrig: %v", err)
	}
}
