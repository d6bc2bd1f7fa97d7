package dialogs

import (
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

func TestDescribeUpdate(t *testing.T) {
	rule := func(tool, content string) []protocol.PermissionRule {
		return []protocol.PermissionRule{{ToolName: tool, RuleContent: content}}
	}
	tests := []struct {
		u      protocol.PermissionUpdate
		words  string
		where  string
		danger bool
	}{
		{protocol.PermissionUpdate{Type: "addRules", Rules: rule("Bash", "touch x"), Behavior: "allow", Destination: "localSettings"},
			"always allow `Bash(touch x)` in this project", "— .claude/settings.local.json", false},
		{protocol.PermissionUpdate{Type: "addRules", Rules: rule("Bash", "touch x"), Behavior: "allow", Destination: "session"},
			"always allow `Bash(touch x)` for this session", "", false},
		{protocol.PermissionUpdate{Type: "addRules", Rules: rule("Bash", "npm test:*"), Behavior: "allow", Destination: "projectSettings"},
			"always allow `Bash(npm test:*)` (anything starting with `npm test`) in this project, for everyone", "— .claude/settings.json (shared)", false},
		{protocol.PermissionUpdate{Type: "addRules", Rules: rule("Read", ""), Behavior: "allow", Destination: "userSettings"},
			"always allow all `Read` calls in all your projects", "— ~/.claude/settings.json", false},
		{protocol.PermissionUpdate{Type: "addRules", Rules: rule("Bash", ""), Behavior: "allow", Destination: "session"},
			"always allow all `Bash` calls for this session", "", true},
		{protocol.PermissionUpdate{Type: "addRules", Rules: append(rule("Bash", "a"), rule("Bash", "b")...), Behavior: "deny", Destination: "cliArg"},
			"always deny `Bash(a)` and `Bash(b)` for this run", "", false},
		{protocol.PermissionUpdate{Type: "addRules", Rules: rule("WebFetch", "domain:x.org"), Behavior: "ask"},
			"always ask before `WebFetch(domain:x.org)`", "", false},
		{protocol.PermissionUpdate{Type: "replaceRules", Rules: rule("Bash", "ls"), Behavior: "allow", Destination: "session"},
			"replace your allow rules with `Bash(ls)` for this session", "", false},
		{protocol.PermissionUpdate{Type: "removeRules", Rules: rule("Bash", "ls"), Behavior: "deny", Destination: "localSettings"},
			"remove the deny rule `Bash(ls)` in this project", "— .claude/settings.local.json", false},
		{protocol.PermissionUpdate{Type: "setMode", Mode: "acceptEdits", Destination: "session"},
			"switch to accept edits mode", "", false},
		{protocol.PermissionUpdate{Type: "setMode", Mode: "bypassPermissions", Destination: "session"},
			"switch to bypass permissions mode", "", true},
		{protocol.PermissionUpdate{Type: "setMode", Mode: "plan", Destination: "session"},
			"switch to plan mode", "", false},
		{protocol.PermissionUpdate{Type: "addDirectories", Directories: []string{"/x"}, Destination: "session"},
			"also allow folder /x for this session", "", false},
		{protocol.PermissionUpdate{Type: "addDirectories", Directories: []string{"/x", "/y", "/z"}, Destination: "localSettings"},
			"also allow folders /x, /y and /z in this project", "— .claude/settings.local.json", false},
		{protocol.PermissionUpdate{Type: "removeDirectories", Directories: []string{"/x"}, Destination: "session"},
			"stop allowing folder /x for this session", "", false},
		{protocol.PermissionUpdate{Type: "frobnicate", Destination: "somewhereNew"},
			"apply the permission change `frobnicate`", "— somewhereNew", false},
	}
	for _, tt := range tests {
		words, where, danger := describeUpdate(tt.u)
		if words != tt.words || where != tt.where || danger != tt.danger {
			t.Errorf("%+v:\n got %q %q %v\nwant %q %q %v", tt.u, words, where, danger, tt.words, tt.where, tt.danger)
		}
	}
}
