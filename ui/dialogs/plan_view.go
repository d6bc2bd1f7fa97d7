package dialogs

import (
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// OpenPlan asks the session to open the plan file in the editor.
type OpenPlan struct{ Path string }

func (OpenPlan) action() {}

// NewPlanView is /plan's view of the session's plan (get_plan): its markdown, and the
// file it is in to open in the editor.
func NewPlanView(plan, path string, env Env) *Picker {
	p := &Picker{env: env, title: "Plan", follow: true}
	p.header = func(st *themes.Styles, width int) []string {
		lines := strings.Split(render.Markdown(plan, width, st), "\n")
		if path != "" {
			lines = append(lines, "", st.Muted.Render(render.Truncate(clean(path), width)))
		}
		return lines
	}
	if path != "" {
		p.items = append(p.items, pickItem{title: "Open in the editor", desc: "$VISUAL or $EDITOR", value: path})
	}
	p.items = append(p.items, pickItem{title: "Close", value: mcpClose})
	p.choose = func(v string) Action {
		if v == mcpClose {
			return Dismiss{}
		}
		return OpenPlan{Path: v}
	}
	return p
}
