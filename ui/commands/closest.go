package commands

import (
	"slices"
	"strings"

	"github.com/gclaude/gclaude/ui/input"
)

// closest returns the name in known nearest to name, or "" when none is near enough to
// be worth suggesting (a typo, not a different word).
func closest(name string, known []string) string {
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

// Unknown says whether name is none of the commands of the / menu (gclaude's, the
// CLI's, skills, by name or alias), and if so the notice that refuses it, so that a
// typo never reaches the model as a prompt.
func Unknown(name string, menu []input.Command) (notice string, unknown bool) {
	var known []string
	for _, c := range menu {
		if c.Name == name || slices.Contains(c.Aliases, name) {
			return "", false
		}
		known = append(known, c.Name)
	}
	return unknownNotice(name, known), true
}

// unknownNotice is the notice for a slash command neither gclaude nor claude has.
func unknownNotice(name string, known []string) string {
	text := "Unknown command /" + name + " (not sent)."
	if s := closest(name, known); s != "" {
		text += " Did you mean /" + s + "?"
	} else {
		text += " /help lists the commands."
	}
	return text
}
