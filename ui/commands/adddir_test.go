package commands

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

func TestResolveDir(t *testing.T) {
	home := t.TempDir()
	cwd := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(cwd, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cwd, "f.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ arg, want, err string }{
		{"~/notes", filepath.Join(home, "notes"), ""},
		{"sub/", filepath.Join(cwd, "sub"), ""},
		{cwd + "/sub/../sub", filepath.Join(cwd, "sub"), ""},
		{"nope", "", "does not exist"},
		{"f.txt", "", "is not a folder"},
		{"  ", "", "usage"},
	} {
		got, err := resolveDir(tt.arg, cwd, home)
		if got != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("ResolveDir(%q) = %q, %v; want %q, %q", tt.arg, got, err, tt.want, tt.err)
		}
	}
}

// The whole list goes to the flag settings layer; an empty list is [] (it clears), not null.
func TestApplyDirs(t *testing.T) {
	var asked []protocol.ClientRequest
	ask := fakeAsk(map[string]string{"apply_flag_settings": `{}`}, &asked)
	if err := applyDirs(context.Background(), ask, []string{"/a", "/b"}); err != nil {
		t.Fatal(err)
	}
	if err := applyDirs(context.Background(), ask, nil); err != nil {
		t.Fatal(err)
	}
	var bodies []string
	for _, r := range asked {
		b, _ := json.Marshal(r)
		bodies = append(bodies, string(b))
	}
	want := []string{
		`{"settings":{"permissions":{"additionalDirectories":["/a","/b"]}}}`,
		`{"settings":{"permissions":{"additionalDirectories":[]}}}`,
	}
	if strings.Join(bodies, "\n") != strings.Join(want, "\n") {
		t.Errorf("sent\n%s\nwant\n%s", strings.Join(bodies, "\n"), strings.Join(want, "\n"))
	}
}
