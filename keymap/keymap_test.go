package keymap

import (
	"fmt"
	"reflect"
	"sort"
	"testing"

	"charm.land/bubbles/v2/key"
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
	want := []string{"dialog", "help", "input", "land", "picker", "question", "replay", "replay-dialog", "review", "review-edit", "tasks", "transcript"}
	if len(names) != len(want) {
		t.Fatalf("contexts = %v, want %v", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("contexts = %v, want %v", names, want)
		}
	}
}

// Every binding of the key map is on the help screen, once. (Some bindings of different
// groups are alike, e.g. ctrl+g in the prompt and in dialogs: alike ones are counted.)
func TestSectionsListEveryBinding(t *testing.T) {
	km := Default()
	listed := map[string]int{}
	for _, s := range km.Sections() {
		for _, bnd := range s.Bindings {
			listed[bindingID(bnd)]++
		}
	}
	fields := map[string][]string{}
	groups := reflect.ValueOf(km)
	for i := range groups.NumField() {
		group := groups.Field(i)
		for j := range group.NumField() {
			if bnd, ok := group.Field(j).Interface().(key.Binding); ok {
				id := bindingID(bnd)
				fields[id] = append(fields[id], groups.Type().Field(i).Name+"."+group.Type().Field(j).Name)
			}
		}
	}
	for id, names := range fields {
		if listed[id] != len(names) {
			t.Errorf("%v: listed %d times in the help sections, want %d", names, listed[id], len(names))
		}
	}
	for id := range listed {
		if fields[id] == nil {
			t.Errorf("help section lists %s, which is not in the key map", id)
		}
	}
}

// bindingID is what the help screen shows of a binding, with its keys.
func bindingID(b key.Binding) string {
	return fmt.Sprint(b.Keys(), b.Help())
}
