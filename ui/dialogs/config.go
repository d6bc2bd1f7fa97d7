package dialogs

import "github.com/gclaude/gclaude/render"

// ConfigRow is one setting of /config's panel: its value, where the value comes from,
// and how it changes (or that gclaude does not change it).
type ConfigRow struct {
	Key, Label, Value string
	From              string // a settings file, a flag, gclaude's default…
	Change            string // what enter does, or where it is changed instead
	Changeable        bool   // enter changes it (ConfigChange)
}

// ConfigChange asks the session to change a setting of /config's panel.
type ConfigChange struct{ Key string }

// ChooseOutputStyle asks the session to switch claude's output style.
type ChooseOutputStyle struct{ Style string }

func (ConfigChange) action()      {}
func (ChooseOutputStyle) action() {}

// NewConfigPanel lists the settings with their values and sources; enter on one that
// can change returns ConfigChange, on the others nothing. Typing filters.
func NewConfigPanel(rows []ConfigRow, env Env) *Picker {
	p := &Picker{env: env, title: "Settings", filterable: true, follow: true,
		placeholder: "type to filter · enter changes a setting marked ›"}
	changeable := map[string]bool{}
	width := 0
	for _, r := range rows {
		width = max(width, len(r.Label))
	}
	for _, r := range rows {
		changeable[r.Key] = r.Changeable
		title := render.Pad(oneLine(r.Label), width) + "  " + oneLine(r.Value)
		if r.Changeable {
			title += "  ›"
		}
		desc := "from " + r.From
		if r.Change != "" {
			desc += " · " + r.Change
		}
		p.items = append(p.items, pickItem{title: title, desc: oneLine(desc), value: r.Key})
	}
	p.choose = func(key string) Action {
		if changeable[key] {
			return ConfigChange{Key: key}
		}
		return nil // said on its row: gclaude does not change it
	}
	return p
}

// NewOutputStylePicker lists claude's output styles with the one in use marked.
func NewOutputStylePicker(styles []string, current string, env Env) *Picker {
	p := &Picker{env: env, title: "Output style", follow: true,
		choose: func(v string) Action { return ChooseOutputStyle{Style: v} }}
	for _, s := range styles {
		p.items = append(p.items, pickItem{title: oneLine(s), value: s, current: s == current})
	}
	p.cursor = p.currentIndex()
	return p
}
