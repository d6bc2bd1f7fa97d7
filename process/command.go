package process

import (
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

// command is the process Start runs for o: claude itself, or ssh running it on o.Host.
// bin names what runs, for Binary and messages.
func command(o Options) (cmd *exec.Cmd, bin string, host *SSHHost, err error) {
	if o.Host == "" {
		if bin, err = FindBinary(o.Bin); err != nil {
			return nil, "", nil, err
		}
		cmd = exec.Command(bin, BuildArgs(o)...)
		cmd.Dir = o.Dir
		cmd.Env = Environ(o)
		return cmd, bin, nil, nil
	}
	if host, err = NewSSHHost(o.Host, o.SSH); err != nil {
		return nil, "", nil, err
	}
	cmd = host.command(remoteClaudeLine(o, host.claude))
	// ssh's own environment (agent socket, locale); nothing in it reaches claude.
	cmd.Env = o.Env
	if cmd.Env == nil {
		cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
			k, _, _ := strings.Cut(kv, "=")
			return slices.Contains(nestedSessionVars, k)
		})
	}
	return cmd, o.Host + ":" + host.claude, host, nil
}

// remoteClaudeLine is the remote command: claude with the same arguments as a local
// start, in o.Dir. It runs under sh whatever the login shell is (fish or csh would read
// $$ or a quoted newline differently), first tells its pid on stderr (remotePIDMarker),
// then execs claude in its place: no shell stays between ssh's session and claude, so
// claude is what sees stdin's EOF and keeps that pid.
func remoteClaudeLine(o Options, claude string) string {
	argv := append([]string{claude}, BuildArgs(o)...)
	if o.FileCheckpointing {
		argv = append([]string{"env", checkpointVar + "=true"}, argv...)
	}
	script := "printf '" + remotePIDMarker + "%s\\n' \"$$\" >&2 && " + remoteLine(o.Dir, argv)
	return "exec sh -c " + shellQuote(script)
}

// remotePIDMarker starts the stderr line in which the remote shell gives its pid,
// which exec makes claude's (Exited.RemotePID).
const remotePIDMarker = "gclaude-remote-pid="

// remotePID reads the marker line; 0 when line is not one.
func remotePID(line string) int {
	rest, ok := strings.CutPrefix(line, remotePIDMarker)
	if !ok {
		return 0
	}
	pid, err := strconv.Atoi(strings.TrimSpace(rest))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}
