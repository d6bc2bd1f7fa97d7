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

func runTheme(s Session, args string) tea.Cmd {
	if choice := strings.ToLower(strings.TrimSpace(args)); choice != "" {
		return applyTheme(s, choice)
	}
	l := s.Workspace().Launch()
	return s.OpenPicker(func(env dialogs.Env) dialogs.Dialog {
		return dialogs.NewThemePicker(l.Theme, themeNote(s.Info()), env)
	})
}

func answerTheme(s Session, a dialogs.Action) (tea.Cmd, bool) {
	if a, ok := a.(dialogs.ChooseTheme); ok {
		return applyTheme(s, a.Theme), true
	}
	return nil, false
}

// themeNote says what the theme cannot change: NO_COLOR wins over every theme.
func themeNote(s Info) string {
	if s.Getenv != nil && s.Getenv("NO_COLOR") != "" {
		return "NO_COLOR is set, so gclaude draws without colour whichever theme is chosen."
	}
	return ""
}

// applyTheme switches the theme and says for how long; an unknown name is refused.
func applyTheme(s Session, choice string) tea.Cmd {
	cmd, err := s.Workspace().SetTheme(choice)
	if err != nil {
		s.Notice(noticeWarning, "/theme: "+err.Error())
		return nil
	}
	text := "Theme: " + choice
	if choice == "auto" {
		text += " (dark or light, from the terminal's background)"
	}
	text += ". For this run of gclaude: start it with --theme " + choice + " to keep it."
	if note := themeNote(s.Info()); note != "" {
		text += " " + note
	}
	s.Notice(noticeInfo, text)
	return cmd
}
