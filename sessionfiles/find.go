package sessionfiles

import "strings"

// Find finds the conversation a --resume or /resume argument names: its id, a prefix
// of only its id, or (case aside) its title. ok is false when none or several match.
func Find(list []Summary, query string) (Summary, bool) {
	var prefixed []Summary
	for _, s := range list {
		switch {
		case s.ID == query:
			return s, true
		case strings.HasPrefix(s.ID, query):
			prefixed = append(prefixed, s)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0], true
	}
	var titled []Summary
	for _, s := range list {
		if strings.EqualFold(s.Title, query) {
			titled = append(titled, s)
		}
	}
	if len(titled) == 1 {
		return titled[0], true
	}
	return Summary{}, false
}
