package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Answers go where Claude Code writes them, keeping what the file held.
func TestDecideWritesTheAnswersToLocalSettings(t *testing.T) {
	w := newWorld(t)
	d := w.dir("app")
	w.write(filepath.Join(d, ".mcp.json"), `{"mcpServers": {"a": {"command": "a"}, "b": {"command": "b"}, "c": {"command": "c"}}}`)
	local := filepath.Join(d, ".claude", "settings.local.json")
	w.write(local, `{"permissions": {"allow": ["Read"]}, "enabledMcpjsonServers": ["old"]}`)
	if err := Decide(t.Context(), w.fs, d, Choice{Use: []string{"a"}}); err != nil {
		t.Fatal(err)
	}
	if err := Decide(t.Context(), w.fs, d, Choice{Decline: []string{"b"}}); err != nil {
		t.Fatal(err)
	}
	got := readJSON(t, local)
	if got["permissions"] == nil || strings.Join(toStrings(got["enabledMcpjsonServers"]), ",") != "old,a" || strings.Join(toStrings(got["disabledMcpjsonServers"]), ",") != "b" {
		t.Fatalf("settings.local.json: %v", got)
	}
	v := w.check(d, Options{})
	if s := v.NewServers(); len(s) != 1 || s[0].Name != "c" {
		t.Fatalf("new servers after the answers: %+v", s)
	}
	if err := Decide(t.Context(), w.fs, d, Choice{Use: []string{"c"}, All: true}); err != nil {
		t.Fatal(err)
	}
	if got := readJSON(t, local); got["enableAllProjectMcpServers"] != true {
		t.Fatalf("this and all future servers: %v", got)
	}
	if b, _ := os.ReadFile(local); !strings.HasSuffix(string(b), "}\n") {
		t.Fatalf("settings end with a newline, as Claude Code writes them: %q", b)
	}
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// A hostile folder cannot make the answer land elsewhere or wipe a file it cannot read.
func TestDecideRefusesLinksAndBrokenFiles(t *testing.T) {
	w := newWorld(t)
	victim := filepath.Join(w.root, "victim")
	w.write(filepath.Join(victim, "settings.local.json"), "precious")

	linkedDir := w.dir("linked-dir")
	if err := os.Symlink(victim, filepath.Join(linkedDir, ".claude")); err != nil {
		t.Fatal(err)
	}
	linkedFile := w.dir("linked-file")
	w.mkdir(filepath.Join(linkedFile, ".claude"))
	if err := os.Symlink(filepath.Join(victim, "settings.local.json"), filepath.Join(linkedFile, ".claude", "settings.local.json")); err != nil {
		t.Fatal(err)
	}
	broken := w.dir("broken")
	w.write(filepath.Join(broken, ".claude", "settings.local.json"), `{"enabledMcpjsonServers": [`)
	notList := w.dir("not-list")
	w.write(filepath.Join(notList, ".claude", "settings.local.json"), `{"disabledMcpjsonServers": "x"}`)

	for _, d := range []string{linkedDir, linkedFile, broken, notList} {
		if err := Decide(t.Context(), w.fs, d, Choice{Decline: []string{"s"}}); err == nil {
			t.Errorf("%s: Decide wrote", filepath.Base(d))
		}
	}
	if b, _ := os.ReadFile(filepath.Join(victim, "settings.local.json")); string(b) != "precious" {
		t.Fatalf("a file outside the folder was written: %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(broken, ".claude", "settings.local.json")); string(b) != `{"enabledMcpjsonServers": [` {
		t.Fatalf("a broken settings file was written over: %q", b)
	}
}

func TestDecideMakesTheClaudeFolder(t *testing.T) {
	w := newWorld(t)
	d := w.dir("app")
	if err := Decide(t.Context(), w.fs, d, Choice{Decline: []string{"x"}}); err != nil {
		t.Fatal(err)
	}
	if got := readJSON(t, filepath.Join(d, localSettings)); strings.Join(toStrings(got["disabledMcpjsonServers"]), ",") != "x" {
		t.Fatalf("settings.local.json: %v", got)
	}
}
