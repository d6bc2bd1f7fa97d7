package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/internal/clirig"
)

// complete runs the shell completion's hidden command as `gclaude <args><tab>` would.
func complete(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := runCmd(t, optionalResumeValue(append([]string{"__complete"}, args...))...)
	if err != nil {
		t.Fatalf("complete %q: %v\n%s", args, err, out)
	}
	var values []string
	for _, l := range strings.Split(out, "\n") {
		if l == "" || strings.HasPrefix(l, ":") || strings.HasPrefix(l, "Completion ended") {
			continue
		}
		v, _, _ := strings.Cut(l, "\t")
		values = append(values, v)
	}
	return values
}

func TestCompletion(t *testing.T) {
	home, project := t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	fixtures, err := filepath.Abs(sessionFixtures)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	dir := sessionFilesDir(home, project, os.Getenv)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"compact.jsonl", "tools.jsonl"} {
		b, err := os.ReadFile(filepath.Join(fixtures, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"--permission-mode", ""}, []string{"default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"}},
		{[]string{"--theme", ""}, []string{"auto", "dark", "light"}},
		{[]string{"--tui", ""}, []string{"fullscreen", "inline"}},
		{[]string{"--notify", ""}, []string{"auto", "bell", "osc9", "osc777", "off"}},
		{[]string{"--model", ""}, []string{"default", "opus", "sonnet", "haiku", "fable"}},
		{[]string{"--resume", ""}, []string{"compact", "tools"}},
		{[]string{"-r", ""}, []string{"compact", "tools"}},
		{[]string{"--resume", "to"}, []string{"compact", "tools"}}, // the shell keeps those starting with "to"
		{[]string{"--resume", "tools", ""}, nil},                   // a prompt word: no files, no ids
	}
	for _, tt := range tests {
		got := complete(t, tt.args...)
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("gclaude %q<tab> offers %q, want %q among them", tt.args, got, w)
			}
		}
		if tt.want == nil && len(got) != 0 {
			t.Errorf("gclaude %q<tab> offers %q, want nothing", tt.args, got)
		}
	}
}

// The pass-through example of --help names a flag the pinned claude really has.
func TestHelpPassThroughExample(t *testing.T) {
	bin := clirig.Require(t)
	help, err := exec.Command(bin, "--help").Output()
	if err != nil {
		t.Fatalf("claude --help: %v", err)
	}
	examples := NewRootCommand().Example
	found := 0
	for _, line := range strings.Split(examples, "\n") {
		_, after, ok := strings.Cut(line, " -- ")
		if !ok {
			continue
		}
		flag, _, _ := strings.Cut(strings.TrimSpace(after), " ")
		found++
		if !strings.Contains(string(help), flag+" ") {
			t.Errorf("the example passes %s, which claude --help does not list", flag)
		}
	}
	if found == 0 {
		t.Fatalf("no pass-through example in:\n%s", examples)
	}
}

// --help shows --resume's value as optional, not the internal value a bare --resume
// stands for.
func TestHelpHidesResumeSentinel(t *testing.T) {
	out, err := runCmd(t, "--help")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, `"`+resumePick+`"`) || !strings.Contains(out, "-r, --resume [id|name]  ") {
		t.Fatalf("--help:\n%s", out)
	}
}

// --help says how to reach the workspace: another session, the list, the inbox.
func TestHelpNamesTheWorkspace(t *testing.T) {
	out, err := runCmd(t, "--help")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"/open [dir]", "alt+s (/sessions)", "alt+i (/inbox)", "--worktree NAME"} {
		if !strings.Contains(out, want) {
			t.Errorf("--help lacks %q:\n%s", want, out)
		}
	}
}
