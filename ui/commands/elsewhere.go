package commands

import (
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/ui/input"
)

// Claude Code 2.1.332's commands that have no meaning in gclaude, or that claude does
// not offer over the stream-json connection gclaude drives: each says in one line why,
// and what to do instead, rather than "Unknown command". They stay out of the / menu
// and the help. Names and aliases are Claude Code's (testdata/claude-code-help.txt).
var elsewhere = []struct {
	name    string
	aliases []string
	why     string
}{
	{"background", []string{"bg"}, "/background leaves a Claude Code session running without its terminal. In gclaude every " +
		"session of the workspace runs on while another is in front: /open starts one, /fork [prompt] copies this " +
		"conversation into one that works in the background, alt+s lists them."},
	{"bug", []string{"share"}, "/bug" + feedbackWhy},
	{"feedback", nil, "/feedback" + feedbackWhy},
	{"cd", nil, "/cd: a gclaude session stays in the folder it started in. /open <path> starts a session there " +
		"(alt+s switches between them)."},
	{"ide", nil, "/ide: gclaude does not connect claude to an IDE; run claude in the IDE's own terminal for that."},
	{"mobile", []string{"ios", "android"}, "/mobile shows a QR code for Claude's mobile app: that is not part of gclaude " +
		"(https://claude.ai/download)."},
	{"powerup", nil, "/powerup is Claude Code's lessons on its own features: not part of gclaude. ? lists gclaude's " +
		"keys and commands."},
	{"radio", nil, "/radio plays Claude FM in Claude Code: not part of gclaude."},
	{"stickers", nil, "/stickers is Claude Code's sticker offer: not part of gclaude."},
	{"release-notes", nil, "/release-notes: gclaude does not fetch Claude Code's changelog; it is at " +
		"https://github.com/anthropics/claude-code/blob/main/CHANGELOG.md (/status says which claude runs here)."},
	{"scroll-speed", nil, "/scroll-speed tunes Claude Code's mouse wheel; gclaude scrolls 3 lines a wheel step " +
		"(pgup/pgdn a page), with no setting."},
	{"subtask", nil, "/subtask: claude does not offer it over the stream-json connection gclaude uses. Ask Claude to " +
		"hand the task to a subagent (\"use a subagent to …\"), or /fork <prompt> to work on it in a copy of " +
		"this conversation."},
	{"terminal-setup", nil, "/terminal-setup: nothing to set up. gclaude tells shift+enter from enter where the " +
		"terminal reports it, and alt+enter, ctrl+j or \\ then enter make a newline in any terminal."},
	{"tui", nil, "/tui: gclaude's screen is chosen when it starts: gclaude --tui fullscreen (the default) or " +
		"--tui inline (the conversation printed into the terminal's scrollback)."},
	{"workflows", nil, "/workflows: Claude Code's workflow browser is not available over the stream-json connection " +
		"gclaude uses; /tasks lists the background work claude reports."},
}

const feedbackWhy = ": gclaude sends no reports to Anthropic. Report a problem with Claude Code at " +
	"https://github.com/anthropics/claude-code/issues (or with /feedback in claude's own terminal UI)."

func init() {
	for _, e := range elsewhere {
		why := e.why
		register(Command{Command: input.Command{Name: e.name, Aliases: e.aliases}, Hidden: true, Place: placeEveryday + 90,
			Run: func(s Session, _ string) tea.Cmd {
				s.Notice(noticeInfo, why)
				return nil
			}})
	}
}
