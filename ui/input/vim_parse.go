package input

import "strings"

// vimCmd is a parsed NORMAL-mode command: [count] simple, [count] motion, or
// [count] operator [count] (motion | text object | the operator again).
type vimCmd struct {
	count  int    // 0: none typed
	op     rune   // 'd', 'c', 'y'; 0 for a plain motion or a simple command
	simple rune   // x X i a I A o O p P u D C s S J v r; 0 otherwise
	motion string // "w", "gg", "f", "iw", … or "line" for dd, cc, yy
	arg    rune   // the character of f F t T r
}

// times is the count, 1 when none was typed.
func (c vimCmd) times() int { return max(1, c.count) }

type parseState int

const (
	parseDone parseState = iota
	parseMore            // a prefix of a command
	parseBad             // no command starts this way
)

const (
	vimSimple     = "xXiaIAoOpPuDCsSJv"
	vimMotions    = "hjklwbeWBE0^$G "
	vimFindKeys   = "fFtT"
	vimOperators  = "dcy"
	vimObjectKeys = "wW\"'`()b[]{}B<>"
	vimCountLimit = 10000
)

// parseVim reads the keys typed in NORMAL mode.
func parseVim(keys []rune) (vimCmd, parseState) {
	var c vimCmd
	i := 0
	c.count, i = parseCount(keys, i)
	if i == len(keys) {
		return c, parseMore
	}
	k := keys[i]
	switch {
	case strings.ContainsRune(vimOperators, k):
		c.op = k
		n, j := parseCount(keys, i+1)
		if n > 0 {
			c.count = max(1, c.count) * n
		}
		c.count = min(c.count, vimCountLimit)
		if j == len(keys) {
			return c, parseMore
		}
		if keys[j] == k {
			c.motion = "line"
			return c, endAt(keys, j)
		}
		if keys[j] == 'i' || keys[j] == 'a' {
			if j+1 == len(keys) {
				return c, parseMore
			}
			if !strings.ContainsRune(vimObjectKeys, keys[j+1]) {
				return c, parseBad
			}
			c.motion = string(keys[j : j+2])
			return c, endAt(keys, j+1)
		}
		return parseMotion(c, keys, j)
	case k == 'r':
		c.simple = k
		if i+1 == len(keys) {
			return c, parseMore
		}
		c.arg = keys[i+1]
		return c, endAt(keys, i+1)
	case strings.ContainsRune(vimSimple, k):
		c.simple = k
		return c, endAt(keys, i)
	}
	return parseMotion(c, keys, i)
}

// parseMotion reads a motion at keys[i].
func parseMotion(c vimCmd, keys []rune, i int) (vimCmd, parseState) {
	k := keys[i]
	switch {
	case k == 'g':
		if i+1 == len(keys) {
			return c, parseMore
		}
		if keys[i+1] != 'g' {
			return c, parseBad
		}
		c.motion = "gg"
		return c, endAt(keys, i+1)
	case strings.ContainsRune(vimFindKeys, k):
		c.motion = string(k)
		if i+1 == len(keys) {
			return c, parseMore
		}
		c.arg = keys[i+1]
		return c, endAt(keys, i+1)
	case strings.ContainsRune(vimMotions, k):
		c.motion = string(k)
		return c, endAt(keys, i)
	}
	return c, parseBad
}

// parseCount reads a count at keys[i] (a leading 0 is the motion, not a count).
func parseCount(keys []rune, i int) (int, int) {
	n := 0
	for i < len(keys) && keys[i] >= '0' && keys[i] <= '9' && (n > 0 || keys[i] != '0') {
		n = min(n*10+int(keys[i]-'0'), vimCountLimit)
		i++
	}
	return n, i
}

// endAt is parseDone when keys[i] is the last key typed.
func endAt(keys []rune, i int) parseState {
	if i == len(keys)-1 {
		return parseDone
	}
	return parseBad
}
