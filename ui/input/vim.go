package input

// Vim mode (Claude Code's editorMode "vim"): a small state machine over the draft's
// text and cursor. It knows nothing of the textarea: the prompt hands it a VimBuffer
// and a key, and writes back the buffer it returns (vim_prompt.go). In INSERT mode it
// only takes esc; every other key edits the draft as without vim mode.

// VimMode is the editing mode.
type VimMode int

const (
	VimInsert VimMode = iota // the default on entering vim mode, as in Claude Code
	VimNormal
	VimVisual
)

// String is the mode's name as Claude Code gives it to a statusLine command
// ("vim": {"mode": "NORMAL"}).
func (m VimMode) String() string {
	switch m {
	case VimInsert:
		return "INSERT"
	case VimVisual:
		return "VISUAL"
	}
	return "NORMAL"
}

// Indicator is what Claude Code shows under the prompt for the mode: nothing in
// NORMAL mode.
func (m VimMode) Indicator() string {
	switch m {
	case VimInsert:
		return "-- INSERT --"
	case VimVisual:
		return "-- VISUAL --"
	}
	return ""
}

// VimBuffer is the draft as vim sees it: its text and the cursor as a rune offset.
type VimBuffer struct {
	Text   string
	Cursor int
}

// Vim is the state of vim mode: the mode, the keys of an unfinished command, the
// unnamed register and the undo stack.
type Vim struct {
	mode     VimMode
	pending  []rune // count, operator, "g", text-object prefix typed so far
	register string
	linewise bool // the register holds whole lines (dd, yy)
	undo     []VimBuffer
	anchor   int // where VISUAL mode started
}

// vimUndoMax bounds the undo stack.
const vimUndoMax = 100

// NewVim starts vim mode in INSERT mode.
func NewVim() *Vim { return &Vim{} }

// Mode is the current mode.
func (v *Vim) Mode() VimMode { return v.mode }

// Register is the unnamed register and whether it holds whole lines.
func (v *Vim) Register() (text string, linewise bool) { return v.register, v.linewise }

// Pending reports whether a command is half typed (esc then cancels it).
func (v *Vim) Pending() bool { return len(v.pending) > 0 }

// Anchor is where the VISUAL selection started.
func (v *Vim) Anchor() int { return v.anchor }

// Key handles one key: a single character, or "esc". handled is false for keys vim
// leaves to the prompt (everything in INSERT mode but esc).
func (v *Vim) Key(k string, b VimBuffer) (VimBuffer, bool) {
	t := []rune(b.Text)
	cur := min(max(b.Cursor, 0), len(t))
	switch v.mode {
	case VimInsert:
		if k != "esc" {
			return b, false
		}
		v.toNormal(t)
		if cur > 0 && t[cur-1] != '\n' {
			cur--
		}
		return VimBuffer{Text: string(t), Cursor: cur}, true
	case VimVisual:
		t, cur = v.visualKey(k, t, cur)
	default:
		t, cur = v.normalKey(k, t, cur)
	}
	if v.mode != VimInsert {
		cur = normalCursor(t, cur)
	}
	return VimBuffer{Text: string(t), Cursor: cur}, true
}

// toNormal leaves INSERT mode; an insert that changed nothing leaves no undo step.
func (v *Vim) toNormal(t []rune) {
	v.mode, v.pending = VimNormal, nil
	if n := len(v.undo); n > 0 && v.undo[n-1].Text == string(t) {
		v.undo = v.undo[:n-1]
	}
}

// snapshot records the draft before a change, for u.
func (v *Vim) snapshot(t []rune, cur int) {
	v.undo = append(v.undo, VimBuffer{Text: string(t), Cursor: cur})
	if len(v.undo) > vimUndoMax {
		v.undo = v.undo[1:]
	}
}

// normalKey handles a key in NORMAL mode: it joins the pending keys until they make a
// command (or cannot), which then runs.
func (v *Vim) normalKey(k string, t []rune, cur int) ([]rune, int) {
	if k == "esc" {
		v.pending = nil
		return t, cur
	}
	r := []rune(k)
	if len(r) != 1 {
		v.pending = nil
		return t, cur
	}
	v.pending = append(v.pending, r[0])
	c, st := parseVim(v.pending)
	switch st {
	case parseMore:
		return t, cur
	case parseBad:
		v.pending = nil
		return t, cur
	}
	v.pending = nil
	return v.run(c, t, cur)
}

// normalCursor keeps the cursor on a character, as NORMAL mode does: never after the
// last character of a line that has one.
func normalCursor(t []rune, cur int) int {
	cur = min(max(cur, 0), len(t))
	if cur > lineStart(t, cur) && (cur == len(t) || t[cur] == '\n') {
		cur--
	}
	return cur
}
