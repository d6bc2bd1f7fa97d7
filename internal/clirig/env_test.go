package clirig

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/fakeapi"
)

// bareRig is a Rig without the CLI, for testing the environment it builds.
func bareRig(t *testing.T, opts Options) *Rig {
	t.Helper()
	api, err := fakeapi.New(opts.API)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(api.Close)
	dir := t.TempDir()
	return &Rig{API: api, Home: filepath.Join(dir, "home"), Dir: filepath.Join(dir, "project"), Tmp: filepath.Join(dir, "tmp"), opts: opts}
}

func envMap(env []string) map[string][]string {
	m := map[string][]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = append(m[k], v)
	}
	return m
}

func TestEnvIsSandboxed(t *testing.T) {
	for _, kv := range []string{
		"ANTHROPIC_BASE_URL=https://api.anthropic.com", "ANTHROPIC_AUTH_TOKEN=real", "ANTHROPIC_API_KEY=real",
		"CLAUDE_CONFIG_DIR=/real/config", "CLAUDE_CODE_USE_BEDROCK=1", "CLAUDECODE=1",
		"HTTPS_PROXY=http://proxy:3128", "https_proxy=http://proxy:3128", "NODE_OPTIONS=--require x",
		"OTEL_EXPORTER_OTLP_ENDPOINT=http://collector", "XDG_CONFIG_HOME=/real/xdg", "GCLAUDE_KEEP_ME=yes",
	} {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	r := bareRig(t, Options{})
	env := envMap(r.Env())

	want := map[string]string{
		"ANTHROPIC_BASE_URL": r.API.URL(),
		"ANTHROPIC_API_KEY":  FakeAPIKey,
		"HOME":               r.Home,
		"PWD":                r.Dir,
		"TMPDIR":             r.Tmp,
		"XDG_CONFIG_HOME":    filepath.Join(r.Home, ".config"),
		"DISABLE_TELEMETRY":  "1",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
		"CLAUDE_CODE_MAX_RETRIES":                  "1",
		"PATH":                                     os.Getenv("PATH"),
		"GCLAUDE_KEEP_ME":                          "yes",
	}
	for k, v := range want {
		if got := env[k]; len(got) != 1 || got[0] != v {
			t.Errorf("%s = %q, want exactly %q", k, got, v)
		}
	}
	for _, k := range []string{"ANTHROPIC_AUTH_TOKEN", "CLAUDE_CONFIG_DIR", "CLAUDE_CODE_USE_BEDROCK", "CLAUDECODE",
		"HTTPS_PROXY", "https_proxy", "NODE_OPTIONS", "OTEL_EXPORTER_OTLP_ENDPOINT"} {
		if v, ok := env[k]; ok {
			t.Errorf("%s leaked into the CLI's environment: %q", k, v)
		}
	}
	for k := range env {
		if strings.HasPrefix(k, "ANTHROPIC_") && k != "ANTHROPIC_BASE_URL" && k != "ANTHROPIC_API_KEY" {
			t.Errorf("unexpected %s", k)
		}
	}
}

func TestEnvOverrides(t *testing.T) {
	r := bareRig(t, Options{MaxRetries: 3, Env: []string{"CLAUDE_CODE_MAX_RETRIES=0", "EXTRA=1"}})
	env := envMap(r.Env())
	if got := env["CLAUDE_CODE_MAX_RETRIES"]; !slices.Equal(got, []string{"0"}) {
		t.Errorf("Options.Env did not override MaxRetries: %q", got)
	}
	if got := env["EXTRA"]; !slices.Equal(got, []string{"1"}) {
		t.Errorf("EXTRA = %q", got)
	}
	r = bareRig(t, Options{MaxRetries: 3})
	if got := envMap(r.Env())["CLAUDE_CODE_MAX_RETRIES"]; !slices.Equal(got, []string{"3"}) {
		t.Errorf("MaxRetries 3 gave %q", got)
	}
}

func TestModuleRoot(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || !strings.Contains(string(data), "module github.com/gclaude/gclaude") {
		t.Errorf("ModuleRoot = %s, not this module (%v)", root, err)
	}
}

func TestBinaryPathFromEnv(t *testing.T) {
	dir := t.TempDir()
	notExec := filepath.Join(dir, "claude-text")
	if err := os.WriteFile(notExec, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "claude")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		bin     string
		wantErr bool
	}{
		{exe, false},
		{notExec, true},
		{dir, true},
		{filepath.Join(dir, "missing"), true},
	}
	for _, tc := range tests {
		t.Setenv("CLAUDE_BIN", tc.bin)
		got, err := BinaryPath()
		if (err != nil) != tc.wantErr || (err == nil && got != tc.bin) {
			t.Errorf("CLAUDE_BIN=%s: %q, %v", tc.bin, got, err)
		}
	}
}

// recorder is a testing.TB that records Skip and Fatal instead of ending the test.
type recorder struct {
	testing.TB
	skipped, failed bool
	msg             string
}

type stopped struct{}

func (r *recorder) Helper()             {}
func (r *recorder) Logf(string, ...any) {}
func (r *recorder) Skip(args ...any)    { r.skipped = true; panic(stopped{}) }
func (r *recorder) Fatalf(format string, a ...any) {
	r.failed = true
	r.msg = fmt.Sprintf(format, a...)
	panic(stopped{})
}

func runRequire(t *testing.T) *recorder {
	rec := &recorder{TB: t}
	func() {
		defer func() {
			if v := recover(); v != nil && v != (stopped{}) {
				panic(v)
			}
		}()
		Require(rec)
	}()
	return rec
}

func TestRequireWithoutCLI(t *testing.T) {
	t.Setenv("CLAUDE_BIN", filepath.Join(t.TempDir(), "missing"))

	t.Setenv("GCLAUDE_SKIP_E2E", "")
	t.Setenv(RequireEnv, "")
	if rec := runRequire(t); !rec.skipped || rec.failed {
		t.Errorf("missing CLI in plain go test: skipped=%v failed=%v, want a skip", rec.skipped, rec.failed)
	}
	t.Setenv(RequireEnv, "1")
	if rec := runRequire(t); !rec.failed || !strings.Contains(rec.msg, RequireEnv) {
		t.Errorf("missing CLI under make test: failed=%v msg=%q, want a failure", rec.failed, rec.msg)
	}
	t.Setenv("GCLAUDE_SKIP_E2E", "1")
	if rec := runRequire(t); !rec.skipped || rec.failed {
		t.Errorf("GCLAUDE_SKIP_E2E=1: skipped=%v failed=%v, want a skip", rec.skipped, rec.failed)
	}
}
