package dialogs

import (
	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// hintLine is "key what · key what …" from bindings, so hints say what the keys do.
// Items come most important first; the frame drops from the end what does not fit.
func hintLine(st *themes.Styles, items ...any) []string {
	parts := make([]string, 0, len(items))
	for _, it := range items {
		switch v := it.(type) {
		case key.Binding:
			h := v.Help()
			parts = append(parts, st.Help.Key.Render(h.Key)+" "+st.Help.Desc.Render(h.Desc))
		case [2]string:
			parts = append(parts, st.Help.Key.Render(v[0])+" "+st.Help.Desc.Render(v[1]))
		case string:
			parts = append(parts, st.Help.Desc.Render(v))
		}
	}
	return parts
}

// joinHints joins as many hint parts as fit in width.
func joinHints(parts []string, width int, st *themes.Styles) string {
	sep := st.Help.Separator.Render(" · ")
	out := ""
	for i, p := range parts {
		next := p
		if i > 0 {
			next = out + sep + p
		}
		if ansi.StringWidth(next) > width {
			if i == 0 {
				return render.Truncate(p, width)
			}
			break
		}
		out = next
	}
	return out
}

// armingHint is shown instead of the key hints while keys are still ignored.
func armingHint(st *themes.Styles) []string {
	return []string{st.Notice.Warning.Render("⧗ arming… keys are ignored until you pause")}
}

// readOnlyBadge marks a dialog of a replayed session on its title line: what it
// shows was recorded, and nothing chosen in it is sent.
func readOnlyBadge(st *themes.Styles) string {
	return st.Notice.Info.Render("recording — read only")
}
