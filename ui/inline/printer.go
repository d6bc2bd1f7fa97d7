// Package inline is the printing side of inline mode (--tui inline): finished
// transcript items are printed once into the terminal's own scrollback, above the
// program, and only the live part (items still changing, an open dialog, the prompt
// and the status bar) is redrawn. See docs/INLINE.md.
//
// Bubble Tea prints above the program with insertAbove: it scrolls the screen by the
// rows printed and inserts them above the frame. That is only right when the rows
// printed plus the frame's height fit on the screen, else rows of the frame would
// scroll into the scrollback. So the frame never takes more than height-Reserve rows
// and prints go out in chunks of at most Reserve rows, one at a time, in order.
//
// Printer keeps what has been printed, renders settled items in a Cmd, prints in chunks
// that fit the reserve (Reserve, SoftWrapSafe), prints a streaming answer's finished
// blocks, waits a frame after a full-screen view, quits once the last chunk is out, and
// draws the top of the live part.
package inline

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/themes"
	"github.com/gclaude/gclaude/ui/transcript"
)

// Transcript is what the printer reads of the conversation (ui/transcript.View).
type Transcript interface {
	Len() int
	Settled(from int) int
	Hidden(i int) bool
	Scrollback(from, to int, printed string) func() string
	StreamingStable(i int) (string, bool)
	LiveView(from, rows int, printed string) string
}

// Env is the program as the printer sees it at one moment.
type Env struct {
	Transcript Transcript
	Styles     *themes.Styles
	Project    string // the folder's name, sanitised, for the banner
	Width      int
	Height     int
	// FullScreen is set while a full-screen view (help, task pane, transcript browser)
	// is drawn over the live part: nothing is printed then.
	FullScreen bool
	// Quitting prints every item, settled or not, and then draws nothing.
	Quitting bool
	// After schedules a message after d (tea.Tick in the program).
	After func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
}

// Printer is what inline mode has printed and is printing.
type Printer struct {
	printed int // transcript items already taken for printing
	// liveFrom is the first item the live part shows: items before it are printed or
	// queued as rows. It trails printed while an answer renders for the scrollback.
	liveFrom  int
	rendering bool // a Cmd renders items for the scrollback; the next waits for it
	// partPrinted is the start of item printed, an answer still streaming, already taken
	// for printing (its stable blocks); livePart the same once queued: the live part
	// shows only the rest.
	partPrinted, livePart string
	pending               []string // rendered rows not printed yet, in order
	inFlight              bool     // a chunk is on its way; the next waits for PrintedMsg
	banner                bool     // the welcome banner was printed
	liveRows              int      // rows the live part's top took in the last frame
	// tallest is the most rows the live items took since the last resize: the live part
	// keeps that height, blank where items left for the scrollback, so the prompt does
	// not jump and the frame is not redrawn whole each time an answer is printed.
	tallest int
	// viewFull is set when the last frame was full-screen: the terminal may still be on
	// the alternate screen, where a print would be lost, so printing waits a frame.
	viewFull  bool
	retrying  bool // a retry after a frame is scheduled
	quitReady bool // the session is closed: quit once the last chunk is out
	gen       int  // bumped with each new transcript (/clear, a resume)
}

// PrintedMsg says the last chunk reached the terminal.
type PrintedMsg struct{}

// RenderedMsg brings items rendered for the scrollback, up to item upTo.
type RenderedMsg struct {
	text string
	upTo int
	gen  int // Printer.gen when the render started
}

// RetryMsg tries printing again a frame after a full-screen view closed.
type RetryMsg struct{}

// FrameWait is longer than a frame at Bubble Tea's 60 fps.
const FrameWait = 40 * time.Millisecond

// Reserve is how many rows the frame leaves free for one chunk of printing.
func Reserve(height int) int { return max(3, height/3) }

// NewTranscript starts over with an empty conversation (/clear, a resume): it opens
// with the banner; what the old one still prints goes first.
func (p *Printer) NewTranscript() {
	p.printed, p.liveFrom, p.banner = 0, 0, false
	p.partPrinted, p.livePart = "", ""
	p.gen++
}

// Resized lets the live part re-flow at the new size.
func (p *Printer) Resized() { p.tallest = 0 }

// Drawn notes whether the frame just drawn was full-screen.
func (p *Printer) Drawn(full bool) { p.viewFull = full }

// LiveRows is how many rows the top of the live part (the gap and the live items)
// took in the last frame.
func (p *Printer) LiveRows() int { return p.liveRows }

// Done reports whether nothing is left to print.
func (p *Printer) Done() bool { return !p.inFlight && !p.rendering && len(p.pending) == 0 }

// Live is the top of the live part in at most rows+1 rows: a blank gap below what is
// printed above, then the items not printed yet (their last rows), kept as tall as
// they have been since the last resize.
func (p *Printer) Live(t Transcript, rows int) []string {
	parts := []string{""}
	n := 0
	if live := t.LiveView(p.liveFrom, rows, p.livePart); live != "" {
		parts = append(parts, live)
		n = strings.Count(live, "\n") + 1
	}
	p.tallest = min(max(p.tallest, n), rows)
	for ; n < p.tallest; n++ {
		parts = append(parts, "")
	}
	p.liveRows = 1 + n
	return parts
}

// PrintSettled queues what became final for printing: the banner first, then every
// settled transcript item not printed yet (all of them when quitting), rendered in a
// Cmd; and sends the next chunk.
func (p *Printer) PrintSettled(e Env) tea.Cmd {
	if e.Width <= 0 || p.rendering {
		return nil
	}
	if !p.banner {
		p.banner = true
		p.pending = append(p.pending, banner(e.Styles, e.Project)...)
	}
	t := e.Transcript
	if p.partPrinted != "" && t.Hidden(p.printed) {
		// The CLI retried the request and streams the answer again: say so under the
		// start already printed rather than leave it looking like the whole answer.
		p.partPrinted = ""
		p.pending = append(p.pending, "", "  "+e.Styles.Muted.Render("⋯ cut off: claude retried the request, the answer starts again below"))
	}
	n := t.Settled(p.printed)
	if e.Quitting {
		n = t.Len()
	}
	if n <= p.printed {
		return tea.Batch(p.nextChunk(e), p.printStreamingStart(e))
	}
	render, gen := t.Scrollback(p.printed, n, p.partPrinted), p.gen
	p.printed, p.rendering, p.partPrinted = n, true, ""
	return tea.Batch(p.nextChunk(e), func() tea.Msg {
		return RenderedMsg{text: render(), upTo: n, gen: gen}
	})
}

// printStreamingStart prints the finished blocks of the answer streaming at the top of
// the live part, so the scrollback has the start of a long answer while it streams.
// What became stable since the last Update is a block or two, so it is rendered here,
// not in a Cmd: the live part then never renders blocks that wait to be printed.
func (p *Printer) printStreamingStart(e Env) tea.Cmd {
	stable, ok := e.Transcript.StreamingStable(p.printed)
	done := p.partPrinted
	if !ok || len(stable) <= len(done) || !strings.HasPrefix(stable, done) {
		return nil
	}
	first := done == ""
	lines := transcript.ScrollbackAnswer(stable[len(done):], e.Styles, first)
	if len(lines) > 0 && (!first || p.printed > 0) {
		p.pending = append(p.pending, "") // the gap below what was printed before
	}
	p.pending = append(p.pending, lines...)
	p.partPrinted, p.livePart = stable, stable
	return p.nextChunk(e)
}

// Rendered queues rendered items for printing.
func (p *Printer) Rendered(msg RenderedMsg, e Env) tea.Cmd {
	p.rendering = false
	if msg.text != "" {
		p.pending = append(p.pending, strings.Split(msg.text, "\n")...)
	}
	if msg.gen == p.gen {
		p.liveFrom, p.livePart = msg.upTo, ""
	}
	if cmd := p.quitWhenPrinted(); cmd != nil {
		return cmd
	}
	return tea.Batch(p.nextChunk(e), p.PrintSettled(e))
}

// Printed sends the next chunk, or ends the program once the last one after the
// session closed is out.
func (p *Printer) Printed(e Env) tea.Cmd {
	p.inFlight = false
	if q := p.quitWhenPrinted(); q != nil {
		return q
	}
	return p.nextChunk(e)
}

// Retry tries the next chunk again, a frame after a full-screen view closed.
func (p *Printer) Retry(e Env) tea.Cmd {
	p.retrying = false
	return p.nextChunk(e)
}

// SessionClosed quits once everything is printed.
func (p *Printer) SessionClosed(e Env) tea.Cmd {
	p.quitReady = true
	cmd := p.PrintSettled(e)
	if q := p.quitWhenPrinted(); q != nil {
		return q
	}
	return cmd
}

// quitWhenPrinted ends the program once the session is closed and everything is out.
func (p *Printer) quitWhenPrinted() tea.Cmd {
	if p.quitReady && p.Done() {
		return tea.Quit
	}
	return nil
}

// nextChunk prints the next rows that fit in the reserve, unless a chunk is on its way.
func (p *Printer) nextChunk(e Env) tea.Cmd {
	if p.inFlight || len(p.pending) == 0 || e.FullScreen {
		return nil
	}
	if p.viewFull {
		if p.retrying {
			return nil
		}
		p.retrying = true
		return e.After(FrameWait, func(time.Time) tea.Msg { return RetryMsg{} })
	}
	room := Reserve(e.Height)
	var chunk []string
	rows := 0
	for len(p.pending) > 0 {
		line, r := SoftWrapSafe(p.pending[0], e.Width)
		if rows > 0 && rows+r > room {
			break
		}
		chunk = append(chunk, line)
		rows += r
		p.pending = p.pending[1:]
	}
	p.inFlight = true
	return tea.Sequence(tea.Println(strings.Join(chunk, "\n")), func() tea.Msg { return PrintedMsg{} })
}

// SoftWrapSafe returns the line as it is printed and the rows it takes at width. A line
// exactly as wide as a multiple of the width would leave the cursor in the terminal's
// pending-wrap state, where Bubble Tea's row count and the terminal disagree; a space
// makes it wrap like any other.
func SoftWrapSafe(line string, width int) (string, int) {
	w := ansi.StringWidth(line)
	if width <= 0 || w == 0 {
		return line, 1
	}
	if w%width == 0 {
		line += " "
		w++
	}
	return line, 1 + w/width
}

// banner opens the conversation in the scrollback: what the welcome screen says in
// full-screen mode.
func banner(s *themes.Styles, project string) []string {
	return []string{
		" " + s.Accent.Render("✻ gclaude") + s.Muted.Render(" · Claude Code in your terminal · "+project),
		" " + s.Subtle.Render("/ for commands · ? for keys · tab browses the transcript full-screen"),
		"",
	}
}
