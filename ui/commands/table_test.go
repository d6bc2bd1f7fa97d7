package commands

import (
	"slices"
	"testing"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// Every name and alias of gclaude's own commands is found as that command; the CLI's
// are not.
func TestLookupNamesAndAliases(t *testing.T) {
	for _, c := range Builtin() {
		for _, name := range append([]string{c.Name}, c.Aliases...) {
			if got, ok := Lookup(name); !ok || got.Name != c.Name {
				t.Errorf("/%s: found %v as %q, want /%s", name, ok, got.Name, c.Name)
			}
		}
	}
	if _, ok := Lookup("compact"); ok {
		t.Error("/compact is the CLI's, not ours")
	}
}

// The table is the one each command's file registers into: the / menu keeps its
// order (screen and settings, the conversation, everyday commands; a new command goes
// where its Place puts it), every command runs, and a recording refuses exactly those
// that need a live claude.
func TestTableOrderRunAndLive(t *testing.T) {
	want := []string{"help", "clear", "model", "mode", "quit",
		"resume", "rename", "context", "cost", "export", "login",
		"status", "permissions", "add-dir", "memory", "rewind"}
	var names []string
	for _, c := range Builtin() {
		names = append(names, c.Name)
	}
	var got []string
	for _, n := range names {
		if slices.Contains(want, n) {
			got = append(got, n)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("menu order = %q, want %q in this order", names, want)
	}
	live := map[string]bool{"resume": true, "rename": true, "context": true, "cost": true, "login": true,
		"status": true, "permissions": true, "add-dir": true, "memory": true, "rewind": true}
	for _, c := range table {
		if c.Run == nil {
			t.Errorf("/%s has no Run", c.Name)
		}
		if slices.Contains(want, c.Name) && NeedsLive(c.Name) != live[c.Name] {
			t.Errorf("/%s: NeedsLive = %v", c.Name, !live[c.Name])
		}
	}
	if NeedsLive("compact") {
		t.Error("/compact is the CLI's, not ours")
	}
}

// A name or alias registered twice is refused at once.
func TestRegisterRefusesATakenName(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("registering /exit a second time did not panic")
		}
	}()
	register(Command{Command: input.Command{Name: "leave", Aliases: []string{"exit"}}})
}

// The screen's own commands and those that replace claude are not the command's to
// do: it asks its session, or the workspace.
func TestOwnCommandsAskTheirSessionOrWorkspace(t *testing.T) {
	for _, tc := range []struct{ typed, args, want string }{
		{"help", "", "help"}, {"exit", "", "quit"}, {"reset", "", "clear"},
		{"model", "", "model picker"}, {"model", "opus", "model opus"},
		{"mode", "", "mode picker"}, {"mode", "plan", "mode plan"},
		{"continue", "abc", "resume abc"}, {"login", "", "login"},
		{"tasks", "", "tasks"}, {"bashes", "", "tasks"},
	} {
		h := &fakeSession{}
		c, ok := Lookup(tc.typed)
		if !ok {
			t.Fatalf("/%s not found", tc.typed)
		}
		c.Run(h, tc.args)
		if len(h.root) != 1 || h.root[0] != tc.want {
			t.Errorf("/%s %s: asked %q, want %q", tc.typed, tc.args, h.root, tc.want)
		}
	}
}

// A dialog's action reaches the command that opened it; one of no command's is not
// taken.
func TestAnswerRoutesDialogActions(t *testing.T) {
	h := &fakeSession{}
	if _, ok := Answer(h, dialogs.StartRule{Behavior: "deny"}); !ok || h.draft != "/permissions deny " {
		t.Errorf("StartRule: ok %v, draft %q", ok, h.draft)
	}
	if _, ok := Answer(h, dialogs.ConfirmRemoveRule{}); !ok || len(h.pickers) != 1 {
		t.Errorf("ConfirmRemoveRule: ok %v, pickers %d", ok, len(h.pickers))
	}
	if _, ok := Answer(h, dialogs.RewindTo{UUID: "unknown"}); !ok {
		t.Error("RewindTo not taken")
	}
	if _, ok := Answer(h, dialogs.Dismiss{}); ok {
		t.Error("Dismiss is no command's")
	}
}

// The / menu lists ours first (a CLI command with our name comes after ours, which
// wins), then the CLI's, with its skills apart.
func TestMenuGroups(t *testing.T) {
	menu := Menu([]protocol.SlashCommand{{Name: "/compact"}, {Name: "review"}, {Name: "clear", Description: "theirs"}}, []string{"review"})
	n := len(Builtin())
	if len(menu) != n+3 || menu[0].Name != "help" {
		t.Fatalf("menu = %+v", menu)
	}
	if c := menu[n]; c.Name != "compact" || c.Group != input.GroupClaude {
		t.Errorf("CLI command = %+v", c)
	}
	if c := menu[n+1]; c.Group != input.GroupSkill {
		t.Errorf("skill = %+v", c)
	}
	for i, c := range menu {
		if c.Name == "clear" {
			if i >= n {
				t.Error("the CLI's /clear comes before ours")
			}
			break
		}
	}
}
