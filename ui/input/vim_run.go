package input

import "strings"

// run carries out a parsed NORMAL-mode command.
func (v *Vim) run(c vimCmd, t []rune, cur int) ([]rune, int) {
	switch {
	case c.simple != 0:
		return v.runSimple(c, t, cur)
	case c.op == 0:
		to, _, _ := motion(t, cur, c)
		return t, to
	}
	var sp span
	switch {
	case c.motion == "line":
		sp = span{from: cur, to: lineDown(t, cur, c.times()-1), linewise: true}
	case len(c.motion) == 2 && (c.motion[0] == 'i' || c.motion[0] == 'a'):
		var ok bool
		if sp, ok = textObject(t, cur, c.motion); !ok {
			return t, cur
		}
	default:
		_, s, ok := motion(t, cur, c)
		if !ok {
			return t, cur
		}
		sp = s
	}
	return v.operate(c.op, sp, t, cur)
}

// operate applies d, c or y to a span.
func (v *Vim) operate(op rune, sp span, t []rune, cur int) ([]rune, int) {
	from, to := sp.from, sp.to
	if sp.linewise {
		from, to = lineStart(t, min(sp.from, sp.to)), lineEnd(t, max(sp.from, sp.to))
	}
	v.register, v.linewise = string(t[from:to]), sp.linewise
	switch op {
	case 'y':
		if sp.linewise {
			return t, min(cur, max(sp.from, from))
		}
		return t, from
	case 'c':
		v.snapshot(t, cur)
		v.mode = VimInsert
		if sp.linewise {
			indent := firstNonBlank(t, from) - from
			return splice(t, from+indent, to, ""), from + indent
		}
		return splice(t, from, to, ""), from
	}
	v.snapshot(t, cur)
	if !sp.linewise {
		return splice(t, from, to, ""), from
	}
	// Whole lines go with a newline: the one after them, or before the last line;
	// the cursor goes to the line that takes their place.
	if to < len(t) {
		t = splice(t, from, to+1, "")
		return t, firstNonBlank(t, from)
	}
	from = max(0, from-1)
	t = splice(t, from, to, "")
	return t, firstNonBlank(t, from)
}

// runSimple carries out the one-key commands.
func (v *Vim) runSimple(c vimCmd, t []rune, cur int) ([]rune, int) {
	n := c.times()
	start, end := lineStart(t, cur), lineEnd(t, cur)
	switch c.simple {
	case 'x':
		if cur < end {
			return v.operate('d', span{from: cur, to: min(end, cur+n)}, t, cur)
		}
	case 'X':
		if cur > start {
			return v.operate('d', span{from: max(start, cur-n), to: cur}, t, cur)
		}
	case 'D':
		return v.operate('d', span{from: cur, to: lineEnd(t, lineDown(t, cur, n-1))}, t, cur)
	case 'C':
		return v.operate('c', span{from: cur, to: lineEnd(t, lineDown(t, cur, n-1))}, t, cur)
	case 's':
		return v.operate('c', span{from: cur, to: min(end, cur+n)}, t, cur)
	case 'S':
		return v.operate('c', span{from: cur, to: lineDown(t, cur, n-1), linewise: true}, t, cur)
	case 'r':
		if end-cur < n {
			return t, cur
		}
		v.snapshot(t, cur)
		return splice(t, cur, cur+n, strings.Repeat(string(c.arg), n)), cur + n - 1
	case 'J':
		return v.join(t, cur, max(2, n))
	case 'i':
		return v.insertAt(t, cur, cur)
	case 'a':
		return v.insertAt(t, cur, min(end, cur+1))
	case 'I':
		return v.insertAt(t, cur, firstNonBlank(t, cur))
	case 'A':
		return v.insertAt(t, cur, end)
	case 'o':
		v.snapshot(t, cur)
		v.mode = VimInsert
		return splice(t, end, end, "\n"), end + 1
	case 'O':
		v.snapshot(t, cur)
		v.mode = VimInsert
		return splice(t, start, start, "\n"), start
	case 'p', 'P':
		return v.put(t, cur, n, c.simple == 'P')
	case 'u':
		if len(v.undo) == 0 {
			return t, cur
		}
		last := v.undo[len(v.undo)-1]
		v.undo = v.undo[:len(v.undo)-1]
		return []rune(last.Text), last.Cursor
	case 'v':
		v.mode, v.anchor = VimVisual, cur
	}
	return t, cur
}

// insertAt enters INSERT mode with the cursor at i; the insert is one undo step.
func (v *Vim) insertAt(t []rune, cur, i int) ([]rune, int) {
	v.snapshot(t, cur)
	v.mode = VimInsert
	return t, i
}

// put is p/P: the register after (before) the cursor, n times; whole lines go below
// (above) the cursor's line.
func (v *Vim) put(t []rune, cur, n int, before bool) ([]rune, int) {
	if v.register == "" {
		return t, cur
	}
	v.snapshot(t, cur)
	text := strings.Repeat(v.register, n)
	if v.linewise {
		text = strings.Repeat(v.register+"\n", n)
		if before {
			at := lineStart(t, cur)
			return splice(t, at, at, text), at
		}
		end := lineEnd(t, cur)
		text = "\n" + strings.TrimSuffix(text, "\n")
		return splice(t, end, end, text), end + 1
	}
	at := cur
	if !before && cur < lineEnd(t, cur) {
		at++
	}
	return splice(t, at, at, text), at + len([]rune(text)) - 1
}

// join is J: n lines become one, joined by a space.
func (v *Vim) join(t []rune, cur, n int) ([]rune, int) {
	end := lineEnd(t, cur)
	if end == len(t) {
		return t, cur
	}
	v.snapshot(t, cur)
	for range n - 1 {
		end = lineEnd(t, cur)
		if end == len(t) {
			break
		}
		next := end + 1
		for next < len(t) && (t[next] == ' ' || t[next] == '\t') {
			next++
		}
		sep := " "
		if next == len(t) || t[next] == '\n' || (end > 0 && t[end-1] == ' ') {
			sep = ""
		}
		t = splice(t, end, next, sep)
		cur = end
	}
	return t, cur
}

// splice replaces t[from:to] with s.
func splice(t []rune, from, to int, s string) []rune {
	out := make([]rune, 0, len(t)-(to-from)+len(s))
	out = append(out, t[:from]...)
	out = append(out, []rune(s)...)
	return append(out, t[to:]...)
}
