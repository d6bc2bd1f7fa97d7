package dialogs

// ChooseTheme asks the session to switch gclaude's colours to a --theme value.
type ChooseTheme struct{ Theme string }

func (ChooseTheme) action() {}

// Themes /theme offers, as --theme takes them, with what each does.
var themeChoices = []pickItem{
	{title: "Auto", desc: "dark or light, from the terminal's background", value: "auto"},
	{title: "Dark mode", desc: "for a dark terminal background", value: "dark"},
	{title: "Light mode", desc: "for a light terminal background", value: "light"},
}

// NewThemePicker lists gclaude's themes with the one chosen marked (current is a
// --theme value; "" means auto); note, when set, is said above them. Choosing returns
// ChooseTheme.
func NewThemePicker(current, note string, env Env) *Picker {
	if current == "" {
		current = "auto"
	}
	p := &Picker{env: env, title: "Theme", follow: true, choose: func(v string) Action { return ChooseTheme{Theme: v} }}
	for _, it := range themeChoices {
		it.current = it.value == current
		p.items = append(p.items, it)
	}
	if note != "" {
		p.header = noteHeader(note)
	}
	p.cursor = p.currentIndex()
	return p
}
