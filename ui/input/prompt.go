package input

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/themes"
)

// Prompt is the prompt box and everything that edits its draft: the editor, the
// slash-command popup, @-mentions, up/down and ctrl+r through the prompt history,
// image chips and ctrl+g in $EDITOR. The root routes keys, pastes and the prompt's
// own messages (Msg) to it and acts on the Action it returns: it never edits the
// draft itself.
type Prompt struct {
	env PromptEnv

	editor   Editor
	complete Completion
	mention  Mention
	history  *PromptHistory
	search   *historySearch // ctrl+r in progress (prompt_search.go)
	files    filesState     // the listing behind @-mentions (prompt_mention.go)
	attach   attachState    // images pasted by path (prompt_attach.go)
	pastes   pasteState     // long pastes shown as chips (prompt_paste.go)
	editing  bool           // the draft is out in $EDITOR: from ctrl+g until its text is back
	vim      *Vim           // vim mode, nil when off (vim_prompt.go)
}

// PromptEnv is what the prompt gets from the root.
type PromptEnv struct {
	Styles *themes.Styles
	Keys   keymap.KeyMap
	Getenv func(string) string // for $VISUAL/$EDITOR
	Now    func() time.Time    // stamps prompt-history entries

	// HistoryPath is the prompt-history file; "" keeps the history in memory only.
	// HistoryCWD is the project folder written next to each entry.
	HistoryPath string
	HistoryCWD  string
	// ReadOnly is a replay: enter does not take the draft, it reports Enter and the
	// root decides what a recording does with it.
	ReadOnly bool
	// Project says where @-mentions list files and relative image paths resolve.
	Project func() Project
}

// Project is the folder of the session the prompt types into, and how its files are
// listed.
type Project struct {
	Dir  string // the session's working folder
	Home string // for "~/" in pasted paths
	Gen  int    // the session generation: a new session lists its files again
	// List lists the session's files when they are not on this machine (over ssh); nil
	// walks Dir here.
	List func(ctx context.Context, limit int) ([]string, error)
}

// promptHistoryMax is how many earlier prompts are kept and loaded.
const promptHistoryMax = 1000

// NewPrompt builds an empty, focused prompt.
func NewPrompt(env PromptEnv) *Prompt {
	if env.Now == nil {
		env.Now = time.Now
	}
	if env.Project == nil {
		env.Project = func() Project { return Project{} }
	}
	return &Prompt{
		env:     env,
		editor:  NewEditor(env.Styles, env.Keys),
		history: NewPromptHistory(promptHistoryMax),
	}
}

// SetStyles switches the prompt to a new theme.
func (p *Prompt) SetStyles(s *themes.Styles) {
	p.env.Styles = s
	p.editor.SetStyles(s)
}

// SetCommands sets the slash commands the popup offers.
func (p *Prompt) SetCommands(cmds []Command) { p.complete.SetCommands(cmds) }

// Commands are the slash commands the popup offers.
func (p *Prompt) Commands() []Command { return p.complete.Commands() }

// Value is the draft.
func (p *Prompt) Value() string { return p.editor.Value() }

// SetValue replaces the draft with text (a rewound prompt comes back to be edited).
func (p *Prompt) SetValue(text string) {
	p.editor.SetValue(text)
	p.afterEdit()
}

// Reset empties the draft (the images are dropped at the next paste).
func (p *Prompt) Reset() {
	p.editor.Reset()
	p.afterEdit()
}

// Clear is ctrl+c on the prompt: the draft goes, and so do the popups and a walk
// through the history.
func (p *Prompt) Clear() {
	p.editor.Reset()
	p.history.Reset()
	p.complete.Update("")
	p.mention.Update("")
}

// Focus, Blur and Focused follow the keyboard focus.
func (p *Prompt) Focus()        { p.editor.Focus() }
func (p *Prompt) Blur()         { p.editor.Blur() }
func (p *Prompt) Focused() bool { return p.editor.Focused() }

// Searching reports whether ctrl+r is in progress.
func (p *Prompt) Searching() bool { return p.search != nil }

// CompletionOpen reports whether the slash-command popup is open.
func (p *Prompt) CompletionOpen() bool { return p.complete.Open() }

// SetSize gives the editor the terminal's width and the most text rows it may grow to.
func (p *Prompt) SetSize(width, maxRows int) { p.editor.SetSize(width, maxRows) }

// Height is the editor's rows, border included.
func (p *Prompt) Height() int { return p.editor.Height() }

// View draws the editor.
func (p *Prompt) View() string { return p.editor.View() }

// Cursor is the terminal cursor within the editor's view.
func (p *Prompt) Cursor() *tea.Cursor { return p.vimCursor(p.editor.Cursor()) }

// PopupHeight is the rows of the popup over the editor: @-mentions or slash commands
// (never both: a mention needs an "@" after a space, a command a draft with none).
func (p *Prompt) PopupHeight(maxRows int) int {
	if p.mention.Open() {
		return p.mention.Height(maxRows)
	}
	return p.complete.Height(maxRows)
}

// PopupView draws the popup in rows.
func (p *Prompt) PopupView(width, rows int) string {
	if p.mention.Open() {
		return p.mention.View(width, rows, p.env.Styles)
	}
	return p.complete.View(width, rows, p.env.Styles)
}

// afterEdit keeps the popups in step with the draft.
func (p *Prompt) afterEdit() {
	p.complete.Update(p.editor.Value())
	p.mention.Update(p.editor.BeforeCursor())
}
