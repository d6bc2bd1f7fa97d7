// Package clirig runs the real claude CLI in tests: it locates the pinned binary, starts
// a fakeapi server for it to talk to, and builds a sandbox (throwaway HOME, TMPDIR and
// project directory) with an environment that can reach nothing but the fake.
//
// The headless CLI needs no prepared HOME: with an empty one it skips onboarding and
// trust prompts and writes its own ~/.claude.json on first start. gclaude asks
// whether to trust a folder before it starts claude there, so the rig's HOME trusts
// its project folder in Claude Code's record (unless Options.Untrusted), as the
// machine of a user who ran Claude Code there once does.
package clirig

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/internal/clienv"
	"github.com/gclaude/gclaude/internal/trust"
)

// FakeAPIKey is the API key the CLI is given; the fake accepts any key.
const FakeAPIKey = "sk-test-fake"

// HeadlessArgs returns the flags gclaude runs the CLI with (a fresh slice).
func HeadlessArgs() []string {
	return []string{
		"--output-format", "stream-json",
		"--verbose",
		"--input-format", "stream-json",
		"--permission-prompt-tool", "stdio",
		"--include-partial-messages",
	}
}

// Options configure a Rig. The zero value is ready to use.
type Options struct {
	// API configures the fake Messages API server.
	API fakeapi.Config
	// MaxRetries is CLAUDE_CODE_MAX_RETRIES; 0 means 1 (so error tests finish quickly).
	MaxRetries int
	// Env entries (KEY=VALUE) are applied last and override the rig's own.
	Env []string
	// Files are written into the project directory before New returns
	// (slash-separated relative path → content).
	Files map[string]string
	// Untrusted leaves the project folder out of Claude Code's record in HOME: gclaude
	// then asks whether to trust it before anything of it runs (the trust tests).
	Untrusted bool
}

// Rig is a sandbox for one test. All its directories are removed when the test ends,
// and the fake API server is closed.
type Rig struct {
	Bin  string          // the claude executable
	API  *fakeapi.Server // the fake the CLI talks to
	Home string          // HOME (empty at start)
	Dir  string          // the project directory: the CLI's working directory
	Tmp  string          // TMPDIR (the CLI keeps task output and sockets there)

	opts Options
}

// New builds a rig for t. It fails the test (or skips it, see Require) when the CLI is
// not installed.
func New(t testing.TB, opts Options) *Rig {
	t.Helper()
	bin := Require(t)
	api, err := fakeapi.New(opts.API)
	if err != nil {
		t.Fatalf("clirig: %v", err)
	}
	t.Cleanup(api.Close)

	base := t.TempDir()
	r := &Rig{
		Bin:  bin,
		API:  api,
		Home: filepath.Join(base, "home"),
		Dir:  filepath.Join(base, "project"),
		Tmp:  shortTempDir(t),
		opts: opts,
	}
	for _, d := range []string{r.Home, r.Dir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatalf("clirig: %v", err)
		}
	}
	for name, content := range opts.Files {
		r.WriteFile(t, name, content)
	}
	if !opts.Untrusted {
		if err := trust.Seed(r.Home, r.Dir); err != nil {
			t.Fatalf("clirig: %v", err)
		}
	}
	return r
}

// shortTempDir is a temporary directory with a short path: the CLI puts a Unix socket
// in TMPDIR and falls back to a shared /tmp directory when the path is too long.
func shortTempDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "clirig")
	if err != nil {
		t.Fatalf("clirig: %v", err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	return dir
}

// Path is the absolute path of a project-relative (slash-separated) name.
func (r *Rig) Path(name string) string { return filepath.Join(r.Dir, filepath.FromSlash(name)) }

// WriteFile writes a file into the project directory, creating parent directories.
func (r *Rig) WriteFile(t testing.TB, name, content string) {
	t.Helper()
	p := r.Path(name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatalf("clirig: %v", err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatalf("clirig: %v", err)
	}
}

// Env is the complete environment for the CLI: the parent's environment without
// anything that could point the CLI at a real endpoint or account, plus the sandbox.
func (r *Rig) Env() []string {
	return clienv.Sandboxed(os.Environ(), clienv.Spec{
		Home:       r.Home,
		Dir:        r.Dir,
		Tmp:        r.Tmp,
		APIURL:     r.API.URL(),
		APIKey:     FakeAPIKey,
		MaxRetries: r.opts.MaxRetries,
		Extra:      r.opts.Env,
	})
}

// Command is the CLI with args, run in the project directory with Env. ctx ending
// kills it; pipes are given up 10 s after it exits so Wait cannot hang.
func (r *Rig) Command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, r.Bin, args...)
	cmd.Dir = r.Dir
	cmd.Env = r.Env()
	cmd.WaitDelay = 10 * time.Second
	return cmd
}
