package input

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// A paste too big for the editor is kept whole outside it: the draft shows a chip,
// "[Pasted text #1 +20000 lines]", and sending puts the text back in the chip's place.
// The textarea cannot hold it: it keeps at most 10,000 lines (and gclaude's content
// height cut a 1 MB paste at 819,931 bytes, silently), and it re-wraps the whole draft
// on every key, so a 1 MB paste took 12 s to echo. A paste past maxPasteBytes is
// refused with a notice. A paste chip for ordinary pastes, as in Claude Code, can be
// built on this by lowering the thresholds.

// The textarea re-wraps every line of the draft several times per key (its wrap cache
// holds as many lines as are visible): a 160-line paste costs 0.1 s, 600 lines over a
// second. Hence limits far below its own 10,000-line cut.
const (
	// editorPasteLines and editorPasteBytes are the most a paste may have to go into
	// the editor as text; anything larger becomes a chip.
	editorPasteLines = 200
	editorPasteBytes = 16 << 10
	// editorDraftLines and editorDraftBytes bound the whole draft the same way, so that
	// many pastes cannot add up to a slow or cut draft.
	editorDraftLines = 800
	editorDraftBytes = 64 << 10
	// maxPasteBytes is the largest paste taken: far more than any context window
	// holds (a million tokens is about 4 MB of text), and within the API's request size.
	maxPasteBytes = 10 << 20
)

// pastedText is a paste kept out of the editor.
type pastedText struct {
	n    int
	text string
}

// pasteState is the draft's kept pastes.
type pasteState struct {
	items []pastedText
	last  int // the number of the last chip
}

// pasteChipRE matches a paste chip; pasteChipEndRE one just before the cursor.
var (
	pasteChipRE    = regexp.MustCompile(`\[Pasted text #(\d+) \+\d+ lines?\]`)
	pasteChipEndRE = regexp.MustCompile(`\[Pasted text #(\d+) \+\d+ lines?\]$`)
)

func pasteChip(n int, text string) string {
	lines := strings.Count(text, "\n")
	if !strings.HasSuffix(text, "\n") {
		lines++
	}
	word := "lines"
	if lines == 1 {
		word = "line"
	}
	return fmt.Sprintf("[Pasted text #%d +%d %s]", n, lines, word)
}

// tooBigForEditor reports whether text, added to draft, must be kept out of the editor.
func tooBigForEditor(draft, text string) bool {
	lines := strings.Count(text, "\n")
	return len(text) > editorPasteBytes || lines >= editorPasteLines ||
		len(draft)+len(text) > editorDraftBytes || strings.Count(draft, "\n")+lines >= editorDraftLines
}

// keep stores text and returns the chip that stands for it.
func (p *Prompt) keep(text string) string {
	p.prunePastes()
	p.pastes.last++
	p.pastes.items = append(p.pastes.items, pastedText{n: p.pastes.last, text: text})
	return pasteChip(p.pastes.last, text)
}

// pasteText puts a paste into the draft: as text, as a chip, or not at all.
func (p *Prompt) pasteText(msg tea.PasteMsg) (tea.Cmd, bool) {
	// Terminals paste line ends as CR (tmux and xterm turn LF into CR, as if enter was
	// pressed); the editor makes them LF, and so must a kept paste.
	text := strings.ReplaceAll(strings.ReplaceAll(msg.Content, "\r\n", "\n"), "\r", "\n")
	if len(text) > maxPasteBytes {
		notice := Notice{Text: fmt.Sprintf("The paste was not taken: %.1f MB is more than a prompt takes (%d MB). "+
			"Save it to a file and mention the file with @ instead.", mb(int64(len(text))), maxPasteBytes>>20)}
		return func() tea.Msg { return noticeMsg{notice} }, true
	}
	if !tooBigForEditor(p.editor.Value(), text) {
		return nil, false
	}
	p.editor.InsertString(p.keep(text))
	p.afterEdit()
	return nil, true
}

// noticeMsg carries a notice back through Update, for the callers that take no Action.
type noticeMsg struct{ notice Notice }

func (msg noticeMsg) update(*Prompt) (Action, tea.Cmd) { return msg.notice, nil }

// removePasteChip deletes a paste chip just before the cursor, with its text.
func (p *Prompt) removePasteChip() bool {
	match := pasteChipEndRE.FindStringSubmatch(p.editor.BeforeCursor())
	if match == nil {
		return false
	}
	n, _ := strconv.Atoi(match[1])
	i := p.pasteIndex(n)
	if i < 0 {
		return false // typed text that looks like a chip
	}
	p.pastes.items = append(p.pastes.items[:i], p.pastes.items[i+1:]...)
	p.editor.ReplaceBeforeCursor(len([]rune(match[0])), "")
	p.afterEdit()
	return true
}

func (p *Prompt) pasteIndex(n int) int {
	for i, t := range p.pastes.items {
		if t.n == n {
			return i
		}
	}
	return -1
}

// takePastes hands over the draft's kept pastes and empties them.
func (p *Prompt) takePastes() []pastedText {
	items := p.pastes.items
	p.pastes = pasteState{}
	return items
}

// expandPastes puts every paste of items whose chip is in text back in its place.
func expandPastes(text string, items []pastedText) string {
	if len(items) == 0 {
		return text
	}
	return pasteChipRE.ReplaceAllStringFunc(text, func(chip string) string {
		n, _ := strconv.Atoi(pasteChipRE.FindStringSubmatch(chip)[1])
		for _, t := range items {
			if t.n == n && chip == pasteChip(t.n, t.text) {
				return t.text
			}
		}
		return chip // typed by hand
	})
}

// prunePastes drops the pastes whose chips are no longer in the draft; with none left,
// chips are numbered from 1 again.
func (p *Prompt) prunePastes() {
	draft := p.editor.Value()
	kept := p.pastes.items[:0]
	for _, t := range p.pastes.items {
		if strings.Contains(draft, pasteChip(t.n, t.text)) {
			kept = append(kept, t)
		}
	}
	p.pastes.items = kept
	if len(kept) == 0 {
		p.pastes.last = 0
	}
}
