package keymap

import (
	"sort"
	"testing"
)

func TestNoCollisionsWithinAContext(t *testing.T) {
	for name, bindings := range Default().Contexts() {
		owner := map[string]string{}
		for _, bnd := range bindings {
			for _, k := range bnd.Keys() {
				desc := bnd.Help().Desc
				if prev, ok := owner[k]; ok {
					t.Errorf("context %q: key %q bound to both %q and %q", name, k, prev, desc)
				}
				owner[k] = desc
			}
		}
	}
}

func TestEveryBindingHasKeysAndHelp(t *testing.T) {
	for name, bindings := range Default().Contexts() {
		for _, bnd := range bindings {
			if len(bnd.Keys()) == 0 || bnd.Help().Key == "" || bnd.Help().Desc == "" {
				t.Errorf("context %q: incomplete binding %+v", name, bnd.Help())
			}
		}
	}
}

func TestContextsAreStable(t *testing.T) {
	var names []string
	for name := range Default().Contexts() {
		names = append(names, name)
	}
	sort.Strings(names)
	want := []string{"dialog", "input", "picker", "question", "replay", "replay-dialog", "tasks", "transcript"}
	if len(names) != len(want) {
		t.Fatalf("contexts = %v, want %v", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("contexts = %v, want %v", names, want)
		}
	}
}
