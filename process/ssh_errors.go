package process

import (
	"fmt"
	"strings"
)

// SSHFailure says what went wrong reaching a host, in terms a user can act on.
type SSHFailure int

const (
	SSHFailed         SSHFailure = iota // ssh failed for a reason not recognised (Detail says what it said)
	SSHUnknownHost                      // the name does not resolve
	SSHRefused                          // nothing listens on the port
	SSHTimedOut                         // no answer: network, firewall, VPN, wrong address
	SSHAuthRefused                      // the host refused every key offered
	SSHHostKeyChanged                   // the host's key differs from known_hosts
	SSHHostKeyUnknown                   // the host's key is not in known_hosts
	SSHDisconnected                     // the connection was lost after it was made
	SSHNoClaude                         // no claude on the remote PATH
	SSHNoFolder                         // the session's folder does not exist on the host
)

// SSHError is a session or command on another machine that could not run, or stopped
// running, because of ssh or the remote login: ssh exited with its own status 255, or
// the remote shell could not find claude (127) or the folder.
type SSHError struct {
	Host   string // as the user wrote it: [user@]host[:port]
	Kind   SSHFailure
	Detail string // the line of ssh's (or the remote shell's) stderr that told
	Dir    string // the folder, for SSHNoFolder
}

func (e *SSHError) Error() string {
	h := e.Host
	var s string
	switch e.Kind {
	case SSHUnknownHost:
		s = "unknown host " + h + ": check the name, or add it to your ~/.ssh/config"
	case SSHRefused:
		s = h + " refused the connection: is sshd running there, and is the port right?"
	case SSHTimedOut:
		s = "no answer from " + h + ": check the address and port, the network or VPN, and any firewall"
	case SSHAuthRefused:
		s = h + " refused the login: check the user name, that your key is loaded (ssh-add -l) and " +
			"listed in the host's ~/.ssh/authorized_keys; gclaude never asks for passwords or passphrases"
	case SSHHostKeyChanged:
		s = "the host key of " + h + " has CHANGED since you last connected, which can mean someone is " +
			"intercepting the connection: verify the new key with the host's owner, then update " +
			"~/.ssh/known_hosts yourself (ssh-keygen -R); gclaude will not accept it for you"
	case SSHHostKeyUnknown:
		s = "the host key of " + h + " is not known: verify its fingerprint, then add it to your " +
			"known_hosts yourself (for example by connecting once with ssh); gclaude will not accept it for you"
	case SSHDisconnected:
		s = "the connection to " + h + " was lost"
	case SSHNoClaude:
		s = "claude is not on the PATH on " + h + ": install it on " + h + ": " + InstallHint
	case SSHNoFolder:
		s = "the folder " + e.Dir + " does not exist on " + h
	default:
		s = "ssh to " + h + " failed"
	}
	if e.Detail != "" {
		s += " (ssh: " + e.Detail + ")"
	}
	return s
}

// sshExitStatus is the status ssh exits with for its own errors; a remote command's
// status is passed through otherwise.
const sshExitStatus = 255

// classifySSHExit explains an exit of ssh running program in dir on host: nil when the
// status is the remote command's own. stderr is ssh's (and the remote shell's) last
// lines; connected says the remote command had already answered, so a 255 means the
// connection was lost rather than never made.
func classifySSHExit(host, dir, program string, code int, stderr []string, connected bool) *SSHError {
	switch {
	case code == sshExitStatus:
		kind, detail := classifySSHStderr(stderr)
		if connected {
			// Whatever ssh says, claude had been running. (A remote claude killed by a
			// signal also ends ssh with 255: resuming is the answer to both.)
			kind = SSHDisconnected
		}
		return &SSHError{Host: host, Kind: kind, Detail: detail}
	case connected:
		return nil
	case code == 127 && program != "":
		if line := findLine(stderr, "not found", program); line != "" {
			return &SSHError{Host: host, Kind: SSHNoClaude, Detail: line}
		}
	case dir != "" && code != 0:
		// dash: "sh: 1: cd: can't cd to /x"; bash: "bash: line 1: cd: /x: No such file or directory".
		// Both name the folder: a command's own error that happens to hold "cd:" does not.
		if line := findLine(stderr, "cd:", ""); line != "" && strings.Contains(strings.Join(stderr, "\n"), dir) {
			return &SSHError{Host: host, Kind: SSHNoFolder, Detail: line, Dir: dir}
		}
	}
	return nil
}

// sshMessages map what ssh writes to stderr (OpenSSH 7–9, Linux and macOS wording) to a
// failure; the first match wins, so "host key has changed" is tested before the
// "verification failed" line that follows it.
var sshMessages = []struct {
	kind  SSHFailure
	words []string
}{
	{SSHHostKeyChanged, []string{"remote host identification has changed", "has changed and you have requested strict checking"}},
	{SSHHostKeyUnknown, []string{"host key is known for", "host key verification failed"}},
	{SSHUnknownHost, []string{"could not resolve hostname", "name or service not known", "nodename nor servname", "no address associated with hostname", "temporary failure in name resolution"}},
	{SSHRefused, []string{"connection refused"}},
	{SSHTimedOut, []string{"connection timed out", "operation timed out", "no route to host", "network is unreachable", "host is unreachable"}},
	{SSHAuthRefused, []string{"permission denied (", "too many authentication failures", "no more authentication methods"}},
	{SSHDisconnected, []string{"closed by remote host", "broken pipe", "connection reset", "not responding", "mux_client", "client_loop", "connection closed by"}},
}

// classifySSHStderr finds the kind of failure in ssh's stderr and the line that tells.
func classifySSHStderr(lines []string) (SSHFailure, string) {
	for _, m := range sshMessages {
		for _, w := range m.words {
			if line := findLine(lines, w, ""); line != "" {
				return m.kind, line
			}
		}
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			return SSHFailed, lastLine(l)
		}
	}
	return SSHFailed, ""
}

// findLine is the last line containing every given word (case-insensitive; "" is
// ignored), trimmed.
func findLine(lines []string, word, also string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.ToLower(lines[i])
		if strings.Contains(l, strings.ToLower(word)) && strings.Contains(l, strings.ToLower(also)) {
			return lastLine(strings.Trim(lines[i], " \r@"))
		}
	}
	return ""
}

// TooOldError is a claude CLI older than MinVersion.
type TooOldError struct {
	Version string
	Where   string // the binary's path, or "on HOST"
}

func (e *TooOldError) Error() string {
	return fmt.Sprintf("claude CLI %s %s is too old: gclaude needs %s or newer (%s)", e.Version, e.Where, MinVersion, InstallHint)
}
