package frame

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// Sizes below which gclaude shows a "terminal too small" screen instead.
const (
	MinWidth  = 60
	MinHeight = 15
)

// FitLines makes lines exactly width×height.
func FitLines(lines []string, width, height int) string {
	out := make([]string, height)
	for i := range out {
		if i < len(lines) {
			out[i] = render.Pad(lines[i], width)
		} else {
			out[i] = strings.Repeat(" ", width)
		}
	}
	return strings.Join(out, "\n")
}

// Fit makes a whole screen exactly width×height, whatever the parts drew.
func Fit(s string, width, height int) string {
	return FitLines(strings.Split(s, "\n"), width, height)
}

// Welcome fills an empty transcript of width×height; cwd is already shortened. Its
// hints name the workspace too: several sessions, their list, the inbox.
func Welcome(s *themes.Styles, cwd string, width, height int) string {
	lines := []string{
		"",
		" " + s.Accent.Render("✻ gclaude") + s.Muted.Render(" · Claude Code in your terminal"),
		"",
		" " + s.Muted.Render("cwd: ") + s.Text.Render(render.Sanitize(cwd)),
		"",
		" " + s.Subtle.Render("/ for commands · ? for keys · shift+tab switches the permission mode"),
		" " + s.Subtle.Render("/open starts another session · alt+s lists them · alt+i: the inbox"),
	}
	return FitLines(lines, width, height)
}

// TooSmall replaces everything when the terminal is below MinWidth×MinHeight. The
// draft is kept in the editor and comes back with the space (draftKept says so).
func TooSmall(s *themes.Styles, width, height int, draftKept bool) string {
	msg := []string{
		s.Notice.Warning.Bold(true).Render("terminal too small"),
		s.Muted.Render(fmt.Sprintf("gclaude needs %d×%d, this is %d×%d", MinWidth, MinHeight, width, height)),
	}
	if draftKept {
		msg = append(msg, s.Subtle.Render("your draft is kept"))
	}
	top := max(0, (height-len(msg))/2)
	lines := make([]string, 0, height)
	for range top {
		lines = append(lines, "")
	}
	for _, l := range msg {
		pad := max(0, (width-lipgloss.Width(l))/2)
		lines = append(lines, strings.Repeat(" ", pad)+l)
	}
	return Fit(strings.Join(lines, "\n"), width, height)
}
