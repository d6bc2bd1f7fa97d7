package statusline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func writeSettings(t *testing.T, dir, name, body string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadPrecedence(t *testing.T) {
	dir := t.TempDir()
	user := writeSettings(t, dir, "user.json", `{"statusLine":{"type":"command","command":"user-line","padding":2}}`)
	project := writeSettings(t, dir, "project.json", `{"statusLine":{"type":"command","command":"project-line"}}`)
	local := writeSettings(t, dir, "local.json", `{"statusLine":{"command":"local-line","refreshInterval":5}}`)
	c, ok, err := Load(user, project, local)
	if err != nil || !ok {
		t.Fatalf("Load: %v %v", ok, err)
	}
	// local wins for the command; the user's padding stays (the CLI merges key by key).
	want := Config{Command: "local-line", Padding: 2, Refresh: 5 * time.Second}
	if c != want {
		t.Errorf("config %+v, want %+v", c, want)
	}
	if c, _, _ := Load(user, project); c.Command != "project-line" {
		t.Errorf("project below user: %q", c.Command)
	}
}

func TestLoadNone(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.json")
	other := writeSettings(t, dir, "other.json", `{"model":"opus"}`)
	notCommand := writeSettings(t, dir, "static.json", `{"statusLine":{"type":"static","command":"x"}}`)
	hooksOff := writeSettings(t, dir, "off.json", `{"disableAllHooks":true}`)
	line := writeSettings(t, dir, "line.json", `{"statusLine":{"type":"command","command":"x"}}`)
	for name, paths := range map[string][]string{
		"missing":          {missing},
		"no statusLine":    {other},
		"not a command":    {notCommand},
		"disableAllHooks":  {line, hooksOff},
		"nothing to merge": nil,
	} {
		if c, ok, err := Load(paths...); ok || err != nil {
			t.Errorf("%s: %+v %v %v, want none", name, c, ok, err)
		}
	}
	if _, ok, _ := Load(hooksOff, line); ok {
		// disableAllHooks from a lower file stays in effect: line.json does not unset it.
		t.Errorf("disableAllHooks from the user settings was dropped")
	}
}

func TestLoadBrokenFile(t *testing.T) {
	dir := t.TempDir()
	broken := writeSettings(t, dir, "settings.json", `{"statusLine":`)
	if _, ok, err := Load(broken); ok || err == nil || !strings.Contains(err.Error(), broken) {
		t.Errorf("broken file: ok %v, err %v; want an error naming it", ok, err)
	}
}
