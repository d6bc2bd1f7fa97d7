package demo

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/gclaude/gclaude/fakeapi"
	"github.com/gclaude/gclaude/process"
)

// The process package's spawner goroutine lives as long as the program.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction(process.SpawnerGoroutine))
}

func TestSandboxEnv(t *testing.T) {
	sb := &sandbox{home: "/s/home", tmp: "/s/tmp", project: "/s/hello"}
	parent := []string{
		"PATH=/usr/bin", "LANG=C.UTF-8", "TERM=xterm",
		"HOME=/home/me", "PWD=/home/me/src", "TMPDIR=/var/tmp",
		"ANTHROPIC_API_KEY=sk-real", "ANTHROPIC_BASE_URL=https://api.anthropic.com",
		"CLAUDE_CODE_USE_BEDROCK=1", "CLAUDECODE=1", "AWS_PROFILE=work",
		"HTTPS_PROXY=http://proxy:3128", "NODE_OPTIONS=--inspect", "XDG_CONFIG_HOME=/home/me/.config",
		"OTEL_EXPORTER_OTLP_ENDPOINT=http://collector",
	}
	env := sandboxEnv(parent, sb, "http://127.0.0.1:4321")

	values := map[string][]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		values[k] = append(values[k], v)
	}
	want := map[string]string{
		"PATH":                    "/usr/bin",
		"LANG":                    "C.UTF-8",
		"HOME":                    "/s/home",
		"PWD":                     "/s/hello",
		"TMPDIR":                  "/s/tmp",
		"XDG_CONFIG_HOME":         "/s/home/.config",
		"ANTHROPIC_BASE_URL":      "http://127.0.0.1:4321",
		"ANTHROPIC_API_KEY":       fakeAPIKey,
		"DISABLE_TELEMETRY":       "1",
		"CLAUDE_CODE_MAX_RETRIES": "1",
		"NO_PROXY":                "127.0.0.1,localhost",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
	}
	for k, v := range want {
		if got := values[k]; len(got) != 1 || got[0] != v {
			t.Errorf("%s = %q, want exactly %q", k, got, v)
		}
	}
	for _, k := range []string{"CLAUDE_CODE_USE_BEDROCK", "CLAUDECODE", "AWS_PROFILE", "HTTPS_PROXY", "NODE_OPTIONS", "OTEL_EXPORTER_OTLP_ENDPOINT"} {
		if got, ok := values[k]; ok {
			t.Errorf("%s was passed on: %q", k, got)
		}
	}
}

func TestSandboxLifecycle(t *testing.T) {
	sb, err := newSandbox()
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range fakeapi.DemoProject() {
		got, err := os.ReadFile(filepath.Join(sb.project, filepath.FromSlash(name)))
		if err != nil || string(got) != content {
			t.Errorf("%s: %v, content matches: %v", name, err, string(got) == content)
		}
	}
	if info, err := os.Stat(filepath.Join(sb.project, fakeapi.DemoCheckScript)); err != nil || info.Mode().Perm()&0o100 == 0 {
		t.Errorf("the check script is not executable: %v", err)
	}
	if sb.edited() {
		t.Error("edited() before any edit")
	}
	greet := filepath.Join(sb.project, fakeapi.DemoEditFile)
	orig, _ := os.ReadFile(greet)
	if err := os.WriteFile(greet, []byte(strings.Replace(string(orig), fakeapi.DemoEditOld, fakeapi.DemoEditNew, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if !sb.edited() {
		t.Error("edited() is false after the edit")
	}
	// The CLI may leave directories it cannot write; remove must still succeed.
	locked := filepath.Join(sb.home, ".claude", "locked")
	if err := os.MkdirAll(locked, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(locked, "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(locked, 0o500); err != nil {
		t.Fatal(err)
	}
	if err := sb.remove(); err != nil {
		t.Fatalf("remove: %v", err)
	}
	if _, err := os.Stat(sb.base); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("sandbox still there after remove: %v", err)
	}
}

func TestPinnedIn(t *testing.T) {
	exe := func(dir string, mode os.FileMode) {
		t.Helper()
		p := filepath.Join(dir, pinnedUnderRoot)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	gomod := func(dir string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		setup func(dir string)
		found bool
	}{
		{"module with the pinned CLI", func(d string) { gomod(d); exe(d, 0o755) }, true},
		{"not a module", func(d string) { exe(d, 0o755) }, false},
		{"module without a CLI", gomod, false},
		{"CLI not executable", func(d string) { gomod(d); exe(d, 0o644) }, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.setup(dir)
			bin, ok := pinnedIn(dir)
			if ok != tc.found {
				t.Fatalf("pinnedIn = %q, %v; want found=%v", bin, ok, tc.found)
			}
			if ok && bin != filepath.Join(dir, pinnedUnderRoot) {
				t.Errorf("pinnedIn = %q", bin)
			}
		})
	}
}

func TestFindBinaryExplicitIsNotReplaced(t *testing.T) {
	_, err := FindBinary(filepath.Join(t.TempDir(), "no-such-claude"))
	var nf *process.NotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("FindBinary(missing) = %v, want a *process.NotFoundError", err)
	}
}

func TestIntro(t *testing.T) {
	tests := []struct {
		version string
		note    bool
	}{
		{PinnedVersion, false},
		{"2.2.0", true},
	}
	for _, tc := range tests {
		d := &Demo{version: tc.version}
		intro := d.Intro()
		for _, want := range []string{"Type 1", tc.version, "6 use a subagent", "7 several sessions"} {
			if !strings.Contains(intro, want) {
				t.Errorf("version %s: intro lacks %q:\n%s", tc.version, want, intro)
			}
		}
		if got := strings.Contains(intro, "Note:"); got != tc.note {
			t.Errorf("version %s: version note shown = %v, want %v", tc.version, got, tc.note)
		}
	}
}

// The menu in Intro and the numbers DemoTopic understands must agree.
func TestIntroNumbersMatchTopics(t *testing.T) {
	d := &Demo{version: PinnedVersion}
	line := d.Intro()[strings.LastIndex(d.Intro(), "\n")+1:]
	var order []string
	for _, item := range strings.Split(line, " · ") {
		num, words, _ := strings.Cut(item, " ")
		if got, want := fakeapi.DemoTopic(num), fakeapi.DemoTopic(words); got == "" || got != want {
			t.Errorf("%q: the number plays %q, the words %q", item, got, want)
		}
		order = append(order, fakeapi.DemoTopic(num))
	}
	if len(order) != 7 || slices.Contains(order, "") {
		t.Errorf("intro menu %q does not list seven steps", line)
	}
}
