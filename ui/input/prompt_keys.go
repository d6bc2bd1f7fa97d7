package input

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// HandleKey handles a key while the prompt has focus: ctrl+r search, the popups and
// image chips take theirs first, then the prompt's bindings, then the editor.
func (p *Prompt) HandleKey(msg tea.KeyPressMsg) (Action, tea.Cmd) {
	if p.search != nil && p.searchKey(msg) {
		return nil, nil
	}
	if p.complete.Open() {
		if a, done := p.completionKey(msg); done {
			return a, nil
		}
	}
	if p.mention.Open() && p.mentionKey(msg) {
		return nil, nil
	}
	if msg.Code == tea.KeyBackspace && msg.Mod == 0 && (p.removeChip() || p.removePasteChip()) {
		return nil, nil
	}
	if p.vimKey(msg) {
		return nil, nil
	}
	keys := p.env.Keys
	draft := p.editor.Value()
	switch {
	case key.Matches(msg, keys.Input.Send):
		if p.backslashNewline() {
			return nil, nil
		}
		return p.send()
	case key.Matches(msg, keys.Input.Cancel):
		return Interrupt{}, nil
	case key.Matches(msg, keys.Input.FocusTranscript):
		return FocusTranscript{}, nil
	case key.Matches(msg, keys.Input.HistorySearch):
		p.startHistorySearch()
		return nil, nil
	case key.Matches(msg, keys.Input.ExpandPaste):
		return p.expandPastesInDraft(), nil
	case key.Matches(msg, keys.Input.ExternalEditor):
		return nil, p.openExternalEditor()
	case key.Matches(msg, keys.Global.Quit) && draft == "":
		return Quit{}, nil
	case key.Matches(msg, keys.Global.Help) && draft == "":
		return OpenHelp{}, nil
	case key.Matches(msg, keys.Input.HistoryPrev) && p.editor.OnFirstLine():
		if text, ok := p.history.Prev(draft); ok {
			p.editor.SetValue(text)
			p.afterEdit()
			return nil, nil
		}
	case key.Matches(msg, keys.Input.HistoryNext) && p.editor.OnLastLine() && p.history.Walking():
		if text, ok := p.history.Next(); ok {
			p.editor.SetValue(text)
			p.afterEdit()
			return nil, nil
		}
	}
	cmd := p.editor.Update(msg)
	p.afterEdit()
	return nil, tea.Batch(cmd, p.listFilesIfWanted())
}

// Paste puts pasted text into the draft, or attaches the image whose path it is.
func (p *Prompt) Paste(msg tea.PasteMsg) tea.Cmd {
	if cmd, ok := p.pasteImage(msg.Content); ok {
		return cmd
	}
	if text := normalizeNewlines(msg.Content); isLongPaste(text) {
		p.pasteAsChip(text)
		return nil
	}
	cmd := p.editor.Update(msg)
	p.afterEdit()
	return tea.Batch(cmd, p.listFilesIfWanted())
}

// completionKey handles the keys the slash-command popup takes; done is false for
// keys that go on to the editor.
func (p *Prompt) completionKey(msg tea.KeyPressMsg) (Action, bool) {
	keys := p.env.Keys
	switch {
	case key.Matches(msg, keys.Picker.Up):
		p.complete.Up()
	case key.Matches(msg, keys.Picker.Down):
		p.complete.Down()
	case key.Matches(msg, keys.Input.Complete):
		if c, ok := p.complete.Selected(); ok {
			p.completeTo(c)
		}
	case key.Matches(msg, keys.Picker.Close):
		p.complete.Dismiss(p.editor.Value())
	case key.Matches(msg, keys.Input.Send):
		// Enter runs exactly the command typed (or the one moved to); a name the word
		// only begins is completed, to be run by the next enter, and anything else is
		// sent as typed (refused if no command has that name).
		c, ok := p.complete.Selected()
		switch {
		case ok && p.complete.Chosen(c):
			p.Reset()
			text := "/" + c.Name
			return RunCommand{Name: c.Name, Text: text, Images: p.takeImages(text)}, true
		case ok && p.complete.Completes(c):
			p.completeTo(c)
		default:
			return nil, false // sent as typed
		}
	default:
		return nil, false
	}
	return nil, true
}

// completeTo puts cmd's name in the draft, with a space after it when it takes
// arguments.
func (p *Prompt) completeTo(cmd Command) {
	text := "/" + cmd.Name
	if cmd.ArgumentHint != "" {
		text += " "
	}
	p.editor.SetValue(text)
	p.afterEdit()
}

// send is enter on the draft: it leaves the prompt (and joins the history) as a
// slash command or a prompt. A read-only prompt leaves the draft to the root.
func (p *Prompt) send() (Action, tea.Cmd) {
	text := p.editor.Value()
	if p.env.ReadOnly {
		return Enter{Text: text}, nil
	}
	if strings.TrimSpace(text) == "" {
		return SendEmpty{}, nil
	}
	// The chips of long pastes are sent, and kept in the history, as the text they
	// stand for.
	typed := text
	text = p.expandPastes(text)
	p.pastes = pasteState{}
	p.Reset()
	p.vimSent()
	p.history.Add(text)
	save := p.saveHistory(text)
	images := p.takeImages(text)
	if name, args, ok := ParseSlash(text); ok {
		return RunCommand{Name: name, Args: args, Text: text, Images: images}, save
	}
	shown := ""
	if typed != text {
		shown = typed
	}
	return Submit{Text: text, Images: images, Shown: shown}, save
}

// backslashNewline is Claude Code's "\" + enter: a backslash just before the cursor
// becomes a newline instead of the draft being sent (for terminals where shift+enter
// does not reach the program).
func (p *Prompt) backslashNewline() bool {
	if p.env.ReadOnly || !strings.HasSuffix(p.editor.BeforeCursor(), `\`) {
		return false
	}
	p.editor.ReplaceBeforeCursor(1, "\n")
	p.afterEdit()
	return true
}

// ParseSlash recognises a slash command in a draft. Absolute paths ("/usr/bin is…")
// are prompts, not commands.
func ParseSlash(text string) (name, args string, ok bool) {
	name, args, ok = ParseCommand(text)
	if !ok || strings.Contains(name, "/") {
		return "", "", false
	}
	return name, args, true
}

// IsTypedText reports whether a key press is plain typing (no ctrl or alt).
func IsTypedText(msg tea.KeyPressMsg) bool {
	return msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0
}
