package e2e

import (
	"regexp"
	"strconv"
	"strings"
)

// Reading styles off a screen captured with CaptureStyled.

// sgrParams is the set of parameters of the SGR sequences in s.
func sgrParams(s string) map[string]bool {
	out := map[string]bool{}
	for _, m := range regexp.MustCompile(`\x1b\[([0-9;]*)m`).FindAllStringSubmatch(s, -1) {
		for _, p := range strings.Split(m[1], ";") {
			out[p] = true
		}
	}
	return out
}

// redForeground reports whether the last foreground colour set in s (256-colour or
// true colour) is a red: red well above green and blue.
func redForeground(s string) bool {
	var r, g, b int
	found := false
	for _, m := range regexp.MustCompile(`\x1b\[38;(?:5;(\d+)|2;(\d+);(\d+);(\d+))m`).FindAllStringSubmatch(s, -1) {
		found = true
		if m[1] != "" {
			r, g, b = xterm256(atoi(m[1]))
		} else {
			r, g, b = atoi(m[2]), atoi(m[3]), atoi(m[4])
		}
	}
	return found && r >= g+64 && r >= b+64
}

// xterm256 is the RGB of an xterm 256-colour index (the cube and the greys; the 16
// system colours as xterm draws them).
func xterm256(n int) (r, g, b int) {
	switch {
	case n < 16:
		sys := [16][3]int{{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0}, {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
			{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255}}
		return sys[n][0], sys[n][1], sys[n][2]
	case n < 232:
		level := func(v int) int {
			if v == 0 {
				return 0
			}
			return 55 + 40*v
		}
		n -= 16
		return level(n / 36), level(n / 6 % 6), level(n % 6)
	default:
		v := 8 + 10*(n-232)
		return v, v, v
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
