package process

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gclaude/gclaude/internal/filehead"
	"github.com/gclaude/gclaude/internal/privatedir"
)

// SSHConfigEnv names a client config file for ssh -F (SSHSettings.Config): used only
// when set, e.g. by the tests' sshrig; otherwise ssh reads the user's own config.
const SSHConfigEnv = "GCLAUDE_SSH_CONFIG"

// SSHSettings say how ssh is run for a session on another machine. The zero value runs
// the system ssh with the user's own config, keys, agent and known_hosts.
type SSHSettings struct {
	Config     string // ssh -F file; "" means $GCLAUDE_SSH_CONFIG, or none when that is unset
	ControlDir string // folder of the ControlPath sockets; "" means DefaultControlDir()
	Claude     string // the program run on the host: a name on the remote PATH or a path; "" means "claude"
}

// controlPersist keeps a host's connection open this long after its last session, so a
// session resumed or a file read soon after needs no new login.
const controlPersist = "10m"

// SSHHost is one machine reached with the system ssh binary. Every command to it goes
// over one multiplexed connection (ControlMaster=auto, a socket named by ssh's %C hash
// in ControlDir): the first command opens it, the rest reuse it, and it stays up
// ControlPersist after the last one ends. ssh never prompts (BatchMode), so a password,
// passphrase or unknown host key is an error (SSHError) rather than a question
// written into gclaude's pipes; host keys are checked exactly as the user's config says.
type SSHHost struct {
	Spec string // as given: [user@]host[:port]

	dest       string // [user@]host
	port       string
	config     string
	controlDir string
	claude     string
}

// NewSSHHost checks spec ([user@]host[:port], or [user@][v6-address]:port) and settles s.
func NewSSHHost(spec string, s SSHSettings) (*SSHHost, error) {
	dest, port, err := splitHostSpec(spec)
	if err != nil {
		return nil, err
	}
	h := &SSHHost{Spec: spec, dest: dest, port: port, config: s.Config, controlDir: s.ControlDir, claude: s.Claude}
	if h.config == "" {
		h.config = os.Getenv(SSHConfigEnv)
	}
	if h.controlDir == "" {
		if h.controlDir, err = DefaultControlDir(); err != nil {
			return nil, err
		}
	} else if err := privatedir.Check(h.controlDir); err != nil {
		return nil, fmt.Errorf("process: the ControlPath folder must be the user's own: %w", err)
	}
	if h.claude == "" {
		h.claude = "claude"
	}
	return h, nil
}

// splitHostSpec splits [user@]host[:port] into ssh's destination and port.
func splitHostSpec(spec string) (dest, port string, err error) {
	bad := func(why string) (string, string, error) {
		return "", "", fmt.Errorf("host %q: %s (want [user@]host[:port])", spec, why)
	}
	if spec == "" || strings.ContainsFunc(spec, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return bad("empty, or has spaces or control characters")
	}
	user, host := "", spec
	if i := strings.LastIndexByte(spec, '@'); i >= 0 {
		user, host = spec[:i+1], spec[i+1:]
	}
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		if end < 0 {
			return bad("unclosed [")
		}
		rest := host[end+1:]
		host = host[1:end]
		if rest != "" {
			if !strings.HasPrefix(rest, ":") {
				return bad("text after ]")
			}
			port = rest[1:]
		}
	} else if h, p, ok := strings.Cut(host, ":"); ok && !strings.Contains(p, ":") {
		host, port = h, p
	}
	if host == "" || strings.HasPrefix(host, "-") || strings.HasPrefix(user, "-") {
		return bad("no host name")
	}
	if port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return bad("port is not a number from 1 to 65535")
		}
	}
	return user + host, port, nil
}

// maxSocketPath is the longest Unix socket path that works everywhere: sun_path holds
// 108 bytes on Linux, 104 on the BSDs and macOS, the terminating NUL included.
const maxSocketPath = 103

// DefaultControlDir is where gclaude's ssh connections keep their sockets:
// $XDG_RUNTIME_DIR/gclaude/ssh, else the user's cache folder's gclaude/ssh, else (when
// those make a socket path too long for Unix sockets) gclaude-ssh-<uid> in the
// system's temporary folder. Each is made private (internal/privatedir): a folder
// there that is not the user's own with mode 0700 (another user's, a symbolic link)
// is never used, since ssh would take a socket in it for its own master connection
// and hand that user the session.
func DefaultControlDir() (string, error) {
	type place struct{ parent, name string }
	var candidates []place
	if rt := os.Getenv("XDG_RUNTIME_DIR"); filepath.IsAbs(rt) {
		candidates = append(candidates, place{filepath.Join(rt, "gclaude"), "ssh"})
	}
	if cache, err := os.UserCacheDir(); err == nil {
		candidates = append(candidates, place{filepath.Join(cache, "gclaude"), "ssh"})
	}
	candidates = append(candidates, place{os.TempDir(), "gclaude-ssh-" + strconv.Itoa(os.Getuid())})
	var errs []error
	for _, c := range candidates {
		// %C expands to 40 hex digits, and ssh first binds the master's socket with a
		// random suffix of 17 bytes before renaming it.
		fits := func(dir string) bool { return len(dir)+1+40+17 <= maxSocketPath }
		if !fits(filepath.Join(c.parent, c.name)) {
			continue
		}
		dir, err := privatedir.Make(c.parent, c.name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !fits(dir) { // a fresh folder's name is longer
			_ = os.Remove(dir)
			continue
		}
		return dir, nil
	}
	return "", fmt.Errorf("process: no private folder for ssh's connection sockets (ControlPath): %w", errors.Join(errs...))
}

// args are ssh's arguments to run remote (one shell command line) on the host.
func (h *SSHHost) args(remote string) []string {
	var a []string
	if h.config != "" {
		a = append(a, "-F", h.config)
	}
	// ssh expands % in ControlPath: a literal one in the folder's name is written %%.
	controlPath := strings.ReplaceAll(h.controlDir, "%", "%%") + string(filepath.Separator) + "%C"
	if strings.ContainsAny(controlPath, " \t\"") {
		controlPath = strconv.Quote(controlPath)
	}
	a = append(a, "-T", // no terminal: the pipes carry NDJSON
		"-o", "BatchMode=yes", // never prompt: there is no one to answer on our pipes
		"-o", "ControlMaster=auto",
		"-o", "ControlPath="+controlPath,
		"-o", "ControlPersist="+controlPersist,
		// A network that drops silently ends the sessions within a minute, as "disconnected".
		"-o", "ServerAliveInterval=15",
		"-o", "ServerAliveCountMax=4",
	)
	if h.port != "" {
		a = append(a, "-p", h.port)
	}
	return append(a, "--", h.dest, remote)
}

// command is ssh running remote on the host, for a session: Close stops it, not a
// context. ssh itself runs with gclaude's environment (its agent socket, its locale).
func (h *SSHHost) command(remote string) *exec.Cmd {
	return exec.Command("ssh", h.args(remote)...)
}

// remoteLine is the shell command line that runs argv in dir ("" = the login folder).
func remoteLine(dir string, argv []string) string {
	line := "exec " + shellJoin(argv)
	if dir != "" {
		line = "cd -- " + shellQuote(cdOperand(dir)) + " && " + line
	}
	return line
}

// cdOperand keeps cd from reading dir as anything but a folder: a relative one is
// written ./dir, since cd takes a bare "-" for $OLDPWD and looks a bare relative name
// up in $CDPATH (printing where it went on stdout, into the command's output).
func cdOperand(dir string) string {
	if strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "./") || strings.HasPrefix(dir, "../") {
		return dir
	}
	return "./" + dir
}

// RemoteCommand is one command for SSHHost.RunCommand.
type RemoteCommand struct {
	Dir   string   // the folder it runs in; "" is the login folder
	Argv  []string // the program and its arguments
	Stdin []byte   // streamed to the command; nil gives it an empty input
	Env   []string // NAME=value set for the command (env NAME=value … on the host)
}

// line is the command as one shell line for the host, every word quoted.
func (c RemoteCommand) line() (string, error) {
	if len(c.Argv) == 0 {
		return "", errors.New("process: Run needs a command")
	}
	if len(c.Env) == 0 {
		return remoteLine(c.Dir, c.Argv), nil
	}
	for _, kv := range c.Env {
		if name, _, ok := strings.Cut(kv, "="); !ok || !envName(name) {
			return "", fmt.Errorf("process: %q is not NAME=value", kv)
		}
	}
	if p := c.Argv[0]; strings.HasPrefix(p, "-") || strings.Contains(p, "=") {
		// env would read it as an option or one more variable.
		return "", fmt.Errorf("process: env cannot run a program named %q", p)
	}
	argv := append(append([]string{"env"}, c.Env...), c.Argv...)
	return remoteLine(c.Dir, argv), nil
}

// envName reports whether name is a variable name every shell and env accept.
func envName(name string) bool {
	for i, r := range name {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return name != ""
}

// maxRunOutput bounds what a command on the host may write to stdout for Run, and
// maxRunStderr what is kept of its stderr: a hostile or broken host cannot grow
// gclaude's memory by writing without end.
const (
	maxRunOutput = 64 << 20
	maxRunStderr = 64 << 10
)

// Run runs argv in dir on the host over the host's connection and returns its stdout.
// A command that fails is a *RemoteExitError (with its stderr); ssh failing is an
// *SSHError; a command that writes more than maxRunOutput is stopped, with an error.
func (h *SSHHost) Run(ctx context.Context, dir string, argv ...string) ([]byte, error) {
	return h.run(ctx, maxRunOutput, RemoteCommand{Dir: dir, Argv: argv})
}

// RunCommand is Run with standard input and environment variables.
func (h *SSHHost) RunCommand(ctx context.Context, c RemoteCommand) ([]byte, error) {
	return h.run(ctx, maxRunOutput, c)
}

// run is RunCommand with stdout bounded to maxOut bytes.
func (h *SSHHost) run(ctx context.Context, maxOut int, c RemoteCommand) ([]byte, error) {
	line, err := c.line()
	if err != nil {
		return nil, err
	}
	argv, dir := c.Argv, c.Dir
	cmd := exec.CommandContext(ctx, "ssh", h.args(line)...)
	cmd.WaitDelay = time.Second // once in the background, the master holds none of our pipes; nothing else may hang us
	if c.Stdin != nil {
		cmd.Stdin = bytes.NewReader(c.Stdin)
	}
	stdout := &cappedBuffer{max: maxOut}
	stderr := &cappedBuffer{max: maxRunStderr, quiet: true}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err = cmd.Run()
	out := stdout.Bytes()
	if stdout.over {
		return nil, fmt.Errorf("%s on %s wrote more than %s: stopped", shellJoin(argv), h.Spec, sizeWords(maxOut))
	}
	if err == nil {
		return out, nil
	}
	if ctx.Err() != nil {
		return out, ctx.Err()
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return out, fmt.Errorf("process: running ssh: %w", err)
	}
	code, _ := exitStatus(ee.ProcessState)
	lines := strings.Split(strings.TrimRight(stderr.String(), "\n"), "\n")
	program := "" // 127 means "no claude" only when claude was what ran
	if argv[0] == h.claude {
		program = argv[0]
	}
	if se := classifySSHExit(h.Spec, dir, program, code, lines, false); se != nil {
		return out, se
	}
	return out, &RemoteExitError{Host: h.Spec, Argv: argv, Code: code, Stderr: strings.TrimSpace(stderr.String())}
}

// ReadHead tells what path is on the host (a relative path is from the login folder)
// and, for a regular file of at most limit bytes, its content. filehead.Script runs
// there: a FIFO or a device is named and never opened, a bigger file is only sized,
// and no more than limit+1 bytes of a file cross the connection. A file gclaude may not
// read is an error that satisfies errors.Is(err, fs.ErrPermission).
func (h *SSHHost) ReadHead(ctx context.Context, path string, limit int) (filehead.Head, error) {
	const header = 64 // "regular SIZE\n"
	out, err := h.run(ctx, limit+1+header, RemoteCommand{Argv: []string{"sh", "-c", filehead.Script, "sh", path, strconv.Itoa(limit)}})
	var re *RemoteExitError
	if errors.As(err, &re) && strings.Contains(re.Stderr, "Permission denied") {
		return filehead.Head{}, &fs.PathError{Op: "read on " + h.Spec, Path: path, Err: fs.ErrPermission}
	}
	if err != nil {
		return filehead.Head{}, err
	}
	head, err := filehead.ParseScript(out, limit)
	if err != nil {
		return filehead.Head{}, fmt.Errorf("reading %s on %s: %w", path, h.Spec, err)
	}
	return head, nil
}

// Kill sends SIGTERM to pid on the host (on SIGTERM claude stops the tools it runs
// itself); a process that is already gone is not an error.
func (h *SSHHost) Kill(ctx context.Context, pid int) error {
	if pid <= 0 {
		return fmt.Errorf("process: no remote pid to stop (%d)", pid)
	}
	_, err := h.Run(ctx, "", "kill", "-TERM", strconv.Itoa(pid))
	var re *RemoteExitError
	if errors.As(err, &re) && strings.Contains(strings.ToLower(re.Stderr), "no such process") {
		return nil
	}
	return err
}

// RemoteExitError is a command run with SSHHost.Run that ended with a non-zero status.
type RemoteExitError struct {
	Host   string
	Argv   []string
	Code   int // -1 when killed by a signal
	Stderr string
}

func (e *RemoteExitError) Error() string {
	s := fmt.Sprintf("%s on %s exited with code %d", shellJoin(e.Argv), e.Host, e.Code)
	if e.Stderr != "" {
		s += ": " + lastLine(e.Stderr)
	}
	return s
}
