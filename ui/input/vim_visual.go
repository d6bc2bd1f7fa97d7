package input

// visualKey handles a key in VISUAL mode: motions move the cursor (the selection runs
// from the anchor to the cursor, both included); d x y c s act on the selection.
func (v *Vim) visualKey(k string, t []rune, cur int) ([]rune, int) {
	if k == "esc" || (k == "v" && len(v.pending) == 0) {
		if len(v.pending) > 0 {
			v.pending = nil
			return t, cur
		}
		v.mode = VimNormal
		return t, cur
	}
	r := []rune(k)
	if len(r) != 1 {
		v.pending = nil
		return t, cur
	}
	sel := span{from: min(v.anchor, cur), to: min(len(t), max(v.anchor, cur)+1)}
	if len(v.pending) == 0 {
		switch r[0] {
		case 'd', 'x':
			v.mode = VimNormal
			return v.operate('d', sel, t, cur)
		case 'y':
			v.mode = VimNormal
			return v.operate('y', sel, t, cur)
		case 'c', 's':
			return v.operate('c', sel, t, cur)
		case 'o':
			v.anchor, cur = cur, v.anchor
			return t, cur
		}
	}
	v.pending = append(v.pending, r[0])
	c, st := parseVim(v.pending)
	if st == parseMore {
		return t, cur
	}
	v.pending = nil
	if st == parseBad || c.op != 0 || c.simple != 0 {
		return t, cur
	}
	to, _, _ := motion(t, cur, c)
	return t, to
}
