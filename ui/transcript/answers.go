package transcript

import "strings"

// Answers are the main thread's answers (its text blocks, not thoughts or tool
// output), newest first, as plain text: what /copy N copies. A block still streaming
// counts as far as it has come; one the CLI discarded does not.
func (c *Conversation) Answers() []string {
	var out []string
	for i := len(c.items) - 1; i >= 0; i-- {
		t, ok := c.items[i].(*textItem)
		if !ok || t.hidden {
			continue
		}
		if text := t.plain(); strings.TrimSpace(text) != "" {
			out = append(out, text)
		}
	}
	return out
}
