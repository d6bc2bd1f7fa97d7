package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/render"
)

// hostileHost puts on PATH an ssh that runs the remote command line on this machine,
// and a claude (the "host's") whose answers carry terminal escapes: OSC 0 sets the
// window title, OSC 52 writes the clipboard, CSI clears the screen.
func hostileHost(t *testing.T, claude string) {
	t.Helper()
	dir := t.TempDir()
	ssh := "#!/bin/sh\nfor last; do :; done\nexec sh -c \"$last\"\n"
	if err := os.WriteFile(filepath.Join(dir, "ssh"), []byte(ssh), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "claude"), []byte("#!/bin/sh\n"+claude+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GCLAUDE_SSH_CONFIG", "")
	runtime := t.TempDir()
	if err := os.Chmod(runtime, 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_RUNTIME_DIR", runtime)
}

const (
	osc0  = "\x1b]0;pwned\x07"
	osc52 = "\x1b]52;c;cHduZWQ=\x07"
	csi   = "\x1b[2J"
)

// doctor --host prints what the host's claude says, shown rather than obeyed: no
// escape reaches the terminal. (Before, auth status's stderr and the account's name
// were printed raw.)
func TestDoctorHostShowsWhatAHostileHostSays(t *testing.T) {
	escapes := `printf '\033]0;pwned\007\033]52;c;cHduZWQ=\007\033[2J'`
	tests := map[string]string{
		"auth status stderr": `if [ "$1" = auth ]; then ` + escapes + ` >&2; echo 'no auth here' >&2; exit 1; fi; echo '2.1.328 (Claude Code)'`,
		"account name":       `if [ "$1" = auth ]; then printf '{"loggedIn":true,"authMethod":"claude.ai","email":"me\u001b]0;pwned\u0007@x\u001b]52;c;cHduZWQ=\u0007\u001b[2J"}\n'; exit 0; fi; echo '2.1.328 (Claude Code)'`,
		"version line":       escapes + `; echo ' 2.1.328 (Claude Code)'`,
	}
	for name, claude := range tests {
		t.Run(name, func(t *testing.T) {
			hostileHost(t, claude)
			out, _ := runCmd(t, "doctor", "--host", "me@box")
			if !strings.Contains(out, "host me@box (over ssh)") {
				t.Fatalf("doctor did not reach the fake host:\n%s", out)
			}
			for _, esc := range []string{osc0, osc52, csi, "\x1b"} {
				if strings.Contains(out, esc) {
					t.Fatalf("doctor printed the host's escape %q raw:\n%q", esc, out)
				}
			}
			if p := render.DisplayProblem(out); p != "" {
				t.Errorf("doctor's output: %s\n%q", p, out)
			}
			if !strings.Contains(out, "␛]0;pwned␇") && !strings.Contains(out, `\x1b]0;pwned\a`) {
				t.Errorf("the escapes should be shown as text:\n%s", out)
			}
		})
	}
}

// The local claude's answers go through the same layer.
func TestDoctorShowsWhatALocalClaudeSays(t *testing.T) {
	t.Setenv("CLAUDE_BIN", "")
	bin := filepath.Join(t.TempDir(), "claude")
	script := "#!/bin/sh\nif [ \"$1\" = auth ]; then printf '\\033]52;c;cHduZWQ=\\007 broken' >&2; exit 1; fi\necho '2.1.328 (Claude Code)'\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out, _ := runCmd(t, "doctor", "--claude-bin", bin)
	if strings.Contains(out, "\x1b") || !strings.Contains(out, "␛]52;c;cHduZWQ=␇ broken") {
		t.Fatalf("doctor printed claude's stderr raw:\n%q", out)
	}
}
