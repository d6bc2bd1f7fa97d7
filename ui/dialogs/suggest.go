package dialogs

import (
	"strings"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// describeUpdate says in plain words what granting a permission suggestion does, and
// where it is kept: "always allow `Bash(npm test)` in this project" +
// "— .claude/settings.local.json". danger marks grants much wider than one call.
func describeUpdate(u protocol.PermissionUpdate) (words, where string, danger bool) {
	scope, file := destination(u.Destination)
	if file != "" {
		where = "— " + file
	}
	withScope := func(s string) string {
		if scope == "" {
			return s
		}
		return s + " " + scope
	}
	switch u.Type {
	case protocol.UpdateAddRules:
		danger = u.Behavior == "allow" && anyWholeBash(u.Rules)
		return withScope(behaviorVerb(u.Behavior) + " " + ruleList(u.Rules)), where, danger
	case protocol.UpdateReplaceRules:
		return withScope("replace your " + render.OrDefault(u.Behavior, "allow") + " rules with " + ruleList(u.Rules)), where, false
	case protocol.UpdateRemoveRules:
		return withScope("remove the " + render.OrDefault(u.Behavior, "allow") + " " + render.Plural(len(u.Rules), "rule") + " " + ruleList(u.Rules)), where, false
	case protocol.UpdateSetMode:
		// It changes the session's mode: the label says so. A mode is the session's
		// anyway, so only a mode kept in a settings file says where.
		words, danger := modeWords(u.Mode)
		if u.Destination == protocol.DestSession {
			return words, where, danger
		}
		return withScope(words), where, danger
	case protocol.UpdateAddDirectories:
		return withScope("also allow " + dirList(u.Directories)), where, false
	case protocol.UpdateRemoveDirectories:
		return withScope("stop allowing " + dirList(u.Directories)), where, false
	default:
		return withScope("apply the permission change " + quote(oneLine(u.Type))), where, false
	}
}

// destination is where a grant is kept, as a scope for the sentence and a file.
func destination(d string) (scope, file string) {
	switch d {
	case protocol.DestLocalSettings:
		return "in this project", ".claude/settings.local.json"
	case protocol.DestProjectSettings:
		return "in this project, for everyone", ".claude/settings.json (shared)"
	case protocol.DestUserSettings:
		return "in all your projects", "~/.claude/settings.json"
	case protocol.DestSession:
		return "for this session", ""
	case protocol.DestCLIArg:
		return "for this run", ""
	case "":
		return "", ""
	default:
		return "", oneLine(d)
	}
}

func behaviorVerb(b string) string {
	switch b {
	case "deny":
		return "always deny"
	case "ask":
		return "always ask before"
	default:
		return "always allow"
	}
}

// ruleList is "`Bash(npm test)`", or "all `Read` calls" for a rule without content,
// with prefix rules explained.
func ruleList(rules []protocol.PermissionRule) string {
	parts := make([]string, 0, len(rules))
	for _, r := range rules {
		name, content := oneLine(r.ToolName), oneLine(r.RuleContent)
		switch {
		case content == "":
			parts = append(parts, "all "+quote(name)+" calls")
		case strings.HasSuffix(content, ":*"):
			parts = append(parts, quote(name+"("+content+")")+" (anything starting with "+quote(strings.TrimSuffix(content, ":*"))+")")
		default:
			parts = append(parts, quote(name+"("+content+")"))
		}
	}
	if len(parts) == 0 {
		return "(no rules)"
	}
	return joinAnd(parts)
}

func anyWholeBash(rules []protocol.PermissionRule) bool {
	for _, r := range rules {
		if r.ToolName == protocol.ToolBash && (r.RuleContent == "" || r.RuleContent == "*" || r.RuleContent == ":*") {
			return true
		}
	}
	return false
}

func dirList(dirs []string) string {
	parts := make([]string, 0, len(dirs))
	for _, d := range dirs {
		parts = append(parts, oneLine(d))
	}
	if len(parts) == 1 {
		return "folder " + parts[0]
	}
	return "folders " + joinAnd(parts)
}

// modeWords names switching to a permission mode.
func modeWords(mode string) (words string, danger bool) {
	switch mode {
	case protocol.ModeAcceptEdits:
		return "switch to accept edits mode", false
	case protocol.ModeDefault:
		return "switch to default mode", false
	case protocol.ModePlan:
		return "switch to plan mode", false
	case protocol.ModeBypassPermissions:
		return "switch to bypass permissions mode", true
	case protocol.ModeDontAsk:
		return "switch to don't ask mode", false
	case protocol.ModeAuto:
		return "switch to auto mode", true
	default:
		return "switch to permission mode " + quote(oneLine(mode)), false
	}
}

func quote(s string) string { return "`" + s + "`" }

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	default:
		return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
}

// WorkspaceRule reports whether a suggestion can be given to every session of a
// workspace: rules that allow. Each session then holds them for itself only
// (ForSession): no settings file of another folder is written.
func WorkspaceRule(u protocol.PermissionUpdate) bool {
	return u.Type == protocol.UpdateAddRules && u.Behavior == "allow" && len(u.Rules) > 0
}

// ForSession is u kept for the session that receives it.
func ForSession(u protocol.PermissionUpdate) protocol.PermissionUpdate {
	u.Destination = protocol.DestSession
	return u
}

// SameRule reports whether two suggestions grant the same rules: a request whose own
// suggestion is the same rule is one the CLI says that rule covers.
func SameRule(a, b protocol.PermissionUpdate) bool {
	if a.Type != b.Type || a.Behavior != b.Behavior || len(a.Rules) != len(b.Rules) {
		return false
	}
	for i := range a.Rules {
		if a.Rules[i] != b.Rules[i] {
			return false
		}
	}
	return true
}
