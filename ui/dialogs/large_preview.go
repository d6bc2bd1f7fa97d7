package dialogs

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// largePreviewBytes is the size from which new file content is not diffed
// nor rendered whole: a 20 MB Write took the UI goroutine ~40 s and 560 MB to
// diff. Above it the content is indexed once, off the UI goroutine, and each
// line is built only while it is on screen.
const largePreviewBytes = 1 << 20

// largeDiffBytes bounds the old and new text a Write diffs: the whole diff is
// styled and wrapped when the dialog is drawn, ~5 ms a KB on a busy machine
// (a 900 KB Write over a 3 MB file took 13 s). Above it, the new content is
// listed as a large one is.
const largeDiffBytes = 256 << 10

// indexStride is how many lines apart the index keeps a start offset: memory
// stays near len(text)/16 bytes at worst (a text of empty lines), and finding
// a line scans at most this many.
const indexStride = 64

// largeText is a big text split into lines lazily.
type largeText struct {
	text   string
	lines  int
	starts []int // byte offset of line k*indexStride
}

func newLargeText(text string) *largeText {
	lt := &largeText{text: text, starts: []int{0}}
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		lt.lines++
		if lt.lines%indexStride == 0 {
			lt.starts = append(lt.starts, i)
		}
	}
	if len(text) > 0 && !strings.HasSuffix(text, "\n") {
		lt.lines++ // a last line without its newline
	}
	return lt
}

// line returns line n (0-based), without its newline.
func (lt *largeText) line(n int) string {
	i := lt.starts[n/indexStride]
	for k := n % indexStride; k > 0; k-- {
		j := strings.IndexByte(lt.text[i:], '\n')
		if j < 0 {
			return ""
		}
		i += j + 1
	}
	end := strings.IndexByte(lt.text[i:], '\n')
	if end < 0 {
		return lt.text[i:]
	}
	return lt.text[i : i+end]
}

// largeWrite is the preview of a Write whose content is too big to diff.
type largeWrite struct {
	path     string
	content  *largeText
	exists   bool  // it replaces a file on disk
	replaced int64 // the size of that file, when gclaude knows it
}

// header lines say what is shown and why it is not a diff.
func (w *largeWrite) header(width int, st *themes.Styles) []string {
	what := fmt.Sprintf("%s  %s %s · %s", oneLine(w.path), render.Plural(w.content.lines, "line"), "of new content", humanBytes(len(w.content.text)))
	out := []string{render.Truncate(st.Bold.Render(what), width)}
	note := "Too large to diff: every line of the new content is listed below (scroll with pgup/pgdn); a line too long for the box is cut and ends in “…[line of N bytes]”. The editor key shows it whole."
	switch {
	case w.exists && w.replaced > 0:
		note = "It replaces the whole file on disk (" + humanBytes64(w.replaced) + "). " + note
	case w.exists:
		note = "It replaces the whole file on disk. " + note
	}
	return append(out, styledWrap(note, width, st.Notice.Info)...)
}

// row builds content line n for the screen: one row, marked where it is cut.
// Only a bounded prefix of the line is sanitized and measured.
func (w *largeWrite) row(n, width int, st *themes.Styles) string {
	full := w.content.line(n)
	line := full
	room := max(width-2, 1)
	if limit := room*4 + 16; len(line) > limit { // enough bytes for room cells of any script
		for limit > 0 && !utf8.RuneStart(line[limit]) {
			limit--
		}
		line = line[:limit]
	}
	text := render.OneLine(render.Sanitize(line))
	if len(line) == len(full) && ansi.StringWidth(text) <= room {
		return st.Diff.Add.Render("+ " + text)
	}
	marker := "…[line of " + humanBytes(len(full)) + "]"
	shown := render.Truncate(text, max(room-ansi.StringWidth(marker), 1))
	return st.Diff.Add.Render("+ "+strings.TrimSuffix(shown, "…")) + st.Notice.Warning.Render(marker)
}

func humanBytes(n int) string { return humanBytes64(int64(n)) }

func humanBytes64(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
