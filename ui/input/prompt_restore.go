package input

import (
	"strconv"

	"github.com/gclaude/gclaude/protocol"
)

// Restore puts back a prompt that was taken from the draft but never reached claude:
// its text goes first, above whatever was typed since. Its images come back with
// their chips when the draft has none of its own; otherwise they cannot be told
// apart from the draft's, and lost says how many must be pasted again. A text too
// long for the editor comes back as a paste chip, whole.
func (p *Prompt) Restore(text string, images []protocol.ImageSource) (lost int) {
	p.pruneImages()
	if len(images) > 0 && !p.reattach(text, images) {
		lost = len(images)
	}
	if tooLongToEdit(text) {
		p.pastes.last++
		item := pastedText{n: p.pastes.last, text: text}
		item.chip = pasteChip(item.n, text)
		p.pastes.items = append(p.pastes.items, item)
		text = item.chip
	}
	if draft := p.editor.Value(); draft != "" {
		text += "\n" + draft
	}
	p.editor.SetValue(text)
	p.afterEdit()
	return lost
}

// reattach gives images back their chips, in the order the chips appear in text.
func (p *Prompt) reattach(text string, images []protocol.ImageSource) bool {
	if len(p.attach.items) > 0 {
		return false
	}
	matches := anyImageChipRE.FindAllStringSubmatch(text, -1)
	if len(matches) != len(images) {
		return false
	}
	items := make([]attachment, len(images))
	seen := map[int]bool{}
	last := 0
	for i, m := range matches {
		n, _ := strconv.Atoi(m[1])
		if seen[n] {
			return false
		}
		seen[n] = true
		last = max(last, n)
		items[i] = attachment{n: n, source: images[i]}
	}
	p.attach = attachState{items: items, last: last}
	return true
}

// tooLongToEdit reports whether text is more than the editor should hold.
func tooLongToEdit(text string) bool {
	return countLines(text) > expandMaxLines || len(text) > expandMaxChars
}
