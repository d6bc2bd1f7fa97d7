package process

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestBuildArgs(t *testing.T) {
	base := headlessArgs
	tests := []struct {
		name string
		o    Options
		want []string // after the headless flags
	}{
		{"zero", Options{}, nil},
		{"model and mode", Options{Model: "sonnet", PermissionMode: "plan"},
			[]string{"--model=sonnet", "--permission-mode=plan"}},
		{"resume fork", Options{Resume: "abc", ForkSession: true},
			[]string{"--resume=abc", "--fork-session"}},
		{"resume at a message", Options{Resume: "abc", ResumeAt: "u-1"},
			[]string{"--resume=abc", "--resume-session-at=u-1"}},
		{"resume at without resume", Options{ResumeAt: "u-1"}, nil},
		{"continue and session id", Options{Continue: true, SessionID: "0b8f6c1e-0000-4000-8000-000000000000"},
			[]string{"--continue", "--session-id=0b8f6c1e-0000-4000-8000-000000000000"}},
		{"lists", Options{AddDirs: []string{"/a", "-b"}, AllowedTools: []string{"Bash(git *)", "Edit"}, DisallowedTools: []string{"WebFetch"}},
			[]string{"--add-dir=/a", "--add-dir=-b", "--allowedTools=Bash(git *),Edit", "--disallowedTools=WebFetch"}},
		{"settings and mcp", Options{Settings: `{"a":1}`, MCPConfig: "mcp.json"},
			[]string{`--settings={"a":1}`, "--mcp-config=mcp.json"}},
		{"switches", Options{DangerouslySkipPermissions: true, ForwardSubagentText: true},
			[]string{"--dangerously-skip-permissions", "--forward-subagent-text"}},
		{"extra args last", Options{Model: "opus", ExtraArgs: []string{"--effort", "high"}},
			[]string{"--model=opus", "--effort", "high"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := BuildArgs(tt.o)
			want := append(slices.Clone(base), tt.want...)
			if !slices.Equal(got, want) {
				t.Errorf("BuildArgs =\n  %q\nwant\n  %q", got, want)
			}
		})
	}
}

func TestBuildArgsAlwaysHeadless(t *testing.T) {
	got := strings.Join(BuildArgs(Options{}), " ")
	want := "--output-format stream-json --verbose --input-format stream-json --permission-prompt-tool stdio --include-partial-messages"
	if got != want {
		t.Errorf("BuildArgs(zero) = %q", got)
	}
}

func TestWithDefaults(t *testing.T) {
	o := Options{RequestTimeout: time.Second}.withDefaults()
	if o.RequestTimeout != time.Second || o.InitTimeout != defaultInitTimeout ||
		o.StderrLines != defaultStderrLines || o.stop != defaultStop {
		t.Errorf("withDefaults = %+v", o)
	}
}

func TestEnviron(t *testing.T) {
	t.Setenv("CLAUDECODE", "1")
	t.Setenv("CLAUDE_CODE_SESSION_ID", "outer")
	t.Setenv("PWD", "/somewhere/else")
	t.Setenv("GCLAUDE_TEST_KEEP", "kept")

	explicit := []string{"A=1", "CLAUDECODE=1"}
	if got := Environ(Options{Env: explicit}); !slices.Equal(got, explicit) {
		t.Errorf("explicit Env changed: %q", got)
	}

	dir := t.TempDir()
	env := Environ(Options{Dir: dir})
	has := func(kv string) bool { return slices.Contains(env, kv) }
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if slices.Contains(nestedSessionVars, k) {
			t.Errorf("nested-session variable passed on: %s", kv)
		}
		if k == "CLAUDE_CODE_ENTRYPOINT" {
			t.Errorf("entrypoint set: %s", kv)
		}
	}
	if !has("PWD="+dir) || has("PWD=/somewhere/else") || !has("GCLAUDE_TEST_KEEP=kept") {
		t.Errorf("Environ = %q", env)
	}
	if env := Environ(Options{}); !slices.Contains(env, "PWD=/somewhere/else") {
		t.Error("PWD replaced without a Dir")
	}
	// File checkpoints for /rewind: on in either environment, and the caller's own value wins.
	on := "CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=true"
	if got := Environ(Options{Env: explicit, FileCheckpointing: true}); !slices.Contains(got, on) || len(explicit) != 2 {
		t.Errorf("checkpointing with an explicit Env: %q", got)
	}
	if got := Environ(Options{FileCheckpointing: true}); !slices.Contains(got, on) {
		t.Errorf("checkpointing: %q", got)
	}
	off := []string{"CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING=false"}
	if got := Environ(Options{Env: off, FileCheckpointing: true}); !slices.Equal(got, off) {
		t.Errorf("the caller's value was overridden: %q", got)
	}
	if got := Environ(Options{Env: explicit}); slices.Contains(got, on) {
		t.Errorf("checkpointing without asking: %q", got)
	}
}
