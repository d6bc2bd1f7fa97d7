package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// /vim toggles vim mode in the prompt and saves the choice as Claude Code does: the
// setting "editorMode" ("vim" | "normal") in the user's settings.json, which Claude
// Code reads too.
func init() {
	register(Command{Command: input.Command{Name: "vim", Description: "Toggle between vim and normal editing modes"},
		Place: placeScreen + 9, Run: runVim})
}

func runVim(s Session, _ string) tea.Cmd {
	on := !s.VimMode()
	s.SetVimMode(on)
	in := s.Info()
	path := input.UserSettingsPath(in.Home, in.Getenv)
	mode, text := "normal", "Editor mode set to normal. Using standard (readline) keyboard bindings."
	if on {
		mode, text = "vim", "Editor mode set to vim. Use Escape key to toggle between INSERT and NORMAL modes."
	}
	return s.Later(func() Done {
		if err := setEditorMode(path, mode); err != nil {
			return Done{Kind: noticeWarning, Text: text + " It could not be saved: " + err.Error()}
		}
		return Done{Kind: noticeInfo, Text: text}
	})
}

// setEditorMode writes editorMode into a settings file, leaving the rest as it was.
func setEditorMode(path, mode string) error {
	root, data, err := readSettings(path)
	if err != nil {
		return err
	}
	root.set("editorMode", stringNode(mode))
	return writeSettings(path, root, data)
}
