package input

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/gclaude/gclaude/render"
)

// A long paste does not land in the editor line by line: as in Claude Code it becomes
// a chip, "[Pasted text #1 +60 lines]", and the text it stands for is kept aside in
// full. The chip is replaced by that text when the prompt is sent; ctrl+o puts the
// text into the draft instead, backspace after the chip removes both. The editor
// never lays out a pasted megabyte, so pasting stays fast.

const (
	// pasteChipLines and pasteChipChars: a paste with more lines, or more characters,
	// becomes a chip.
	pasteChipLines = 10
	pasteChipChars = 2000
	// expandMaxLines and expandMaxChars bound what ctrl+o puts into the editor; a
	// bigger text stays a chip (it is still sent in full).
	expandMaxLines = 2000
	expandMaxChars = 200_000
)

// pastedText is the text behind one chip.
type pastedText struct {
	chip string // the chip exactly as it is in the draft
	n    int
	text string
}

// pasteState is the draft's pasted texts.
type pasteState struct {
	items []pastedText
	last  int // the number of the last chip
}

// pasteChipRE matches a paste chip at the end of the text before the cursor.
var pasteChipRE = regexp.MustCompile(`\[Pasted text #(\d+)(?: \+\d+ lines?)?\]$`)

// pasteChip is the chip of paste n.
func pasteChip(n int, text string) string {
	lines := countLines(text)
	if lines <= 1 {
		return fmt.Sprintf("[Pasted text #%d]", n)
	}
	return fmt.Sprintf("[Pasted text #%d +%d %s]", n, lines, render.Plural(lines, "line"))
}

// countLines is the number of lines of text; a final newline ends the last line
// rather than starting another.
func countLines(text string) int {
	if text == "" {
		return 0
	}
	return strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 1
}

// normalizeNewlines turns the CR and CRLF line ends terminals paste into LF, as the
// editor does with text it takes.
func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// isLongPaste reports whether a paste becomes a chip.
func isLongPaste(text string) bool {
	return len(text) > pasteChipChars || countLines(text) > pasteChipLines
}

// pasteAsChip keeps a long paste aside and puts its chip at the cursor.
func (p *Prompt) pasteAsChip(text string) {
	p.prunePastes()
	p.editor.InsertString(p.setAside(text))
	p.afterEdit()
}

// setAside keeps text as a new paste and returns its chip.
func (p *Prompt) setAside(text string) string {
	p.pastes.last++
	item := pastedText{n: p.pastes.last, text: text}
	item.chip = pasteChip(item.n, text)
	p.pastes.items = append(p.pastes.items, item)
	return item.chip
}

// expandPastes is text with every chip of the draft replaced by the text it stands
// for. A chip typed by hand, or one whose paste is gone, stays as it is.
func (p *Prompt) expandPastes(text string) string {
	if len(p.pastes.items) == 0 {
		return text
	}
	byChip := make(map[string]string, len(p.pastes.items))
	for _, it := range p.pastes.items {
		byChip[it.chip] = it.text
	}
	return anyPasteChipRE.ReplaceAllStringFunc(text, func(chip string) string {
		if full, ok := byChip[chip]; ok {
			return full
		}
		return chip
	})
}

// anyPasteChipRE matches a paste chip anywhere.
var anyPasteChipRE = regexp.MustCompile(`\[Pasted text #\d+(?: \+\d+ lines?)?\]`)

// expandPastesInDraft is ctrl+o: the chips in the draft become their text, so it can
// be edited. A text too big for the editor stays a chip, with a notice.
func (p *Prompt) expandPastesInDraft() Action {
	draft := p.editor.Value()
	var tooBig []string
	for _, it := range p.pastes.items {
		if strings.Contains(draft, it.chip) && tooLongToEdit(it.text) {
			tooBig = append(tooBig, it.chip)
		}
	}
	if len(tooBig) > 0 {
		return Notice{Text: fmt.Sprintf("%s is too long to edit in the prompt; it is sent in full as it is (ctrl+g edits the rest of the draft in $EDITOR)",
			strings.Join(tooBig, ", "))}
	}
	expanded := p.expandPastes(draft)
	if expanded == draft {
		return nil
	}
	p.editor.SetValue(expanded)
	p.pastes = pasteState{}
	p.afterEdit()
	return nil
}

// removePasteChip deletes a paste chip just before the cursor, with its text; ok is
// false when there is none.
func (p *Prompt) removePasteChip() bool {
	match := pasteChipRE.FindStringSubmatch(p.editor.BeforeCursor())
	if match == nil {
		return false
	}
	n, _ := strconv.Atoi(match[1])
	for i, it := range p.pastes.items {
		if it.n == n && it.chip == match[0] {
			p.pastes.items = append(p.pastes.items[:i], p.pastes.items[i+1:]...)
			p.editor.ReplaceBeforeCursor(len([]rune(match[0])), "")
			p.afterEdit()
			return true
		}
	}
	return false // typed text that looks like a chip
}

// prunePastes drops the texts whose chips are no longer in the draft; with none
// left, chips are numbered from 1 again.
func (p *Prompt) prunePastes() {
	draft := p.editor.Value()
	kept := p.pastes.items[:0]
	for _, it := range p.pastes.items {
		if strings.Contains(draft, it.chip) {
			kept = append(kept, it)
		}
	}
	p.pastes.items = kept
	if len(kept) == 0 {
		p.pastes.last = 0
	}
}
