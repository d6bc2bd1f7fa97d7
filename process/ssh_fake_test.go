package process

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// fakeSSH puts an `ssh` on PATH that records its arguments (one per line, in
// argsFile) and then runs body (sh). It returns the arguments file.
func fakeSSH(t *testing.T, body string) string {
	t.Helper()
	dir := t.TempDir()
	argsFile := filepath.Join(dir, "args")
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" + argsFile + "'\n" + body + "\n"
	if err := os.WriteFile(filepath.Join(dir, "ssh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv(SSHConfigEnv, "")
	return argsFile
}

func startRemoteFake(t *testing.T, body string, tweak ...func(*Options)) (*harness, string) {
	t.Helper()
	args := fakeSSH(t, body)
	o := Options{Host: "me@box:2222", Dir: "/w s/it's", SSH: SSHSettings{ControlDir: privateTempDir(t)}, stop: quickStop}
	for _, f := range tweak {
		f(&o)
	}
	return startSession(t, o, nil), args
}

// ssh failing says what failed in words the user can act on, and is not a
// "disconnected" (nothing was ever connected).
func TestRemoteStartFailuresAreClassified(t *testing.T) {
	tests := []struct {
		name   string
		stderr string
		code   int
		kind   SSHFailure
		words  string
	}{
		{"unknown host", "ssh: Could not resolve hostname box: Name or service not known", 255, SSHUnknownHost, "unknown host"},
		{"refused", "ssh: connect to host box port 2222: Connection refused", 255, SSHRefused, "refused the connection"},
		{"timed out", "ssh: connect to host box port 2222: Connection timed out", 255, SSHTimedOut, "no answer from"},
		{"unreachable", "ssh: connect to host box port 2222: No route to host", 255, SSHTimedOut, "no answer from"},
		{"auth", "me@box: Permission denied (publickey).", 255, SSHAuthRefused, "refused the login"},
		{"host key changed", "@@@@@@@@@@@\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\n@@@@@@@@@\nHost key for [box]:2222 has changed and you have requested strict checking.\nHost key verification failed.", 255, SSHHostKeyChanged, "has CHANGED"},
		{"host key unknown", "No ED25519 host key is known for [box]:2222 and you have requested strict checking.\nHost key verification failed.", 255, SSHHostKeyUnknown, "add it to your known_hosts yourself"},
		{"something else", "ssh: weird failure", 255, SSHFailed, "ssh to me@box:2222 failed (ssh: ssh: weird failure)"},
		{"no claude (dash)", "sh: 1: exec: claude: not found", 127, SSHNoClaude, "install it on me@box:2222: npm install -g @anthropic-ai/claude-code"},
		{"no claude (bash)", "bash: line 1: exec: claude: not found", 127, SSHNoClaude, "claude is not on the PATH on me@box:2222"},
		{"no claude (dash, sh -c)", "sh: 2: exec: claude: not found", 127, SSHNoClaude, "install it on"},
		{"no folder (dash)", "sh: 1: cd: can't cd to /w s/it's", 2, SSHNoFolder, "the folder /w s/it's does not exist on me@box:2222"},
		{"no folder (bash)", "bash: line 1: cd: /w s/it's: No such file or directory", 1, SSHNoFolder, "does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := "printf '%s\\n' " + shellQuote(tt.stderr) + " >&2\nexit " + strconv.Itoa(tt.code)
			h, _ := startRemoteFake(t, body)
			x := h.exited()
			var se *SSHError
			if !errors.As(x.Err, &se) {
				t.Fatalf("Exited.Err = %v (%T), want an *SSHError", x.Err, x.Err)
			}
			if se.Kind != tt.kind || !strings.Contains(se.Error(), tt.words) {
				t.Errorf("SSHError = %v (kind %d), want kind %d saying %q", se, se.Kind, tt.kind, tt.words)
			}
			if x.Disconnected {
				t.Error("Disconnected set for a session that never connected")
			}
		})
	}
}

// A remote claude exiting on its own is not an ssh failure, whatever its status.
func TestRemoteClaudeExitIsItsOwn(t *testing.T) {
	h, _ := startRemoteFake(t, "echo 'some claude error' >&2; exit 1")
	x := h.exited()
	var se *SSHError
	if errors.As(x.Err, &se) || x.Code != 1 || x.Disconnected {
		t.Errorf("Exited = %+v, want code 1 without an SSHError", x)
	}
}

// ssh ending with 255 after claude had answered is a lost connection: the UI shows
// "disconnected" and may resume.
func TestRemoteConnectionLostMidSessionIsDisconnected(t *testing.T) {
	h, _ := startRemoteFake(t, `echo gclaude-remote-pid=4242 >&2; read line; echo '{"type":"keep_alive"}'; sleep 0.2; echo "Connection to box closed by remote host." >&2; exit 255`)
	x := h.exited()
	var se *SSHError
	if !x.Disconnected || !errors.As(x.Err, &se) || se.Kind != SSHDisconnected {
		t.Fatalf("Exited = %+v, want Disconnected with an SSHError of kind SSHDisconnected", x)
	}
	if x.RemotePID != 4242 {
		t.Errorf("RemotePID = %d, want 4242", x.RemotePID)
	}
	for _, l := range x.Stderr {
		if strings.Contains(l, "gclaude-remote-pid") {
			t.Errorf("gclaude's pid line kept in claude's stderr: %q", x.Stderr)
		}
	}
	if !strings.Contains(se.Error(), "connection to me@box:2222 was lost") {
		t.Errorf("error = %q", se.Error())
	}
}

// ssh is run with the user's own host key checking, never prompting, over one
// multiplexed connection, and the remote command is claude's usual arguments, quoted.
func TestRemoteSSHArguments(t *testing.T) {
	h, argsFile := startRemoteFake(t, "cat >/dev/null", func(o *Options) {
		o.Model = "it's $HOME"
		o.FileCheckpointing = true
		o.SSH.Config = "/etc/my ssh config"
	})
	if err := h.s.Close(); err != nil {
		t.Fatal(err)
	}
	if x := h.exited(); x.Err != nil {
		t.Fatalf("Exited = %+v", x)
	}
	b, err := os.ReadFile(argsFile)
	if err != nil {
		t.Fatal(err)
	}
	args := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	controlDir := h.s.host.controlDir
	for _, want := range [][]string{
		{"-F", "/etc/my ssh config"}, {"-o", "BatchMode=yes"}, {"-o", "ControlMaster=auto"},
		{"-o", "ControlPath=" + controlDir + "/%C"}, {"-o", "ControlPersist=" + controlPersist}, {"-p", "2222"},
	} {
		if i := slices.Index(args, want[0]); i < 0 || !slices.Contains(args[i:], want[1]) || args[slices.Index(args[i:], want[1])+i-1] != want[0] {
			t.Errorf("ssh args lack %q: %q", want, args)
		}
	}
	for _, a := range args {
		if strings.Contains(strings.ToLower(a), "stricthostkeychecking") || strings.Contains(a, "UserKnownHostsFile") {
			t.Errorf("ssh args override host key checking: %q", a)
		}
	}
	n := len(args)
	if n < 3 || args[n-3] != "--" || args[n-2] != "me@box" {
		t.Fatalf("ssh args end %q, want -- me@box COMMAND", args[max(0, n-3):])
	}
	script := `printf 'gclaude-remote-pid=%s\n' "$$" >&2 && cd -- '/w s/it'\''s' && exec env CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true claude ` +
		shellJoin(BuildArgs(Options{Model: "it's $HOME"}))
	if want := "exec sh -c " + shellQuote(script); args[n-1] != want {
		t.Errorf("remote command\n got %s\nwant %s", args[n-1], want)
	}
	if !strings.Contains(script, `'--model=it'\''s $HOME'`) {
		t.Errorf("model not quoted: %s", script)
	}
}

func TestSplitHostSpec(t *testing.T) {
	tests := []struct{ spec, dest, port string }{
		{"box", "box", ""},
		{"me@box", "me@box", ""},
		{"me@box:2222", "me@box", "2222"},
		{"box.example.com:22", "box.example.com", "22"},
		{"me@[::1]:2222", "me@::1", "2222"},
		{"[fe80::1]", "fe80::1", ""},
		{"::1", "::1", ""},
		{"a@b@box:1", "a@b@box", "1"},
	}
	for _, tt := range tests {
		dest, port, err := splitHostSpec(tt.spec)
		if err != nil || dest != tt.dest || port != tt.port {
			t.Errorf("splitHostSpec(%q) = %q, %q, %v; want %q, %q", tt.spec, dest, port, err, tt.dest, tt.port)
		}
	}
	for _, bad := range []string{"", "box:0", "box:99999", "box:ssh", "-oProxyCommand=x", "me@-box", "a b", "box\n", "[::1", "[::1]x", "me@"} {
		if _, _, err := splitHostSpec(bad); err == nil {
			t.Errorf("splitHostSpec(%q) accepted", bad)
		}
	}
}

// Run and ReadHead report ssh's failures and the remote command's the same way.
func TestSSHHostRunErrors(t *testing.T) {
	ctx := ctxT(t)
	newHost := func() *SSHHost {
		h, err := NewSSHHost("box", SSHSettings{ControlDir: privateTempDir(t)})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	t.Run("auth", func(t *testing.T) {
		fakeSSH(t, "echo 'me@box: Permission denied (publickey).' >&2; exit 255")
		_, err := newHost().Run(ctx, "", "true")
		var se *SSHError
		if !errors.As(err, &se) || se.Kind != SSHAuthRefused {
			t.Errorf("Run = %v, want SSHAuthRefused", err)
		}
	})
	t.Run("unreadable file", func(t *testing.T) {
		fakeSSH(t, "echo 'sh: 1: cannot open /x: Permission denied' >&2; exit 2")
		_, err := newHost().ReadHead(ctx, "/x", 100)
		if !errors.Is(err, fs.ErrPermission) {
			t.Errorf("ReadHead = %v, want fs.ErrPermission", err)
		}
	})
	t.Run("command fails", func(t *testing.T) {
		fakeSSH(t, "echo 'fatal: not a git repository' >&2; exit 128")
		_, err := newHost().Run(ctx, "/r", "git", "status")
		var re *RemoteExitError
		if !errors.As(err, &re) || re.Code != 128 || !strings.Contains(err.Error(), "not a git repository") {
			t.Errorf("Run = %v, want a RemoteExitError with code 128 and the stderr", err)
		}
	})
	t.Run("output", func(t *testing.T) {
		args := fakeSSH(t, "printf 'a b'")
		out, err := newHost().Run(ctx, "/r s", "ls", "-l", "x y")
		if err != nil || string(out) != "a b" {
			t.Fatalf("Run = %q, %v", out, err)
		}
		b, _ := os.ReadFile(args)
		if !strings.HasSuffix(string(b), "--\nbox\ncd -- '/r s' && exec ls -l 'x y'\n") {
			t.Errorf("ssh args = %q", b)
		}
	})
}

// A remote claude older than MinVersion is found out from initialize's answer (its
// version is not asked before it starts) and stopped with words that say so.
func TestRemoteClaudeTooOld(t *testing.T) {
	h, _ := startRemoteFake(t, `read line
id=$(printf '%s' "$line" | sed 's/.*"request_id":"\([^"]*\)".*/\1/')
printf '{"type":"control_response","response":{"subtype":"success","request_id":"%s","response":{"claude_code_version":"1.0.128"}}}\n' "$id"
cat >/dev/null`)
	fail := expect[InitFailed](h)
	var old *TooOldError
	if !errors.As(fail.Err, &old) || old.Version != "1.0.128" || !strings.Contains(old.Error(), "on me@box:2222 is too old") {
		t.Fatalf("InitFailed = %v, want a TooOldError for me@box:2222", fail.Err)
	}
	if x := h.exited(); !errors.As(x.Stopped, &old) {
		t.Errorf("Exited = %+v, want Stopped by the TooOldError", x)
	}
}
