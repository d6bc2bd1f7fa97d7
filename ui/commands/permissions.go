package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

func init() {
	register(Command{Command: input.Command{Name: "permissions", Description: "List, add or remove allow / ask / deny rules",
		ArgumentHint: "[list | allow|ask|deny <rule> | remove <rule>]", Aliases: []string{"allowed-tools"}},
		Place: placeEveryday + 2, Live: true, Run: runPermissions, Answer: answerPermissions})
}

// Rule is one permission rule as list_permission_rules reports it.
type Rule struct {
	Behavior    string `json:"behavior"` // allow, ask, deny
	Source      string `json:"source"`   // userSettings, localSettings, session, …
	Rule        string `json:"rule"`
	Editability string `json:"editability"` // persistent, session, readonly
	NotInEffect bool   `json:"notInEffect"`
	Description *struct {
		Prefix   string `json:"prefix"`
		Emphasis string `json:"emphasis"`
		Suffix   string `json:"suffix"`
	} `json:"description"`
}

// Text is the CLI's description of the rule ("Any Bash command starting with ls").
func (r Rule) Text() string {
	if d := r.Description; d != nil {
		return d.Prefix + d.Emphasis + d.Suffix
	}
	return ""
}

// inSettingsFile reports whether rules of source live in a settings file /permissions
// may edit.
func inSettingsFile(source string) bool {
	return source == "userSettings" || source == "projectSettings" || source == "localSettings"
}

// listRules asks the CLI for every rule in effect, with where each comes from.
func listRules(ctx context.Context, ask Ask) ([]Rule, error) {
	var ans struct {
		State struct {
			Rules []Rule `json:"rules"`
		} `json:"state"`
	}
	err := askInto(ctx, ask, raw("list_permission_rules", nil), &ans)
	return ans.State.Rules, err
}

// Behaviours of a rule, in the order the CLI and Claude Code list them.
var behaviours = []string{"allow", "ask", "deny"}

// formatRules is /permissions' report: the rules by behaviour, each with the file (or
// other source) it lives in, then how to change them.
func formatRules(rules []Rule, files SettingsFiles) string {
	var b strings.Builder
	b.WriteString("Permission rules")
	for _, beh := range behaviours {
		var these []Rule
		for _, r := range rules {
			if r.Behavior == beh {
				these = append(these, r)
			}
		}
		fmt.Fprintf(&b, "\n%s (%d)", beh, len(these))
		for _, r := range these {
			line := "  " + r.Rule + "  · " + files.Where(r.Source)
			if t := r.Text(); t != "" {
				line += "  · " + t
			}
			if r.NotInEffect {
				line += "  · not in effect"
			}
			b.WriteString("\n" + line)
		}
	}
	b.WriteString("\n/permissions allow|ask|deny [user|project|local] <rule> adds a rule (local by default) · /permissions remove <rule> removes one · /permissions alone opens them in a picker")
	return b.String()
}

// SettingsFiles are the settings files a rule can be written to.
type SettingsFiles struct {
	User, Project, Local string
	home, cwd            string // for showing the paths short
}

// show is a settings path as the user thinks of it: from the project folder, or ~/….
func (f SettingsFiles) show(path string) string {
	if rest, ok := strings.CutPrefix(path, f.cwd+"/"); ok && f.cwd != "" {
		return rest
	}
	if rest, ok := strings.CutPrefix(path, f.home+"/"); ok && f.home != "" {
		return "~/" + rest
	}
	return path
}

// settingsFilesFor are the settings files for a home and a project folder.
func settingsFilesFor(home, cwd string) SettingsFiles {
	return SettingsFiles{
		User:    home + "/.claude/settings.json",
		Project: cwd + "/.claude/settings.json",
		Local:   cwd + "/.claude/settings.local.json",
		home:    home, cwd: cwd,
	}
}

// SettingsFilesFor are the settings files for a home and a project folder (the session
// reads the status line from them too).
func SettingsFilesFor(home, cwd string) SettingsFiles { return settingsFilesFor(home, cwd) }

// Where names the place a rule of source lives.
func (f SettingsFiles) Where(source string) string {
	switch source {
	case "userSettings":
		return "user " + f.show(f.User)
	case "projectSettings":
		return "project " + f.show(f.Project)
	case "localSettings":
		return "local " + f.show(f.Local)
	}
	return sourceName(source)
}

// scopeFile is the file of a scope word of /permissions, and the CLI's source name.
func (f SettingsFiles) scopeFile(scope string) (path, source string) {
	switch scope {
	case "user":
		return f.User, "userSettings"
	case "project":
		return f.Project, "projectSettings"
	}
	return f.Local, "localSettings"
}

// PermissionsEdit is a parsed /permissions argument: a rule to add or remove.
type PermissionsEdit struct {
	Remove   bool
	Behavior string // allow, ask, deny (adding)
	Scope    string // user, project, local (adding)
	Rule     string
}

// parsePermissions reads /permissions' argument; an empty one is a listing (nil).
func parsePermissions(args string) (*PermissionsEdit, error) {
	fields := strings.Fields(args)
	if len(fields) == 0 {
		return nil, nil
	}
	usage := fmt.Errorf("usage: /permissions [allow|ask|deny [user|project|local] <rule> | remove <rule>]")
	verb, rest := fields[0], fields[1:]
	e := &PermissionsEdit{Scope: "local"}
	switch {
	case verb == "remove" || verb == "rm" || verb == "delete":
		e.Remove = true
	case slices.Contains(behaviours, verb):
		e.Behavior = verb
		if len(rest) > 0 && slices.Contains([]string{"user", "project", "local"}, rest[0]) {
			e.Scope, rest = rest[0], rest[1:]
		}
	default:
		return nil, usage
	}
	e.Rule = strings.Join(rest, " ")
	if e.Rule == "" {
		return nil, usage
	}
	return e, nil
}

// listed reports whether the CLI lists rule (with behaviour beh, when beh is set).
func listed(rules []Rule, rule, beh string) bool {
	return slices.ContainsFunc(rules, func(r Rule) bool { return r.Rule == rule && (beh == "" || r.Behavior == beh) })
}

// waitListed polls the CLI until rule is listed (or gone, when want is false): the CLI
// picks settings files up by watching them, and gclaude says when the change is in
// effect rather than guessing.
func waitListed(ctx context.Context, ask Ask, rule, beh string, want bool, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for {
		rules, err := listRules(ctx, ask)
		if err == nil && listed(rules, rule, beh) == want {
			return true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// applyWait is how long gclaude waits for the CLI to pick a change up.
const applyWait = 15 * time.Second

// editPermissions adds or removes a rule in the settings files and waits until the
// running CLI has picked the change up. It returns the report and whether it failed.
func editPermissions(ctx context.Context, ask Ask, files SettingsFiles, e PermissionsEdit) (string, bool) {
	if e.Remove {
		return removeRule(ctx, ask, files, e.Rule)
	}
	path, _ := files.scopeFile(e.Scope)
	added, err := addRuleToFile(path, e.Behavior, e.Rule)
	if err != nil {
		return "could not add the rule: " + err.Error(), true
	}
	what := fmt.Sprintf("%s rule %s in %s", e.Behavior, e.Rule, files.show(path))
	if !added {
		return "The " + what + " was already there.", false
	}
	if waitListed(ctx, ask, e.Rule, e.Behavior, true, applyWait) {
		return "Added the " + what + "; claude applies it from now on.", false
	}
	text := "Added the " + what + ", but claude does not list it yet."
	if e.Scope == "project" {
		text += " Project rules apply only in a folder whose trust claude has accepted."
	}
	return text, false
}

func removeRule(ctx context.Context, ask Ask, files SettingsFiles, rule string) (string, bool) {
	var from []string
	for _, path := range []string{files.Local, files.Project, files.User} {
		removed, err := removeRuleFromFile(path, rule)
		if err != nil {
			return "could not remove the rule from " + files.show(path) + ": " + err.Error(), true
		}
		if removed {
			from = append(from, files.show(path))
		}
	}
	if len(from) == 0 {
		if rules, err := listRules(ctx, ask); err == nil {
			for _, r := range rules {
				if r.Rule == rule {
					return "The rule " + rule + " comes from " + files.Where(r.Source) + "; it cannot be removed here.", true
				}
			}
		}
		return "No settings file has the rule " + rule + ".", true
	}
	text := "Removed " + rule + " from " + strings.Join(from, ", ")
	if waitListed(ctx, ask, rule, "", false, applyWait) {
		return text + "; claude no longer applies it.", false
	}
	return text + ", but claude still lists it (another source has it too?).", false
}

// runPermissions opens the rules in effect in a picker (or, with "list", writes them to
// the transcript), or adds or removes one in a settings file and waits until the
// running CLI (which watches those files) applies the change.
func runPermissions(s Session, args string) tea.Cmd {
	list := strings.TrimSpace(args) == "list"
	if list {
		args = ""
	}
	edit, err := parsePermissions(args)
	if err != nil {
		s.Notice(noticeWarning, err.Error())
		return nil
	}
	in := s.Info()
	files := settingsFilesFor(in.Home, in.Folder)
	return s.Ask("permissions", func(ctx context.Context, ask Ask) Done {
		if edit == nil {
			rules, err := listRules(ctx, ask)
			if err != nil {
				return Done{Kind: noticeError, Text: "/permissions failed: " + err.Error()}
			}
			if list {
				return Done{Kind: noticeInfo, Text: formatRules(rules, files)}
			}
			rows := make([]dialogs.RuleRow, len(rules))
			for i, r := range rules {
				rows[i] = dialogs.RuleRow{Behavior: r.Behavior, Rule: r.Rule, Where: files.Where(r.Source), Desc: r.Text(),
					Removable: inSettingsFile(r.Source)}
			}
			return Done{Then: func(s Session) tea.Cmd {
				return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewRulesPicker(rows, env) })
			}}
		}
		text, failed := editPermissions(ctx, ask, files, *edit)
		return said(text, failed)
	})
}

// answerPermissions acts on the rules picker: start typing a rule, confirm a removal,
// remove one.
func answerPermissions(s Session, a dialogs.Action) (tea.Cmd, bool) {
	switch a := a.(type) {
	case dialogs.StartRule:
		s.EditDraft("/permissions " + a.Behavior + " ")
		return nil, true
	case dialogs.ConfirmRemoveRule:
		return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog { return dialogs.NewRemoveRuleConfirm(a.Row, env) }), true
	case dialogs.RemoveRule:
		return runPermissions(s, "remove "+a.Rule), true
	}
	return nil, false
}
