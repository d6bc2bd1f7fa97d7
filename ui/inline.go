package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/gclaude/gclaude/ui/transcript"
)

// Inline mode (--tui inline): no alternate screen and no mouse capture. Finished
// transcript items are printed once into the terminal's own scrollback, above the
// program; only the live part (items still changing, an open dialog, the prompt and the
// status bar) is redrawn. The help screen, the task pane and the transcript browser
// (tab) open full-screen over it and return.
//
// Bubble Tea prints above the program with insertAbove: it scrolls the screen by the
// rows printed and inserts them above the frame. That is only right when the rows
// printed plus the frame's height fit on the screen, else rows of the frame would
// scroll into the scrollback. So the frame never takes more than height-reserve rows
// and prints go out in chunks of at most reserve rows, one at a time, in order.

// Modes of --tui.
const (
	TUIFullscreen = "fullscreen"
	TUIInline     = "inline"
)

// inlineState is what inline mode has printed and is printing.
type inlineState struct {
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
	inFlight              bool     // a chunk is on its way; the next waits for printedMsg
	banner                bool     // the welcome banner was printed
	liveRows              int      // rows the live items took in the last frame (for the cursor)
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

// printedMsg says the last chunk reached the terminal.
type printedMsg struct{}

// scrollbackRenderedMsg brings items rendered for the scrollback, up to item upTo.
type scrollbackRenderedMsg struct {
	text string
	upTo int
	gen  int // inlineState.gen when the render started
}

// printRetryMsg tries printing again a frame after a full-screen view closed.
type printRetryMsg struct{}

// frameWait is longer than a frame at Bubble Tea's 60 fps.
const frameWait = 40 * time.Millisecond

// inlineReserve is how many rows the frame leaves free for one chunk of printing.
func (m *Model) inlineReserve() int { return max(3, m.height/3) }

// fullScreenNow reports whether the frame takes the whole screen: always in
// full-screen mode, and in inline mode while the help screen, the task pane or the
// transcript browser is open.
func (m *Model) fullScreenNow() bool {
	if !m.opts.Inline {
		return true
	}
	if m.quitting {
		return false
	}
	return m.help.IsOpen() || m.focus != focusInput || m.width > 0 && m.tooSmall()
}

// layoutInline sizes the live part: at most height-reserve rows in all.
func (m *Model) layoutInline() {
	avail := max(m.height-m.inlineReserve()-barRows, 1)
	m.prompt.SetSize(m.width, min(maxEditorRows, max(1, avail/3)))
	var s screen
	if m.dialogs.Len() > 0 {
		s.dialog = m.dialogs.At(0).Dialog.View(m.width, avail-1) // a row stays for the gap above
		s.dialogRows = strings.Count(s.dialog, "\n") + 1
		if s.dialog == "" {
			s.dialogRows = 0
		}
	} else {
		s.editorRows = m.prompt.Height()
		s.popupRows = m.prompt.PopupHeight(min(maxCompletionRows, avail-s.editorRows-1))
	}
	s.transcriptRows = max(1, avail-s.dialogRows-s.editorRows-s.popupRows) // with the gap row
	m.screen = s
	m.transcript.SetInlineSize(m.width, s.transcriptRows)
}

// renderInline draws the live part: items not printed yet (their last rows), the popup,
// the dialog or the editor, the status bar and the key help. Nothing once gclaude quit:
// the conversation above is what stays on the screen.
func (m *Model) renderInline() string {
	if m.quitting && !m.inl.inFlight && !m.inl.rendering && len(m.inl.pending) == 0 {
		return ""
	}
	if m.width <= 0 || m.height <= 0 {
		return "starting claude…"
	}
	parts := make([]string, 0, 6)
	// The first row is blank: a gap below what is printed above.
	parts = append(parts, "")
	m.inl.liveRows = 1
	rows := 0
	if live := m.transcript.LiveView(m.inl.liveFrom, m.screen.transcriptRows-1, m.inl.livePart); live != "" {
		parts = append(parts, live)
		rows = strings.Count(live, "\n") + 1
	}
	m.inl.tallest = min(max(m.inl.tallest, rows), m.screen.transcriptRows-1)
	for ; rows < m.inl.tallest; rows++ {
		parts = append(parts, "")
	}
	m.inl.liveRows += rows
	parts = m.appendBottom(parts)
	return strings.Join(parts, "\n")
}

// printSettled queues what became final for printing: the banner first, then every
// settled transcript item not printed yet (all of them when gclaude is quitting),
// rendered in a Cmd; and sends the next chunk. Nothing is printed while a full-screen
// view is open.
func (m *Model) printSettled() tea.Cmd {
	if !m.opts.Inline || m.width <= 0 || m.inl.rendering {
		return nil
	}
	if !m.inl.banner {
		m.inl.banner = true
		m.inl.pending = append(m.inl.pending, m.bannerLines()...)
	}
	if m.inl.partPrinted != "" && m.transcript.Hidden(m.inl.printed) {
		// The CLI retried the request and streams the answer again: say so under the
		// start already printed rather than leave it looking like the whole answer.
		m.inl.partPrinted = ""
		m.inl.pending = append(m.inl.pending, "", "  "+m.styles().Muted.Render("⋯ cut off: claude retried the request, the answer starts again below"))
	}
	n := m.transcript.Settled(m.inl.printed)
	if m.quitting {
		n = m.transcript.Len()
	}
	gen := m.inl.gen
	if n <= m.inl.printed {
		return tea.Batch(m.nextChunk(), m.printStreamingStart())
	}
	render := m.transcript.Scrollback(m.inl.printed, n, m.inl.partPrinted)
	m.inl.printed, m.inl.rendering, m.inl.partPrinted = n, true, ""
	return tea.Batch(m.nextChunk(), func() tea.Msg {
		return scrollbackRenderedMsg{text: render(), upTo: n, gen: gen}
	})
}

// printStreamingStart prints the finished blocks of the answer streaming at the top of
// the live part, so the scrollback has the start of a long answer while it streams.
// What became stable since the last Update is a block or two, so it is rendered here,
// not in a Cmd: the live part then never renders blocks that wait to be printed.
func (m *Model) printStreamingStart() tea.Cmd {
	stable, ok := m.transcript.StreamingStable(m.inl.printed)
	done := m.inl.partPrinted
	if !ok || len(stable) <= len(done) || !strings.HasPrefix(stable, done) {
		return nil
	}
	first := done == ""
	lines := transcript.ScrollbackAnswer(stable[len(done):], m.styles(), first)
	if len(lines) > 0 && (!first || m.inl.printed > 0) {
		m.inl.pending = append(m.inl.pending, "") // the gap below what was printed before
	}
	m.inl.pending = append(m.inl.pending, lines...)
	m.inl.partPrinted, m.inl.livePart = stable, stable
	return m.nextChunk()
}

// handleScrollbackRendered queues rendered items for printing.
func (m *Model) handleScrollbackRendered(msg scrollbackRenderedMsg) tea.Cmd {
	m.inl.rendering = false
	if msg.text != "" {
		m.inl.pending = append(m.inl.pending, strings.Split(msg.text, "\n")...)
	}
	if msg.gen == m.inl.gen {
		m.inl.liveFrom, m.inl.livePart = msg.upTo, ""
	}
	if cmd := m.quitWhenPrinted(); cmd != nil {
		return cmd
	}
	return tea.Batch(m.nextChunk(), m.printSettled())
}

// quitWhenPrinted ends the program once the session is closed and everything is out.
func (m *Model) quitWhenPrinted() tea.Cmd {
	if m.inl.quitReady && !m.inl.inFlight && !m.inl.rendering && len(m.inl.pending) == 0 {
		return tea.Quit
	}
	return nil
}

// nextChunk prints the next rows that fit in the reserve, unless a chunk is on its way.
func (m *Model) nextChunk() tea.Cmd {
	if m.inl.inFlight || len(m.inl.pending) == 0 || m.fullScreenNow() {
		return nil
	}
	if m.inl.viewFull {
		if m.inl.retrying {
			return nil
		}
		m.inl.retrying = true
		return m.after(frameWait, func(time.Time) tea.Msg { return printRetryMsg{} })
	}
	room := m.inlineReserve()
	var chunk []string
	rows := 0
	for len(m.inl.pending) > 0 {
		line, r := softWrapSafe(m.inl.pending[0], m.width)
		if rows > 0 && rows+r > room {
			break
		}
		chunk = append(chunk, line)
		rows += r
		m.inl.pending = m.inl.pending[1:]
	}
	m.inl.inFlight = true
	return tea.Sequence(tea.Println(strings.Join(chunk, "\n")), func() tea.Msg { return printedMsg{} })
}

// sessionClosedInline quits once everything is printed.
func (m *Model) sessionClosedInline() tea.Cmd {
	m.inl.quitReady = true
	cmd := m.printSettled()
	if q := m.quitWhenPrinted(); q != nil {
		return q
	}
	return cmd
}

// handlePrinted sends the next chunk, or ends the program once the last one after quit
// is out.
func (m *Model) handlePrinted() tea.Cmd {
	m.inl.inFlight = false
	if q := m.quitWhenPrinted(); q != nil {
		return q
	}
	return m.nextChunk()
}

// softWrapSafe returns the line as it is printed and the rows it takes at width. A line
// exactly as wide as a multiple of the width would leave the cursor in the terminal's
// pending-wrap state, where Bubble Tea's row count and the terminal disagree; a space
// makes it wrap like any other.
func softWrapSafe(line string, width int) (string, int) {
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

// bannerLines open the conversation in the scrollback: what the welcome screen says in
// full-screen mode.
func (m *Model) bannerLines() []string {
	s := m.styles()
	return []string{
		" " + s.Accent.Render("✻ gclaude") + s.Muted.Render(" · Claude Code in your terminal · "+m.projectName()),
		" " + s.Subtle.Render("/ for commands · ? for keys · tab browses the transcript full-screen"),
		"",
	}
}

// displayTip is the help screen's line about the two ways to show a conversation.
func (m *Model) displayTip() [2]string {
	if m.opts.Inline {
		return [2]string{"--tui", "this session prints the conversation into the terminal's scrollback: " +
			"use its own scrolling, search and selection; tab browses the transcript full-screen. " +
			"--tui fullscreen (the default) keeps it on gclaude's own screen"}
	}
	return [2]string{"--tui", "start gclaude with --tui inline to print the conversation into the terminal's own " +
		"scrollback, where its scrolling, search, selection and tmux copy-mode work and it stays after quitting"}
}
