package commands

import (
	"testing"
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
