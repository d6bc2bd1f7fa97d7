package help

import (
	"fmt"

	"charm.land/bubbles/v2/key"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/input"
)

// KeySections are the key map's sections; the playback keys only when a recording
// plays.
func KeySections(km keymap.KeyMap, recording bool) []Section {
	var out []Section
	for _, s := range km.Sections() {
		if s.Name == "replay" && !recording {
			continue
		}
		sec := Section{Title: s.Title}
		for _, b := range s.Bindings {
			sec.Rows = append(sec.Rows, bindingRow(b))
		}
		if s.Name == "replay" {
			sec.Rows = append(sec.Rows, [2]string{km.Input.Send.Help().Key, "play again (at the end)"})
		}
		out = append(out, sec)
	}
	return out
}

// Commands lists gclaude's own slash commands, and says that the / menu has the rest:
// the CLI's commands and skills are many, some with long descriptions, and the help
// screen keeps to what gclaude itself does.
func Commands(list []input.Command) Section {
	cmds := Section{Title: "gclaude's commands"}
	var claude, skills int
	for _, c := range list {
		switch c.Group {
		case input.GroupClaude:
			claude++
			continue
		case input.GroupSkill:
			skills++
			continue
		}
		name := "/" + c.Name
		if c.ArgumentHint != "" {
			name += " " + c.ArgumentHint
		}
		cmds.Rows = append(cmds.Rows, [2]string{name, c.Description})
	}
	switch {
	case skills > 0:
		cmds.Rows = append(cmds.Rows, [2]string{"/", fmt.Sprintf("in the prompt lists these, claude's %d %s and %d %s",
			claude, render.Plural(claude, "command"), skills, render.Plural(skills, "skill"))})
	case claude > 0:
		cmds.Rows = append(cmds.Rows, [2]string{"/", fmt.Sprintf("in the prompt lists these and claude's %d commands and skills", claude)})
	}
	return cmds
}

func bindingRow(b key.Binding) [2]string {
	return [2]string{b.Help().Key, b.Help().Desc}
}

// PromptTips are the help screen's lines on what the prompt takes besides text (a
// terminal pastes text only: an image must come as the path of its file), and the
// two ways to show a conversation, seen from the one in use (inline: --tui inline).
func PromptTips(inline bool) Section {
	return Section{Title: "In the prompt", Rows: [][2]string{
		{"alt+enter · ctrl+j", "newline, like shift+enter (for terminals that do not tell shift+enter apart)"},
		{`\ enter`, "newline: a backslash at the cursor becomes a line break, as in Claude Code"},
		{"paste", "more than 10 lines (or 2,000 characters) shows as [Pasted text #N +L lines] and is sent in full; " +
			"ctrl+o puts it back as text, backspace removes it"},
		{"@", "complete a project path · tab or enter inserts · esc closes"},
		{"!", "!cmd runs cmd in the session's folder (esc stops it); claude sees its output with your next prompt"},
		{"esc esc", "on an empty prompt: /rewind to an earlier prompt"},
		{"/vim", "vim mode (Claude Code's editorMode setting): esc for NORMAL, then h j k l w b e 0 ^ $ gg G f t, " +
			"x dd dw cw ciw D C yy p P u r J, i a I A o O back to INSERT, v VISUAL, counts (3w, 2dd); enter sends"},
		{"paste", "a PNG, JPEG, GIF or WebP file's path to attach it as [image N]; backspace removes it. " +
			"An image copied to the clipboard cannot be pasted in a terminal: save it to a file and paste the path."},
		displayTip(inline),
	}}
}

// displayTip is the line about the two ways to show a conversation.
func displayTip(inline bool) [2]string {
	if inline {
		return [2]string{"--tui", "this session prints the conversation into the terminal's scrollback: " +
			"use its own scrolling, search and selection; tab browses the transcript full-screen. " +
			"--tui fullscreen (the default) keeps it on gclaude's own screen"}
	}
	return [2]string{"--tui", "start gclaude with --tui inline to print the conversation into the terminal's own " +
		"scrollback, where its scrolling, search, selection and tmux copy-mode work and it stays after quitting"}
}
