package input

import (
	"regexp"

	"github.com/gclaude/gclaude/protocol"
)

// chipAnyRE matches every chip in a text.
var chipAnyRE = regexp.MustCompile(`\[image \d+\]`)

// Restore puts a prompt that could not be delivered back into the draft, ahead of
// whatever was typed since, with its images as chips again. The chips are numbered
// anew so that they cannot clash with the draft's own. Images are given back only
// when the text still has exactly one chip per image (as takeImages handed them
// over); otherwise the text alone comes back. A text too big for the editor comes back
// as a paste chip, whole.
func (p *Prompt) Restore(text string, images []protocol.ImageSource) {
	chips := chipAnyRE.FindAllStringIndex(text, -1)
	if len(images) > 0 && len(chips) == len(images) {
		i := 0
		text = chipAnyRE.ReplaceAllStringFunc(text, func(string) string {
			p.attach.last++
			p.attach.items = append(p.attach.items, attachment{n: p.attach.last, source: images[i]})
			i++
			return chip(p.attach.last)
		})
	}
	if tooBigForEditor(p.editor.Value(), text) {
		text = p.keep(text)
	}
	if draft := p.editor.Value(); draft != "" {
		text += "\n" + draft
	}
	p.editor.SetValue(text)
	p.afterEdit()
}
