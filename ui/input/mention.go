package input

import (
	"strings"
	"unicode"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/internal/files"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// maxMentionResults is how many paths the @-mention popup ranks.
const maxMentionResults = 50

// Mention is the @-mention popup: while the word before the cursor is "@query", it
// offers the project paths that fuzzy-match query, best first. The paths are listed
// once (by the Prompt, in a Cmd) and given with SetPaths.
type Mention struct {
	paths  []string
	listed bool   // SetPaths was called
	note   string // why the list is incomplete or missing ("" when complete)

	open      bool
	query     string // the word after "@"
	results   []files.Result
	cursor    int
	dismissed string // the token esc closed the popup on; closed until it changes
}

// MentionToken finds an "@word" ending at the end of before (the text before the
// cursor): the "@" starts the text or follows white space, and the word has none.
// query is the word without the "@"; size is the token's length in runes.
func MentionToken(before string) (query string, size int, ok bool) {
	at := strings.LastIndexByte(before, '@')
	if at < 0 {
		return "", 0, false
	}
	query = before[at+1:]
	if strings.IndexFunc(query, unicode.IsSpace) >= 0 {
		return "", 0, false
	}
	if at > 0 {
		if r := []rune(before[:at]); !unicode.IsSpace(r[len(r)-1]) {
			return "", 0, false // an e-mail address or a decorator, not a mention
		}
	}
	return query, 1 + len([]rune(query)), true
}

// Update follows the text before the cursor. It reports whether the popup wants the
// paths listed (it is open and has none yet).
func (c *Mention) Update(before string) (wantPaths bool) {
	query, _, ok := MentionToken(before)
	token := "@" + query
	if c.dismissed != "" && token != c.dismissed {
		c.dismissed = ""
	}
	if !ok || token == c.dismissed {
		c.open, c.query, c.results = false, "", nil
		return false
	}
	if !c.open || query != c.query {
		c.cursor = 0
	}
	c.open, c.query = true, query
	c.rank()
	return !c.listed
}

// SetPaths gives the popup the project's paths; note says why they are incomplete
// or missing (the listing was cut short or failed), "" when they are complete.
func (c *Mention) SetPaths(paths []string, note string) {
	c.paths, c.note, c.listed = paths, note, true
	if c.open {
		c.rank()
	}
}

// Listed reports whether SetPaths was called.
func (c *Mention) Listed() bool { return c.listed }

func (c *Mention) rank() {
	c.results = files.Match(c.query, c.paths, maxMentionResults)
	c.cursor = min(c.cursor, max(0, len(c.results)-1))
}

// Open reports whether the popup is showing.
func (c *Mention) Open() bool { return c.open }

// Query is the word after "@" being completed.
func (c *Mention) Query() string { return c.query }

// Dismiss closes the popup until the token changes (esc).
func (c *Mention) Dismiss() {
	if c.open {
		c.dismissed = "@" + c.query
	}
	c.open, c.results = false, nil
}

// Up and Down move the highlight, wrapping around.
func (c *Mention) Up() {
	if n := len(c.results); n > 0 {
		c.cursor = (c.cursor - 1 + n) % n
	}
}

func (c *Mention) Down() {
	if n := len(c.results); n > 0 {
		c.cursor = (c.cursor + 1) % n
	}
}

// Selected is the highlighted path.
func (c *Mention) Selected() (string, bool) {
	if !c.open || len(c.results) == 0 {
		return "", false
	}
	return c.results[c.cursor].Path, true
}

// Height is how many rows View takes with at most maxRows rows.
func (c *Mention) Height(maxRows int) int {
	if !c.open || maxRows <= 0 {
		return 0
	}
	return min(max(len(c.results), 1), maxRows)
}

// View renders up to maxRows paths around the highlight, each exactly width cells,
// with the runes that matched the query highlighted. Without paths it says why.
func (c *Mention) View(width, maxRows int, s *themes.Styles) string {
	rows := c.Height(maxRows)
	if rows == 0 {
		return ""
	}
	if len(c.results) == 0 {
		msg := "no file matches @" + c.query
		switch {
		case !c.listed:
			msg = "listing the project's files…"
		case c.note != "" && len(c.paths) == 0:
			msg = c.note
		}
		return render.Pad("  "+s.Subtle.Render(render.Sanitize(msg)), width)
	}
	first := max(0, min(c.cursor-rows/2, len(c.results)-rows))
	lines := make([]string, 0, rows)
	for i := first; i < first+rows; i++ {
		r := c.results[i]
		marker, base := "  ", s.Dialog.Choice
		if i == c.cursor {
			marker, base = s.Dialog.ChoiceCursor.Render(s.Icons.SelectCursor+" "), s.Dialog.ChoiceSelected
		}
		path := highlightRunes(render.Sanitize(r.Path), r.Indexes, base, s.Accent)
		line := marker + "@" + path
		if i == first && c.note != "" {
			line += "  " + s.Subtle.Render(render.Sanitize(c.note))
		}
		lines = append(lines, render.Pad(ansi.Truncate(line, width, s.Icons.Ellipsis), width))
	}
	return strings.Join(lines, "\n")
}

// highlightRunes styles the runes at indexes (increasing) with hit, the rest with
// base. Sanitizing keeps printable text as it is, so the indexes still apply.
func highlightRunes(text string, indexes []int, base, hit lipgloss.Style) string {
	if len(indexes) == 0 {
		return base.Render(text)
	}
	var b strings.Builder
	var run []rune
	matched, k := false, 0
	flush := func() {
		if len(run) == 0 {
			return
		}
		if matched {
			b.WriteString(hit.Render(string(run)))
		} else {
			b.WriteString(base.Render(string(run)))
		}
		run = run[:0]
	}
	for i, r := range []rune(text) {
		m := k < len(indexes) && indexes[k] == i
		if m {
			k++
		}
		if m != matched {
			flush()
			matched = m
		}
		run = append(run, r)
	}
	flush()
	return b.String()
}
