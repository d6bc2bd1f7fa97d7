package dialogs

import (
	"strconv"
	"strings"

	"github.com/gclaude/gclaude/render"
)

// RuleRow is a permission rule as /permissions lists it.
type RuleRow struct {
	Behavior, Rule string
	Where          string // the settings file or other source it comes from
	Desc           string // the CLI's description ("Any Bash command starting with ls")
	Removable      bool   // it lives in a settings file gclaude may edit
}

// RemoveRule asks the session to remove a rule from the settings files that hold it.
type RemoveRule struct{ Rule string }

// StartRule asks the session to put "/permissions <Behavior> " in the prompt, to type a
// new rule there.
type StartRule struct{ Behavior string }

func (RemoveRule) action() {}
func (StartRule) action()  {}

// NewRulesPicker lists the rules in effect, allow then ask then deny as given, each with
// where it lives, after three rows that start a new rule. Choosing a rule of a settings
// file asks to confirm its removal (NewRemoveRuleConfirm); typing filters.
func NewRulesPicker(rows []RuleRow, env Env) *Picker {
	p := &Picker{
		env:         env,
		title:       "Permission rules",
		filterable:  true,
		placeholder: "type to filter · enter on a rule removes it",
		follow:      true,
	}
	for _, beh := range []string{"allow", "ask", "deny"} {
		p.items = append(p.items, pickItem{title: "Add a new " + beh + " rule…", desc: "type it in the prompt: /permissions " + beh + " [user|project|local] <rule>", value: "add:" + beh})
	}
	byValue := map[string]RuleRow{}
	for i, r := range rows {
		v := "rule:" + strconv.Itoa(i)
		byValue[v] = r
		desc := r.Where
		if r.Desc != "" {
			desc += " · " + r.Desc
		}
		if !r.Removable {
			desc += " · not in a settings file"
		}
		p.items = append(p.items, pickItem{title: render.Pad(r.Behavior, 5) + " " + oneLine(r.Rule), desc: oneLine(desc), value: v})
	}
	p.choose = func(v string) Action {
		if beh, ok := strings.CutPrefix(v, "add:"); ok {
			return StartRule{Behavior: beh}
		}
		r, ok := byValue[v]
		if !ok || !r.Removable {
			return Dismiss{}
		}
		return ConfirmRemoveRule{Row: r}
	}
	return p
}

// ConfirmRemoveRule asks the session to open NewRemoveRuleConfirm for a rule.
type ConfirmRemoveRule struct{ Row RuleRow }

func (ConfirmRemoveRule) action() {}

// NewRemoveRuleConfirm asks before a rule is removed from its settings file.
func NewRemoveRuleConfirm(r RuleRow, env Env) *Picker {
	p := &Picker{
		env:    env,
		title:  "Remove the " + r.Behavior + " rule " + render.Truncate(oneLine(r.Rule), 50) + "?",
		follow: true,
		items: []pickItem{
			{title: "Yes, remove it", desc: oneLine("from " + r.Where + "; claude stops applying it at once"), value: "yes"},
			{title: "No", value: "no"},
		},
	}
	p.choose = func(v string) Action {
		if v == "yes" {
			return RemoveRule{Rule: r.Rule}
		}
		return Dismiss{}
	}
	return p
}
