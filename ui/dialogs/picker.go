package dialogs

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// pickerMaxWidth keeps a picker compact on wide screens.
const pickerMaxWidth = 90

// pickItem is one row of a picker.
type pickItem struct {
	title   string // cleaned
	desc    string // cleaned
	value   string
	current bool
	danger  bool
	free    bool // "use model id: …", built from the filter
}

// Picker is a list to choose one value from: a model or a permission mode. It
// answers no request, so it has no grace period; esc closes it.
type Picker struct {
	env        Env
	title      string
	items      []pickItem
	filterable bool
	filter     string
	freeLabel  string // prefix of the free-text row ("use model id: ")
	// placeholder is shown while the filter is empty; "" means the model picker's.
	placeholder string
	cursor      int
	choose      func(value string) Action
	// extra are keys beside enter that act on the row under the cursor (the session
	// picker's diff and close), shown in the hint.
	extra  []pickKey
	scroll scroll
	follow bool
	// header, when set, draws lines shown above the rows (a panel's facts: /mcp's
	// server, /config's note) at the inner width, styled at render time.
	header func(st *themes.Styles, width int) []string
	// closed is what esc returns; nil means Dismiss (a panel's detail goes back instead).
	closed func() Action
}

// NewModelPicker lists the models from initialize (display name, description, the
// current one marked); typing filters, and anything typed can be used as a model id.
// Choosing returns ChooseModel.
func NewModelPicker(models []protocol.ModelInfo, current string, env Env) *Picker {
	p := &Picker{
		env:        env,
		title:      "Switch model",
		filterable: true,
		freeLabel:  "use model id: ",
		choose:     func(v string) Action { return ChooseModel{Model: v} },
		follow:     true,
	}
	for _, m := range models {
		p.items = append(p.items, pickItem{
			title: oneLine(render.OrDefault(m.DisplayName, m.Value)),
			desc:  oneLine(m.Description),
			value: m.Value,
		})
	}
	p.markCurrent(models, current)
	p.cursor = p.currentIndex()
	return p
}

// NewModePicker lists permission modes with what each one does; bypassPermissions
// only when the session was launched allowing it. An empty modes lists every mode
// the CLI accepts. Choosing returns ChooseMode.
func NewModePicker(modes []string, current string, bypassAllowed bool, env Env) *Picker {
	if len(modes) == 0 {
		modes = AllModes
	}
	p := &Picker{
		env:    env,
		title:  "Permission mode",
		choose: func(v string) Action { return ChooseMode{Mode: v} },
		follow: true,
	}
	for _, m := range modes {
		if m == modeBypass && !bypassAllowed {
			continue
		}
		title, desc := modeInfo(m)
		p.items = append(p.items, pickItem{title: title, desc: desc, value: m, current: m == current, danger: m == modeBypass})
	}
	p.cursor = p.currentIndex()
	return p
}

// markCurrent marks the model in use: the one whose value is current, else the
// first that resolves to it (several aliases can resolve to one model).
func (p *Picker) markCurrent(models []protocol.ModelInfo, current string) {
	if current == "" {
		return
	}
	for i, m := range models {
		if m.Value == current {
			p.items[i].current = true
			return
		}
	}
	for i, m := range models {
		if m.ResolvedModel == current {
			p.items[i].current = true
			return
		}
	}
}

func (p *Picker) currentIndex() int {
	for i, it := range p.items {
		if it.current {
			return i
		}
	}
	return 0
}

// Init does nothing: a picker is opened by the user and decides nothing risky alone.
func (p *Picker) Init() tea.Cmd { return nil }

// RequestID is "": a picker answers no request.
func (p *Picker) RequestID() string { return "" }

// visible is the rows matching the filter, plus the free-text row.
func (p *Picker) visible() []pickItem {
	if p.filter == "" {
		return p.items
	}
	f := strings.ToLower(p.filter)
	var out []pickItem
	exact := false
	for _, it := range p.items {
		if strings.Contains(strings.ToLower(it.title), f) || strings.Contains(strings.ToLower(it.value), f) || strings.Contains(strings.ToLower(it.desc), f) {
			out = append(out, it)
		}
		exact = exact || it.value == p.filter
	}
	if p.freeLabel != "" && !exact {
		v := strings.TrimSpace(p.filter)
		out = append(out, pickItem{title: p.freeLabel + oneLine(v), value: v, free: true})
	}
	return out
}

// Update handles keys and the mouse wheel.
func (p *Picker) Update(msg tea.Msg) (Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		p.follow = false
		switch msg.Button {
		case tea.MouseWheelUp:
			p.scroll.by(-3)
		case tea.MouseWheelDown:
			p.scroll.by(3)
		}
	case tea.PasteMsg:
		if p.filterable {
			p.setFilter(p.filter + oneLine(msg.Content))
		}
	case tea.KeyPressMsg:
		return p.key(msg), nil
	}
	return nil, nil
}

func (p *Picker) key(msg tea.KeyPressMsg) Action {
	k := p.env.Keys.Picker
	rows := p.visible()
	p.follow = true
	for _, x := range p.extra {
		if key.Matches(msg, x.binding) && p.cursor < len(rows) && !p.env.ReadOnly {
			return x.act(rows[p.cursor].value)
		}
	}
	switch {
	case key.Matches(msg, k.Close):
		if p.closed != nil {
			return p.closed()
		}
		return Dismiss{}
	case key.Matches(msg, k.Up):
		if len(rows) > 0 {
			p.cursor = (p.cursor - 1 + len(rows)) % len(rows)
		}
	case key.Matches(msg, k.Down):
		if len(rows) > 0 {
			p.cursor = (p.cursor + 1) % len(rows)
		}
	case key.Matches(msg, k.Choose):
		if p.cursor < len(rows) && rows[p.cursor].value != "" {
			if p.env.ReadOnly {
				return Dismiss{}
			}
			return p.choose(rows[p.cursor].value)
		}
	case key.Matches(msg, p.env.Keys.Dialog.ScrollUp):
		p.follow = false
		p.scroll.pageUp()
	case key.Matches(msg, p.env.Keys.Dialog.ScrollDown):
		p.follow = false
		p.scroll.pageDown()
	case !p.filterable && key.Matches(msg, p.env.Keys.Dialog.Number):
		if n := int(msg.Code - '1'); n < len(rows) {
			p.cursor = n
		}
	case p.filterable && msg.Code == tea.KeyBackspace:
		if p.filter != "" {
			_, size := utf8.DecodeLastRuneInString(p.filter)
			p.setFilter(p.filter[:len(p.filter)-size])
		}
	case p.filterable && isTyping(msg):
		p.setFilter(p.filter + msg.Text)
	}
	return nil
}

// SetFilter fills in the filter, as if typed, and says how many rows it leaves.
func (p *Picker) SetFilter(f string) int {
	p.setFilter(f)
	return len(p.visible())
}

// setFilter changes the filter and puts the cursor on the first match.
func (p *Picker) setFilter(f string) {
	p.filter = f
	p.cursor = 0
	p.scroll.offset = 0
}

// View renders the list in at most width×height cells.
func (p *Picker) View(width, height int) string {
	st := p.env.Styles()
	w := boxWidth(width, pickerMaxWidth)
	inner := w - boxFrame
	k := p.env.Keys.Picker
	f := frame{title: st.Dialog.Title.Render(p.title)}
	if p.env.ReadOnly {
		f.badge = readOnlyBadge(st)
	}
	if p.filterable {
		f.hint = hintLine(st, [2]string{"↑↓", "move"}, k.Choose, k.Close, "type to filter")
		line := st.Tool.Label.Render("filter: ") + st.Text.Render(oneLine(p.filter)) + st.Accent.Render("▏")
		if p.filter == "" {
			line += st.Subtle.Render(render.OrDefault(p.placeholder, "type to filter, or a model id"))
		}
		f.body = append(f.body, render.Truncate(line, inner), "")
		f.sticky = len(f.body) // what is typed stays in view
	} else {
		var closeHint any = k.Close
		if p.closed != nil { // esc goes back, not out
			closeHint = [2]string{k.Close.Help().Key, "back"}
		}
		hints := []any{[2]string{fmt.Sprintf("↑↓/1-%d", len(p.items)), "move"}, k.Choose}
		for _, x := range p.extra {
			hints = append(hints, x.binding)
		}
		f.hint = hintLine(st, append(hints, closeHint)...)
	}
	if p.header != nil {
		f.body = append(f.body, p.header(st, inner)...)
		f.body = append(f.body, "")
	}
	rows := p.visible()
	if len(rows) == 0 {
		f.body = append(f.body, st.Muted.Render("nothing matches"))
	}
	for i, it := range rows {
		sel := i == p.cursor
		cursor := "  "
		if sel {
			cursor = st.Icons.SelectCursor + " "
		}
		style := st.Dialog.Choice
		switch {
		case sel:
			style = st.Dialog.ChoiceSelected
		case it.danger:
			style = style.Foreground(st.Palette.Warning)
		}
		label := style.Render(it.title)
		if !p.filterable {
			label = style.Render(fmt.Sprintf("%d. ", i+1)) + label
		}
		if it.current {
			label += st.Tool.IconDone.Render("  " + st.Icons.Done + " current")
		}
		if sel && p.follow {
			f.focus, f.hasFocus = len(f.body), true
		}
		f.body = append(f.body, hanging(st.Dialog.ChoiceCursor.Render(cursor), label, inner)...)
		if it.desc != "" {
			indent := "    "
			if !p.filterable {
				indent = "     " // under the label, past "❯ 1. "
			}
			f.body = append(f.body, hanging(indent, st.Dialog.Description.Render(it.desc), inner)...)
			if sel && p.follow {
				f.focus = len(f.body) - 1
			}
		}
	}
	return f.render(w, height, &p.scroll, st)
}

var _ Dialog = (*Picker)(nil)
