package commands

import (
	"testing"

	"github.com/gclaude/gclaude/protocol"
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

// Run knows every command of the table but those the root runs itself, so that the
// table and the dispatch cannot drift apart; a recording refuses exactly those that
// need a live claude.
func TestRunCoversTheTable(t *testing.T) {
	root := map[string]bool{CmdHelp: true, CmdClear: true, CmdQuit: true, CmdModel: true, CmdMode: true, CmdResume: true, CmdLogin: true}
	live := map[string]bool{CmdResume: true, CmdRename: true, CmdContext: true, CmdCost: true, CmdLogin: true,
		CmdStatus: true, CmdPermissions: true, CmdAddDir: true, CmdMemory: true, CmdRewind: true}
	for _, c := range Builtin() {
		h := &fakeHost{}
		if _, ok := Run(h, c.Name, ""); ok == root[c.Name] {
			t.Errorf("/%s: Run ok = %v", c.Name, ok)
		}
		if NeedsLive(c.Name) != live[c.Name] {
			t.Errorf("/%s: NeedsLive = %v", c.Name, !live[c.Name])
		}
	}
	if _, ok := Run(&fakeHost{}, "compact", ""); ok || NeedsLive("compact") {
		t.Error("/compact is the CLI's, not ours")
	}
}

// The / menu lists ours first (a CLI command with our name comes after ours, which
// wins), then the CLI's, with its skills apart.
func TestMenuGroups(t *testing.T) {
	menu := Menu([]protocol.SlashCommand{{Name: "/compact"}, {Name: "review"}, {Name: "clear", Description: "theirs"}}, []string{"review"})
	n := len(Builtin())
	if len(menu) != n+3 || menu[0].Name != CmdHelp {
		t.Fatalf("menu = %+v", menu)
	}
	if c := menu[n]; c.Name != "compact" || c.Group != input.GroupClaude {
		t.Errorf("CLI command = %+v", c)
	}
	if c := menu[n+1]; c.Group != input.GroupSkill {
		t.Errorf("skill = %+v", c)
	}
	for i, c := range menu {
		if c.Name == CmdClear {
			if i >= n {
				t.Error("the CLI's /clear comes before ours")
			}
			break
		}
	}
}
