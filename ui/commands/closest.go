package commands

import "strings"

// Closest returns the name in known nearest to name, or "" when none is near enough to
// be worth suggesting (a typo, not a different word).
func Closest(name string, known []string) string {
	name = strings.ToLower(name)
	best, bestDist := "", -1
	for _, k := range known {
		d := distance(name, strings.ToLower(k))
		if strings.HasPrefix(strings.ToLower(k), name) && name != "" {
			d = min(d, 1) // "/perm" means "/permissions"
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = k, d
		}
	}
	if bestDist < 0 || bestDist > max(2, len([]rune(name))/3) {
		return ""
	}
	return best
}

// distance is the edit distance between a and b by rune, where swapping two
// neighbours counts as one edit (the commonest typo).
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// Unknown is the notice for a slash command neither gclaude nor claude has.
func Unknown(name string, known []string) string {
	text := "Unknown command /" + name + " (not sent)."
	if s := Closest(name, known); s != "" {
		text += " Did you mean /" + s + "?"
	} else {
		text += " /help lists the commands."
	}
	return text
}
