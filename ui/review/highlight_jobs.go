package review

import tea "charm.land/bubbletea/v2"

// Lexing is slow (chroma's lexers take 0.2–0.9 ms a line), far too slow for a frame:
// lines are drawn plain at first, and the lines on screen and a page either side are
// lexed in a Cmd, one batch at a time; their colours arrive with Highlighted.

// Highlighted delivers the syntax tokens of lines lexed in the background; the root
// passes it to Update.
type Highlighted struct {
	gen   int
	lines []lexedLine
}

type lexedLine struct {
	file, hunk, line int
	text             string
	lex              *lineLexer
	toks             []token
}

// lexBatch is the most lines one Cmd lexes: the screen's rows and a page either side.
const lexBatch = 200

// highlightCmd lexes the lines around the view that have no tokens yet, unless a batch
// is already under way.
func (s *Screen) highlightCmd() tea.Cmd {
	if s.lexBusy || s.diff == nil || len(s.rows) == 0 {
		return nil
	}
	body := s.bodyRows()
	from, to := max(s.top-body, 0), min(s.top+2*body, len(s.rows))
	var work []lexedLine
	for i := from; i < to && len(work) < lexBatch; i++ {
		r := s.rows[i]
		if r.kind != rowLine {
			continue
		}
		v := &s.files[r.file]
		hv := v.hunk(int(r.hunk))
		if hv.lexed[r.line] || hv.kind[r.line] == '\\' {
			continue
		}
		lex := v.lexer()
		if lex.lx == nil {
			hv.lexed[r.line] = true // nothing to lex it with
			continue
		}
		work = append(work, lexedLine{file: int(r.file), hunk: int(r.hunk), line: int(r.line), text: hv.text[r.line], lex: lex})
	}
	if len(work) == 0 {
		return nil
	}
	s.lexBusy = true
	gen := s.lexGen
	return func() tea.Msg {
		for i := range work {
			work[i].toks = work[i].lex.tokens(work[i].text)
		}
		return Highlighted{gen: gen, lines: work}
	}
}

// highlighted keeps the tokens of a batch, redraws their rows, and starts the next batch.
func (s *Screen) highlighted(msg Highlighted) tea.Cmd {
	if msg.gen != s.lexGen {
		return nil // for a diff no longer shown
	}
	s.lexBusy = false
	for _, l := range msg.lines {
		hv := s.files[l.file].hunk(l.hunk)
		hv.toks[l.line], hv.lexed[l.line] = l.toks, true
		delete(s.cache.rows, row{kind: rowLine, file: int32(l.file), hunk: int32(l.hunk), line: int32(l.line)})
	}
	return s.highlightCmd()
}
