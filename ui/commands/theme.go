package commands

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
)

// /theme is Claude Code's theme picker over gclaude's own themes (--theme: auto, dark,
// light). The CLI's theme belongs to its own screen, which does not run here, so the
// choice is gclaude's and lasts for this run; --theme keeps it.
func init() {
	register(Command{Command: input.Command{Name: "theme", Description: "Change the colour theme", ArgumentHint: "[auto|dark|light]"},
		Place: placeScreen + 7, Run: runTheme, Answer: answerTheme})
}

func runTheme(h Host, args string) tea.Cmd {
	if choice := strings.ToLower(strings.TrimSpace(args)); choice != "" {
		return applyTheme(h, choice)
	}
	l := h.Session().Launch
	return h.OpenPicker(func(env dialogs.Env) dialogs.Dialog {
		return dialogs.NewThemePicker(l.Theme, themeNote(h.Session()), env)
	})
}

func answerTheme(h Host, a dialogs.Action) (tea.Cmd, bool) {
	if a, ok := a.(dialogs.ChooseTheme); ok {
		return applyTheme(h, a.Theme), true
	}
	return nil, false
}

// themeNote says what the theme cannot change: NO_COLOR wins over every theme.
func themeNote(s Session) string {
	if s.Getenv != nil && s.Getenv("NO_COLOR") != "" {
		return "NO_COLOR is set, so gclaude draws without colour whichever theme is chosen."
	}
	return ""
}

// applyTheme switches the theme and says for how long; an unknown name is refused.
func applyTheme(h Host, choice string) tea.Cmd {
	cmd, err := h.SetTheme(choice)
	if err != nil {
		h.Notice(noticeWarning, "/theme: "+err.Error())
		return nil
	}
	text := "Theme: " + choice
	if choice == "auto" {
		text += " (dark or light, from the terminal's background)"
	}
	text += ". For this run of gclaude: start it with --theme " + choice + " to keep it."
	if note := themeNote(h.Session()); note != "" {
		text += " " + note
	}
	h.Notice(noticeInfo, text)
	return cmd
}
