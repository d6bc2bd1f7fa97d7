package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/ui"
)

// parse reads args as the root command does (after the resume rewrite) and returns the
// flags, the prompt and the pass-through arguments.
func parse(t *testing.T, args ...string) (sessionFlags, string, []string) {
	t.Helper()
	var f sessionFlags
	fs := pflag.NewFlagSet("gclaude", pflag.ContinueOnError)
	f.register(fs)
	if err := fs.Parse(optionalResumeValue(args)); err != nil {
		t.Fatalf("parse %q: %v", args, err)
	}
	prompt, extra := splitAtDash(fs.Args(), fs.ArgsLenAtDash())
	return f, prompt, extra
}

func TestFlagsToOptions(t *testing.T) {
	tests := []struct {
		args   []string
		prompt string
		check  func(process.Options) bool
	}{
		{[]string{"hello", "world"}, "hello world", func(o process.Options) bool { return o.Resume == "" && !o.Continue }},
		{[]string{"--model", "sonnet", "--permission-mode", "plan"}, "", func(o process.Options) bool {
			return o.Model == "sonnet" && o.PermissionMode == "plan"
		}},
		{[]string{"-r", "abc-123", "fix it"}, "fix it", func(o process.Options) bool { return o.Resume == "abc-123" }},
		{[]string{"--resume", "abc"}, "", func(o process.Options) bool { return o.Resume == "abc" }},
		{[]string{"--resume=abc"}, "", func(o process.Options) bool { return o.Resume == "abc" }},
		{[]string{"-r"}, "", func(o process.Options) bool { return o.Resume == "" && !o.Continue }},
		{[]string{"-r", "--model", "x"}, "", func(o process.Options) bool { return !o.Continue && o.Resume == "" && o.Model == "x" }},
		{[]string{"-r", "latest"}, "", func(o process.Options) bool { return o.Resume == "" && o.Continue }},
		{[]string{"-c", "--fork-session"}, "", func(o process.Options) bool { return o.Continue && o.ForkSession }},
		{[]string{"--add-dir", "/a", "--add-dir", "/b,/c"}, "", func(o process.Options) bool {
			return reflect.DeepEqual(o.AddDirs, []string{"/a", "/b", "/c"})
		}},
		{[]string{"--allowedTools", "Bash(git:*)", "--disallowed-tools", "Write"}, "", func(o process.Options) bool {
			return reflect.DeepEqual(o.AllowedTools, []string{"Bash(git:*)"}) && reflect.DeepEqual(o.DisallowedTools, []string{"Write"})
		}},
		{[]string{"--settings", "s.json", "--mcp-config", "m.json", "--dangerously-skip-permissions"}, "", func(o process.Options) bool {
			return o.Settings == "s.json" && o.MCPConfig == "m.json" && o.DangerouslySkipPermissions
		}},
		{[]string{"prompt", "--", "--foo", "-r", "bar"}, "prompt", func(o process.Options) bool {
			return reflect.DeepEqual(o.ExtraArgs, []string{"--foo", "-r", "bar"}) && o.Resume == ""
		}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			f, prompt, extra := parse(t, tt.args...)
			o := f.options("/bin/claude", "/proj", extra)
			if prompt != tt.prompt {
				t.Fatalf("prompt = %q, want %q", prompt, tt.prompt)
			}
			if o.Bin != "/bin/claude" || o.Dir != "/proj" || !tt.check(o) {
				t.Fatalf("options = %+v", o)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		args []string
		ok   bool
	}{
		{nil, true},
		{[]string{"--theme", "light"}, true},
		{[]string{"--theme", "neon"}, false},
		{[]string{"--tui", "inline"}, true},
		{[]string{"--tui", "default"}, false},
		{[]string{"--notify", "osc777"}, true},
		{[]string{"--notify", "loud"}, false},
		{[]string{"-r", "x", "-c"}, false},
		{[]string{"--fork-session"}, false},
		{[]string{"-c", "--fork-session"}, true},
	}
	for _, tt := range tests {
		f, _, _ := parse(t, tt.args...)
		if err := f.validate(); (err == nil) != tt.ok {
			t.Errorf("%q: validate = %v, want ok=%v", tt.args, err, tt.ok)
		}
	}
}

func TestRestartOptions(t *testing.T) {
	base := process.Options{Bin: "b", Model: "opus", PermissionMode: "plan", Continue: true, ForkSession: true, Resume: "old", AddDirs: []string{"/x"}}
	o := restartOptions(base, ui.StartRequest{Resume: "sess-2", Model: "sonnet"})
	if o.Resume != "sess-2" || o.Continue || o.ForkSession || o.Model != "sonnet" || o.PermissionMode != "plan" || o.Bin != "b" || len(o.AddDirs) != 1 {
		t.Fatalf("restart options = %+v", o)
	}
	o = restartOptions(base, ui.StartRequest{})
	if o.Resume != "" || o.Continue || o.Model != "opus" {
		t.Fatalf("/clear options = %+v", o)
	}
	// /add-dir's folders come back as --add-dir, once each, and the launch's list is not changed.
	o = restartOptions(base, ui.StartRequest{Resume: "s", AddDirs: []string{"/x", "/y"}})
	if !slices.Equal(o.AddDirs, []string{"/x", "/y"}) || !slices.Equal(base.AddDirs, []string{"/x"}) {
		t.Fatalf("add dirs = %v (launch %v)", o.AddDirs, base.AddDirs)
	}
}

// A session on another host gets the user's choices but none of this machine's paths.
func TestRestartOptionsOnAnotherHost(t *testing.T) {
	base := process.Options{Bin: "/usr/local/bin/claude", Env: []string{"HOME=/sandbox"}, Model: "opus",
		AddDirs: []string{"/here"}, Settings: "/here/settings.json", MCPConfig: `{"mcpServers":{}}`, ExtraArgs: []string{"--debug"}}
	o := restartOptions(base, ui.StartRequest{Host: "me@box:2222", Dir: "/srv/app", Resume: "s", AddDirs: []string{"/srv/lib"}})
	if o.Host != "me@box:2222" || o.Dir != "/srv/app" || o.Bin != "" || o.Env != nil || o.Model != "opus" || o.Resume != "s" ||
		!slices.Equal(o.AddDirs, []string{"/srv/lib"}) || o.Settings != "" || o.MCPConfig != `{"mcpServers":{}}` ||
		!slices.Equal(o.ExtraArgs, []string{"--debug"}) {
		t.Fatalf("remote options = %+v", o)
	}
	if local := restartOptions(base, ui.StartRequest{}); local.Host != "" || local.Bin != base.Bin || local.Settings != base.Settings {
		t.Fatalf("local options = %+v", local)
	}
}

// fakeClaude writes an executable script that prints a version.
func fakeClaude(t *testing.T, version string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "claude")
	if err := os.WriteFile(path, []byte("#!/bin/sh\necho '"+version+" (Claude Code)'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func runCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	root := NewRootCommand()
	var buf bytes.Buffer
	root.SetOut(&buf)
	root.SetErr(&buf)
	root.SetArgs(args)
	err := root.Execute()
	return buf.String(), err
}

func TestDoctor(t *testing.T) {
	t.Setenv("CLAUDE_BIN", "")
	good := fakeClaude(t, "2.1.328")
	out, err := runCmd(t, "doctor", "--claude-bin", good)
	if err != nil || !strings.Contains(out, "found:    "+good) || !strings.Contains(out, "2.1.328") {
		t.Fatalf("good CLI: err %v\n%s", err, out)
	}
	old := fakeClaude(t, "1.0.0")
	out, err = runCmd(t, "doctor", "--claude-bin", old)
	if code, ok := err.(exitCode); !ok || code != 1 || !strings.Contains(out, "too old") {
		t.Fatalf("old CLI: err %v\n%s", err, out)
	}
	out, err = runCmd(t, "doctor", "--claude-bin", filepath.Join(t.TempDir(), "missing"))
	if code, ok := err.(exitCode); !ok || code != 1 || !strings.Contains(out, "not found") {
		t.Fatalf("missing CLI: err %v\n%s", err, out)
	}
}

// fakeClaudeAuth is fakeClaude that also answers `auth status` as CLI 2.1.328 does:
// the JSON status, and exit 1 when not logged in.
func fakeClaudeAuth(t *testing.T, status string, code int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "claude")
	script := "#!/bin/sh\nif [ \"$1\" = auth ]; then echo '" + status + "'; exit " + strconv.Itoa(code) + "; fi\necho '2.1.328 (Claude Code)'\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// doctor says whether claude can sign in, not only which version it is.
func TestDoctorChecksAuthentication(t *testing.T) {
	t.Setenv("CLAUDE_BIN", "")
	out, err := runCmd(t, "doctor", "--claude-bin", fakeClaudeAuth(t, `{"loggedIn":false,"authMethod":"none","apiProvider":"firstParty"}`, 1))
	if code, ok := err.(exitCode); !ok || code != 1 || !strings.Contains(out, "✗ claude is not logged in: run `claude auth login`") ||
		strings.Contains(out, "everything looks fine") {
		t.Fatalf("not logged in: err %v\n%s", err, out)
	}
	out, err = runCmd(t, "doctor", "--claude-bin", fakeClaudeAuth(t, `{"loggedIn":true,"authMethod":"api_key","apiProvider":"firstParty","apiKeySource":"ANTHROPIC_API_KEY"}`, 0))
	if err != nil || !strings.Contains(out, "logged in: api_key from ANTHROPIC_API_KEY ✓") || !strings.Contains(out, "everything looks fine") {
		t.Fatalf("logged in: err %v\n%s", err, out)
	}
	// A CLI that cannot say is reported, not failed.
	out, err = runCmd(t, "doctor", "--claude-bin", fakeClaudeAuth(t, "error: unknown command 'auth'", 1))
	if err != nil || !strings.Contains(out, "? could not ask claude") {
		t.Fatalf("no auth status: err %v\n%s", err, out)
	}
}

func TestMissingBinaryFailsBeforeTheTUI(t *testing.T) {
	_, err := runCmd(t, "--claude-bin", filepath.Join(t.TempDir(), "missing"))
	if err == nil || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("err = %v", err)
	}
}

// Whatever stops the demo before the screen is taken over is a plain error.
func TestDemoFailsBeforeTheTUI(t *testing.T) {
	t.Setenv("CLAUDE_BIN", "")
	missing := filepath.Join(t.TempDir(), "missing")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"demo", "--claude-bin", missing}, "not found"},
		{[]string{"demo", "--claude-bin", fakeClaude(t, "1.0.0")}, "too old"},
		{[]string{"demo", "--theme", "neon"}, "--theme"},
	}
	for _, tt := range tests {
		if _, err := runCmd(t, tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: err = %v, want %q", tt.args, err, tt.want)
		}
	}
}

func TestVersion(t *testing.T) {
	t.Setenv("CLAUDE_BIN", "")
	bin := fakeClaude(t, "2.1.328")
	out, err := runCmd(t, "version", "--claude-bin", bin)
	if err != nil || !strings.HasPrefix(out, "gclaude ") || !strings.Contains(out, "\nclaude  2.1.328 at "+bin+"\n") {
		t.Fatalf("version: %v %q", err, out)
	}
	out, err = runCmd(t, "version", "--claude-bin", filepath.Join(t.TempDir(), "missing"))
	if err != nil || !strings.Contains(out, "claude  not found: install it with") {
		t.Fatalf("version without claude: %v %q", err, out)
	}
}

func TestFormatVersion(t *testing.T) {
	vcs := func(rev, modified string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified},
		}}
	}
	tests := []struct {
		info              *debug.BuildInfo
		version, revision string
		want              string
	}{
		{vcs("0123456789abcdef", "false"), "", "", "dev 0123456789ab"},
		{vcs("0123456789abcdef", "true"), "", "", "dev 0123456789ab+dirty"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "", "", "v1.2.3"},
		// -buildvcs=false or a git worktree: make build passes the revision.
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "", "fedcba987654+dirty", "dev fedcba987654+dirty"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "", "", "dev, revision not recorded"},
		{nil, "v2.0.0", "", "v2.0.0"},
	}
	for _, tt := range tests {
		if got := formatVersion(tt.info, tt.version, tt.revision); got != tt.want {
			t.Errorf("formatVersion(%v, %q, %q) = %q, want %q", tt.info, tt.version, tt.revision, got, tt.want)
		}
	}
}
