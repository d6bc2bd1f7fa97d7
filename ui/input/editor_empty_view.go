package input

import "github.com/gclaude/gclaude/themes"

// emptyView is the editor's last drawing while its draft was empty, and what it
// depended on. An empty draft is the editor's state while an answer streams or the
// transcript is paged, and drawing it (a styled placeholder, then a restyled border)
// cost more than half of such a frame. With no text the textarea has no cursor
// position or scroll offset of its own, so these inputs determine the drawing.
type emptyView struct {
	valid         bool
	focused       bool
	width, height int
	taWidth       int
	styles        *themes.Styles
	placeholder   string
	view          string
}

func (e *Editor) emptyKey() emptyView {
	return emptyView{
		valid: true, focused: e.ta.Focused(), width: e.width, height: e.ta.Height(),
		taWidth: e.ta.Width(), styles: e.styles, placeholder: e.ta.Placeholder,
	}
}

// cachedEmptyView returns the drawing of the empty editor if nothing it depends on
// changed.
func (e *Editor) cachedEmptyView() (string, bool) {
	if !e.empty.valid || e.ta.Value() != "" {
		return "", false
	}
	k := e.emptyKey()
	k.view = e.empty.view
	return k.view, k == e.empty
}

// keepEmptyView remembers a drawing made while the draft was empty.
func (e *Editor) keepEmptyView(view string) {
	if e.ta.Value() != "" {
		return
	}
	e.empty = e.emptyKey()
	e.empty.view = view
}
