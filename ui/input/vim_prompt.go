package input

import (
	tea "charm.land/bubbletea/v2"
)

// Vim mode in the prompt: NORMAL and VISUAL mode take the typing keys; ctrl and alt
// keys, enter (in NORMAL mode), up/down (history) and tab keep their meaning, and so
// does esc once there is nothing of vim's for it to do.

// SetVim turns vim mode on (in INSERT mode, as Claude Code starts it) or off.
func (p *Prompt) SetVim(on bool) {
	switch {
	case !on:
		p.vim = nil
	case p.vim == nil:
		p.vim = NewVim()
	}
}

// VimOn reports whether vim mode is on.
func (p *Prompt) VimOn() bool { return p.vim != nil }

// VimIndicator is the mode as Claude Code shows it under the prompt ("-- INSERT --");
// "" without vim mode and in NORMAL mode.
func (p *Prompt) VimIndicator() string {
	if p.vim == nil {
		return ""
	}
	return p.vim.Mode().Indicator()
}

// VimModeName is the mode's name ("INSERT", "NORMAL", "VISUAL"), "" without vim mode:
// the "vim" field of Claude Code's statusLine input.
func (p *Prompt) VimModeName() string {
	if p.vim == nil {
		return ""
	}
	return p.vim.Mode().String()
}

// vimKey gives vim mode its keys; done is false for keys that go on as without it.
func (p *Prompt) vimKey(msg tea.KeyPressMsg) (done bool) {
	v := p.vim
	if v == nil || p.env.ReadOnly {
		return false
	}
	esc := msg.Code == tea.KeyEscape && msg.Mod == 0
	if v.Mode() == VimInsert {
		if !esc {
			return false
		}
		p.vimApply("esc")
		// With nothing typed, esc also does what it does without vim mode (interrupt a
		// turn; twice opens /rewind): there is no text it could be meant for.
		return p.editor.Value() != ""
	}
	if msg.Mod&(tea.ModCtrl|tea.ModAlt|tea.ModSuper) != 0 {
		return false
	}
	k, ok := p.vimKeyName(msg, esc)
	if !ok {
		return false
	}
	p.vimApply(k)
	return true
}

// vimKeyName is the vim key a key press stands for in NORMAL or VISUAL mode; ok is
// false for keys left to the prompt.
func (p *Prompt) vimKeyName(msg tea.KeyPressMsg, esc bool) (string, bool) {
	v := p.vim
	visual := v.Mode() == VimVisual
	switch {
	case esc:
		return "esc", v.Pending() || visual
	case msg.Code == tea.KeyEnter:
		return "j", visual // enter sends from NORMAL mode, as in Claude Code
	case msg.Code == tea.KeyUp:
		return "k", visual // up/down walk the history from NORMAL mode
	case msg.Code == tea.KeyDown:
		return "j", visual
	case msg.Code == tea.KeyLeft, msg.Code == tea.KeyBackspace:
		return "h", true
	case msg.Code == tea.KeyRight:
		return "l", true
	case msg.Code == tea.KeyHome:
		return "0", true
	case msg.Code == tea.KeyEnd:
		return "$", true
	case msg.Code == tea.KeyDelete:
		return "x", true
	case msg.Text == "?" && !v.Pending() && p.editor.Value() == "":
		return "", false // help, as on an empty prompt without vim mode
	case len([]rune(msg.Text)) == 1:
		return msg.Text, true
	}
	return "", false
}

// vimApply runs a vim key on the draft.
func (p *Prompt) vimApply(k string) {
	b, _ := p.vim.Key(k, p.editor.vimBuffer())
	p.editor.setVimBuffer(b)
	if p.vim.Mode() == VimVisual {
		anchor := p.vim.Anchor()
		p.editor.showSelection(min(anchor, b.Cursor), max(anchor, b.Cursor)+1, b.Cursor)
	} else {
		p.editor.clearSelection()
	}
	p.afterEdit()
}

// vimCursor is the terminal cursor for the mode: a block outside INSERT mode.
func (p *Prompt) vimCursor(c *tea.Cursor) *tea.Cursor {
	if c != nil && p.vim != nil && p.vim.Mode() != VimInsert {
		c.Shape = tea.CursorBlock
	}
	return c
}

// vimSent puts vim mode back in INSERT mode for the next prompt.
func (p *Prompt) vimSent() {
	if p.vim != nil {
		p.vim = NewVim()
	}
}
