package tab

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// A typo of a command is refused here, with the closest name, and never sent.
func TestUnknownCommandRefused(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.typeText("/stauts")
	h.keys("esc") // close the popup (it offers nothing)
	h.keys("enter")
	if got := h.b.sentTexts(); len(got) != 0 {
		t.Fatalf("sent %q", got)
	}
	h.transcriptHas(t, "Did you mean /status?")
	if got := h.draft(); got != "/stauts" {
		t.Fatalf("the refused command left the input: draft %q", got)
	}

	// The CLI's own commands still go to the CLI.
	h.keys("ctrl+u")
	h.typeText("/review")
	h.keys("enter")
	if got := h.b.sentTexts(); !slices.Equal(got, []string{"/review"}) {
		t.Fatalf("sent %q", got)
	}
}

// /add-dir gives the running CLI the folder list in its flag settings, and every later
// start gets the list as --add-dir.
func TestAddDirAppliesAndSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t)
	h.ready()
	h.run("/add-dir " + dir)
	h.transcriptHas(t, "Added "+dir)
	if len(h.b.requests) != 1 || h.b.requests[0].Subtype() != "apply_flag_settings" {
		t.Fatalf("requests %v", h.b.requests)
	}
	body, _ := json.Marshal(h.b.requests[0])
	if want := `{"settings":{"permissions":{"additionalDirectories":["` + dir + `"]}}}`; string(body) != want {
		t.Fatalf("sent %s, want %s", body, want)
	}
	h.run("/clear")
	if len(h.starts) != 1 || !slices.Equal(h.starts[0].AddDirs, []string{dir}) {
		t.Fatalf("starts %+v", h.starts)
	}
	h.run("/add-dir /no/such/folder")
	h.transcriptHas(t, "/no/such/folder does not exist")
}

// /status shows what the root knows and what it asked claude.
func TestStatusReport(t *testing.T) {
	h := newHarness(t, func(o *launchOptions) { o.Version = "v9.9" })
	h.ready()
	h.b.answers = map[string]string{"mcp_status": `{"mcpServers":[{"name":"docs","status":"pending"}]}`}
	h.run("/status")
	h.transcriptHas(t, "v9.9", "/home/dev/project", "docs (pending)")
	if got := h.b.sentTexts(); len(got) != 0 {
		t.Fatalf("/status went to claude: %q", got)
	}
}

// "!cmd" runs here, in the session's folder, shows its output, and reaches the model
// with the next prompt as Claude Code's <bash-input>/<bash-stdout> blocks.
func TestShellModeRunsLocallyAndGoesWithNextPrompt(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, func(o *launchOptions) { o.CWD = dir })
	h.ready()
	h.typeText("!pwd; echo bad >&2")
	h.keys("enter")
	if got := h.b.sentTexts(); len(got) != 0 {
		t.Fatalf("the ! command went to claude: %q", got)
	}
	h.transcriptHas(t, "! pwd; echo bad >&2", dir, "bad")
	h.typeText("what now?")
	h.keys("enter")
	want := "<bash-input>pwd; echo bad >&2</bash-input>\n<bash-stdout>" + dir + "</bash-stdout><bash-stderr>bad</bash-stderr>\n\nwhat now?"
	if got := h.b.sentTexts(); !slices.Equal(got, []string{want}) {
		t.Fatalf("sent %q\nwant %q", got, want)
	}
	h.typeText("and again")
	h.keys("enter")
	if got := h.b.sentTexts(); got[len(got)-1] != "and again" {
		t.Fatalf("the output went twice: %q", got)
	}
	// A bare "!" runs nothing and sends nothing.
	h.typeText("!")
	h.keys("enter")
	h.transcriptHas(t, "usage: !<command>")
	h.typeText("later")
	h.keys("enter")
	if got := h.b.sentTexts(); got[len(got)-1] != "later" {
		t.Fatalf("sent %q", got)
	}
}

// A slash command typed after a "!" command is still a command: the shell output waits
// for the next real prompt instead of turning "/compact" into text for the model.
func TestShellOutputWaitsForAPromptNotACommand(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, func(o *launchOptions) { o.CWD = dir })
	h.ready()
	h.typeText("!echo shellout")
	h.keys("enter")
	h.transcriptHas(t, "shellout")
	h.typeText("/compact")
	h.keys("enter")
	h.typeText("/review 12")
	h.keys("enter")
	h.typeText("go on")
	h.keys("enter")
	want := []string{"/compact", "/review 12", "<bash-input>echo shellout</bash-input>\n<bash-stdout>shellout</bash-stdout><bash-stderr></bash-stderr>\n\ngo on"}
	if got := h.b.sentTexts(); !slices.Equal(got, want) {
		t.Fatalf("sent %q\nwant %q", got, want)
	}
}

// /permissions lists claude's rules with where each lives; a bad argument says how.
func TestPermissionsList(t *testing.T) {
	h := newHarness(t)
	h.ready()
	h.b.answers = map[string]string{"list_permission_rules": `{"state":{"rules":[{"behavior":"deny","source":"userSettings","rule":"WebFetch"}]}}`}
	h.run("/permissions list")
	h.transcriptHas(t, "deny (1)", "WebFetch  · user ~/.claude/settings.json")
	h.run("/permissions forbid X")
	h.transcriptHas(t, "usage: /permissions")
	if got := h.b.sentTexts(); len(got) != 0 {
		t.Fatalf("sent %q", got)
	}
}

// /memory lists the memory files; a bad number says how.
func TestMemoryList(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, func(o *launchOptions) { o.CWD = dir })
	h.ready()
	h.run("/memory")
	h.transcriptHas(t, "1. user    ~/.claude/CLAUDE.md", dir+"/CLAUDE.md", dir+"/CLAUDE.local.md")
	h.run("/memory 99")
	h.transcriptHas(t, "there are 3 memory files")
	h.run("/memory x")
	h.transcriptHas(t, "usage: /memory [number]")
}

// /permissions opens the rules in a picker: a rule of a settings file is removed after
// a confirmation; "Add a new deny rule…" starts the command in the prompt.
func TestPermissionsPicker(t *testing.T) {
	home := t.TempDir()
	settings := filepath.Join(home, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(`{"model": "opus", "permissions": {"deny": ["WebFetch"]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, func(o *launchOptions) { o.Home = home })
	h.ready()
	h.b.answers = map[string]string{"list_permission_rules": `{"state":{"rules":[{"behavior":"deny","source":"userSettings","rule":"WebFetch"},{"behavior":"allow","source":"session","rule":"Read(//tmp/**)"}]}}`}
	h.run("/permissions")
	if s := h.screen(); !strings.Contains(s, "deny  WebFetch") || !strings.Contains(s, "~/.claude/settings.json") || !strings.Contains(s, "not in a settings file") {
		t.Fatalf("picker:\n%s", s)
	}
	h.typeText("WebF")
	h.keys("enter")
	if s := h.screen(); !strings.Contains(s, "Remove the deny rule WebFetch?") {
		t.Fatalf("confirm:\n%s", s)
	}
	h.b.answers = map[string]string{"list_permission_rules": `{"state":{"rules":[]}}`}
	h.keys("enter")
	h.transcriptHas(t, "Removed WebFetch from ~/.claude/settings.json; claude no longer applies it.")
	if got, _ := os.ReadFile(settings); !strings.Contains(string(got), `"model": "opus"`) || strings.Contains(string(got), "WebFetch") {
		t.Fatalf("settings now:\n%s", got)
	}

	h.run("/permissions")
	h.keys("down", "down", "enter") // Add a new deny rule…
	if h.draft() != "/permissions deny " {
		t.Fatalf("draft %q", h.draft())
	}
}

// A skill /reload-skills picked up is a command at once: the CLI lists the commands
// again (system/commands_changed) and the / menu and the unknown-command check follow.
// Before, the menu kept initialize's list and the new skill was refused as unknown.
func TestReloadedSkillIsACommand(t *testing.T) {
	h := newHarness(t)
	h.ready()
	init := systemInit()
	init.Skills = []string{"beta"}
	h.msgs(init, &protocol.CommandsChanged{Commands: []protocol.SlashCommand{
		{Name: "compact", Description: "Clear conversation history but keep a summary"},
		{Name: "review", Description: "Review a pull request"},
		{Name: "beta", Description: "the beta skill (project)"},
	}}, result())
	h.typeText("/beta")
	if !h.tab.prompt.CompletionOpen() || !strings.Contains(h.screen(), "the beta skill") {
		t.Fatalf("the / menu does not offer the new skill:\n%s", h.screen())
	}
	h.keys("enter")
	if got := h.b.sentTexts(); !slices.Equal(got, []string{"/beta"}) {
		t.Fatalf("sent %q, want the skill run\n%s", got, h.screen())
	}
	if strings.Contains(flat(h.screen()), "Unknown command") {
		t.Fatalf("the new skill was refused:\n%s", h.screen())
	}
}
