package transcript

import (
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// userItem is a prompt the user sent; queued while it waits for the
// running turn to end.
type userItem struct {
	itemBase
	text   string
	queued bool
	// shown is the prompt as typed, with the chips of long pastes, when it
	// had any: what it shows until expanded to text.
	shown string
}

func (u *userItem) canExpand() bool { return u.shown != "" }

func (u *userItem) render(width int, st *themes.Styles) []string {
	text := u.text
	if u.shown != "" && !u.expanded {
		text = u.shown
	}
	lines := splitRendered(render.UserPrompt(text, width, st))
	if u.queued {
		lines = append(lines, "  "+st.Subtle.Render(render.Truncate("queued · sent when the current turn ends", width-2)))
	}
	return lines
}

func (u *userItem) plain() string { return render.Sanitize(u.text) }

func (u *userItem) markdown() string {
	return "## You\n\n" + render.Sanitize(strings.TrimSpace(u.text)) + "\n"
}
