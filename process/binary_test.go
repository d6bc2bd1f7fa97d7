package process

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// script writes an executable shell script and returns its path.
func script(t *testing.T, path, body string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFindBinary(t *testing.T) {
	root := t.TempDir()
	explicit := script(t, filepath.Join(root, "explicit", "my-claude"), "")
	fromEnv := script(t, filepath.Join(root, "env", "claude"), "")
	onPath := script(t, filepath.Join(root, "path", "claude"), "")
	home := filepath.Join(root, "home")
	local := script(t, filepath.Join(home, ".claude", "local", "claude"), "")
	emptyHome := filepath.Join(root, "empty-home")
	notExec := filepath.Join(root, "plain", "claude")
	if err := os.MkdirAll(filepath.Dir(notExec), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notExec, nil, 0o644); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name       string
		explicit   string
		env, path  string
		home       string
		want       string
		wantErrFor []string // NotFoundError mentions each
	}{
		{name: "explicit first", explicit: explicit, env: fromEnv, path: filepath.Dir(onPath), home: home, want: explicit},
		{name: "CLAUDE_BIN next", env: fromEnv, path: filepath.Dir(onPath), home: home, want: fromEnv},
		{name: "PATH next", path: filepath.Dir(onPath), home: home, want: onPath},
		{name: "local install last", path: filepath.Join(root, "nothing"), home: home, want: local},
		{name: "explicit name looked up on PATH", explicit: "my-claude", path: filepath.Dir(explicit), want: explicit},
		{name: "missing explicit does not fall back", explicit: filepath.Join(root, "nope"), path: filepath.Dir(onPath),
			wantErrFor: []string{"--claude-bin " + filepath.Join(root, "nope") + ": not found"}},
		{name: "missing CLAUDE_BIN does not fall back", env: filepath.Join(root, "nope"), path: filepath.Dir(onPath),
			wantErrFor: []string{"$CLAUDE_BIN"}},
		{name: "not executable", explicit: notExec, wantErrFor: []string{"not executable"}},
		{name: "nothing anywhere", path: filepath.Join(root, "nothing"), home: emptyHome,
			wantErrFor: []string{"claude on $PATH: not found", filepath.Join(emptyHome, ".claude", "local", "claude") + ": not found"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("CLAUDE_BIN", tt.env)
			t.Setenv("PATH", tt.path)
			t.Setenv("HOME", tt.home)
			got, err := FindBinary(tt.explicit)
			if tt.wantErrFor == nil {
				if err != nil || got != tt.want {
					t.Fatalf("FindBinary = %q, %v; want %q", got, err, tt.want)
				}
				return
			}
			var nf *NotFoundError
			if !errors.As(err, &nf) {
				t.Fatalf("FindBinary = %q, %v; want a *NotFoundError", got, err)
			}
			msg := err.Error()
			for _, s := range append(tt.wantErrFor, InstallHint) {
				if !strings.Contains(msg, s) {
					t.Errorf("error does not mention %q:\n%s", s, msg)
				}
			}
		})
	}
}

func TestFindBinaryMakesRelativePathsAbsolute(t *testing.T) {
	dir := t.TempDir()
	want := script(t, filepath.Join(dir, "bin", "claude"), "")
	t.Chdir(dir)
	got, err := FindBinary("./bin/claude")
	if err != nil || got != want {
		t.Errorf("FindBinary = %q, %v; want %q", got, err, want)
	}
}

func TestCheckVersion(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, body string
		want       string
		errHas     string
	}{
		{"current", `echo "2.1.328 (Claude Code)"`, "2.1.328", ""},
		{"minimum", `echo "2.0.0 (Claude Code)"`, "2.0.0", ""},
		{"too old", `echo "1.0.128 (Claude Code)"`, "1.0.128", "too old"},
		{"not a version", `echo "hello world"`, "", "not a version"},
		{"fails", `echo "cannot start" >&2; exit 3`, "", "cannot start"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bin := script(t, filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")), tt.body)
			got, err := CheckVersion(bin)
			if got != tt.want {
				t.Errorf("version = %q, want %q", got, tt.want)
			}
			if tt.errHas == "" && err != nil || tt.errHas != "" && (err == nil || !strings.Contains(err.Error(), tt.errHas)) {
				t.Errorf("err = %v, want one containing %q", err, tt.errHas)
			}
		})
	}
}

func TestParseVersion(t *testing.T) {
	tests := []struct {
		in   string
		want version
		ok   bool
	}{
		{"2.1.328", version{2, 1, 328}, true},
		{"2.1.0-beta.1", version{2, 1, 0}, true},
		{"10.0.1+build", version{10, 0, 1}, true},
		{"2.1", version{}, false},
		{"v2.1.3", version{}, false},
		{"", version{}, false},
	}
	for _, tt := range tests {
		got, ok := parseVersion(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseVersion(%q) = %v, %v", tt.in, got, ok)
		}
	}
	if !(version{1, 9, 9}).less(version{2, 0, 0}) || (version{2, 0, 0}).less(version{2, 0, 0}) ||
		(version{2, 10, 0}).less(version{2, 9, 9}) {
		t.Error("less is wrong")
	}
}
