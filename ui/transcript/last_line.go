package transcript

import "strings"

// LastLine is the conversation's latest line of output in a few words, for the
// workspace's session list: the last line of the newest reply, or the newest tool
// call's name, or a notice. "" while there is none.
func (c *Conversation) LastLine() string {
	for i := len(c.items) - 1; i >= 0; i-- {
		switch it := c.items[i].(type) {
		case *textItem:
			if it.hidden {
				continue
			}
			if line := lastNonEmptyLine(it.text()); line != "" {
				return line
			}
		case *toolItem:
			if !it.hidden {
				return it.call.Name
			}
		case *noticeItem:
			if line := lastNonEmptyLine(it.text); line != "" {
				return line
			}
		case *userItem:
			return "› " + lastNonEmptyLine(it.text)
		}
	}
	return ""
}

// lastNonEmptyLine is the last line of s with text, trimmed.
func lastNonEmptyLine(s string) string {
	s = strings.TrimRight(s, " \t\r\n")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(s)
}
