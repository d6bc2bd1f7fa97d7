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

	dir     string // the rig's own files: keys, configs, logs
	log     string // sshd's log
	sshd    *exec.Cmd
	cleanup bool // stop is registered with the test
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
	r.Claude = filepath.Join(r.Bin(), "claude")
	for _, d := range []string{r.ControlDir, r.Home, r.Dir, r.Bin(), filepath.Join(dir, "tmp"), filepath.Join(r.Home, ".claude")} {
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

// start runs sshd in the foreground (-D), logging to a file, and waits for its banner.
// When the test ends the connections' masters are told to exit, then sshd and every
// connection it serves are killed.
func (r *Rig) start(t testing.TB, sshd string) {
	t.Helper()
	if os.Geteuid() == 0 {
		// sshd running as root needs its privilege separation folder.
		must(t, os.MkdirAll("/run/sshd", 0o755))
	}
	logf, err := os.OpenFile(r.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600) // Up keeps what Down's server logged
	must(t, err)
	cmd := exec.Command(sshd, "-D", "-e", "-f", filepath.Join(r.dir, "sshd_config"))
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("sshrig: starting sshd: %v", err)
	}
	_ = logf.Close()
	r.sshd = cmd
	if !r.cleanup {
		r.cleanup = true
		t.Cleanup(r.stop)
	}
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

// Down takes the host away as a reboot or a crash would: the server, every connection
// it serves and every process of the remote side are killed; the port answers
// nothing until Up.
func (r *Rig) Down() {
	for _, pid := range r.connections() {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	_ = syscall.Kill(-r.sshd.Process.Pid, syscall.SIGKILL)
	_ = r.sshd.Wait()
	for _, pid := range r.RemoteProcesses() {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// Up starts the server again after Down, on the same port with the same keys.
func (r *Rig) Up(t testing.TB) {
	t.Helper()
	r.start(t, SSHDPath)
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

// Bin is the folder first on the remote PATH: a test puts programs there for the host.
func (r *Rig) Bin() string { return filepath.Join(r.dir, "bin") }

// Log is what sshd has logged so far.
func (r *Rig) Log() string {
	b, _ := os.ReadFile(r.log)
	return string(b)
}

// Logins counts the connections sshd has accepted (one per TCP connection that
// authenticated, whatever the sessions multiplexed over it).
func (r *Rig) Logins() int { return strings.Count(r.Log(), "Accepted publickey for ") }

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
