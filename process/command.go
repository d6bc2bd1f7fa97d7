package process

import (
	"os"
	"os/exec"
	"slices"
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
	cmd = host.command(nil, remoteClaudeLine(o, host.claude))
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

// remoteClaudeLine is the remote shell's command: claude with the same arguments as a
// local start, in o.Dir. exec leaves no shell between ssh's session and claude, so
// claude is what sees stdin's EOF and the session's end.
func remoteClaudeLine(o Options, claude string) string {
	argv := append([]string{claude}, BuildArgs(o)...)
	if o.FileCheckpointing {
		argv = append([]string{"env", checkpointVar + "=true"}, argv...)
	}
	return remoteLine(o.Dir, argv)
}
