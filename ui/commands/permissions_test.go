package commands

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParsePermissions(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want *PermissionsEdit
		err  bool
	}{
		{"", nil, false},
		{"deny Bash(touch:*)", &PermissionsEdit{Behavior: "deny", Scope: "local", Rule: "Bash(touch:*)"}, false},
		{"allow user Bash(npm run test:*)", &PermissionsEdit{Behavior: "allow", Scope: "user", Rule: "Bash(npm run test:*)"}, false},
		{"remove WebFetch", &PermissionsEdit{Remove: true, Scope: "local", Rule: "WebFetch"}, false},
		{"deny", nil, true},
		{"forbid X", nil, true},
	} {
		got, err := parsePermissions(tt.in)
		if (err != nil) != tt.err || (got == nil) != (tt.want == nil) || (got != nil && *got != *tt.want) {
			t.Errorf("ParsePermissions(%q) = %+v, %v", tt.in, got, err)
		}
	}
}

// Adding and removing a rule keeps the file's other keys, their order and its indentation.
func TestRuleFileEdits(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".claude", "settings.local.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	orig := "{\n    \"model\": \"opus\",\n    \"permissions\": {\n        \"allow\": [\n            \"Bash(ls:*)\"\n        ]\n    },\n    \"env\": {\n        \"X\": \"1\"\n    }\n}\n"
	if err := os.WriteFile(path, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	if added, err := addRuleToFile(path, "deny", "Bash(touch:*)"); !added || err != nil {
		t.Fatalf("add = %v, %v", added, err)
	}
	if added, _ := addRuleToFile(path, "deny", "Bash(touch:*)"); added {
		t.Fatal("a rule already there was added twice")
	}
	got, _ := os.ReadFile(path)
	want := "{\n    \"model\": \"opus\",\n    \"permissions\": {\n        \"allow\": [\n            \"Bash(ls:*)\"\n        ],\n        \"deny\": [\n            \"Bash(touch:*)\"\n        ]\n    },\n    \"env\": {\n        \"X\": \"1\"\n    }\n}\n"
	if string(got) != want {
		t.Fatalf("after add:\n%s\nwant\n%s", got, want)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", fi.Mode().Perm())
	}
	if removed, err := removeRuleFromFile(path, "Bash(touch:*)"); !removed || err != nil {
		t.Fatalf("remove = %v, %v", removed, err)
	}
	got, _ = os.ReadFile(path)
	want = strings.Replace(want, ",\n        \"deny\": [\n            \"Bash(touch:*)\"\n        ]", ",\n        \"deny\": []", 1)
	if string(got) != want {
		t.Fatalf("after remove:\n%s\nwant\n%s", got, want)
	}

	// A file that is not JSON is left alone.
	bad := filepath.Join(filepath.Dir(path), "settings.json")
	_ = os.WriteFile(bad, []byte("{ // comment\n}"), 0o644)
	if _, err := addRuleToFile(bad, "deny", "X"); err == nil || !strings.Contains(err.Error(), "left alone") {
		t.Fatalf("add to a broken file: %v", err)
	}
	// A missing file is created.
	fresh := filepath.Join(t.TempDir(), "new", "settings.json")
	if added, err := addRuleToFile(fresh, "ask", "WebFetch"); !added || err != nil {
		t.Fatalf("add to a new file = %v, %v", added, err)
	}
	if got, _ := os.ReadFile(fresh); string(got) != "{\n  \"permissions\": {\n    \"ask\": [\n      \"WebFetch\"\n    ]\n  }\n}\n" {
		t.Fatalf("new file:\n%s", got)
	}
}

// Once the CLI lists the new rule, the report says it is in effect.
func TestEditPermissionsWaitsForTheCLI(t *testing.T) {
	dir := t.TempDir()
	files := settingsFilesFor(filepath.Join(dir, "home"), filepath.Join(dir, "proj"))
	ask := fakeAsk(map[string]string{"list_permission_rules": `{"state":{"rules":[{"behavior":"deny","source":"localSettings","rule":"Bash(touch:*)","editability":"persistent"}]}}`}, nil)
	text, failed := editPermissions(context.Background(), ask, files, PermissionsEdit{Behavior: "deny", Scope: "local", Rule: "Bash(touch:*)"})
	if failed || !strings.Contains(text, "claude applies it from now on") {
		t.Fatalf("%v %q", failed, text)
	}
	text, failed = editPermissions(context.Background(), ask, files, PermissionsEdit{Remove: true, Rule: "Nope"})
	if !failed || !strings.Contains(text, "No settings file has the rule Nope") {
		t.Fatalf("%v %q", failed, text)
	}
}

func TestFormatRules(t *testing.T) {
	files := settingsFilesFor("/h", "/p")
	got := formatRules([]Rule{
		{Behavior: "deny", Source: "localSettings", Rule: "WebFetch"},
		{Behavior: "allow", Source: "session", Rule: "Read(//tmp/**)"},
		{Behavior: "allow", Source: "userSettings", Rule: "Bash(echo:*)"},
	}, files)
	for _, want := range []string{"allow (2)", "Read(//tmp/**)  · this session", "Bash(echo:*)  · user ~/.claude/settings.json", "ask (0)", "deny (1)", "WebFetch  · local .claude/settings.local.json"} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
}
