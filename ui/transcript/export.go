package transcript

import "strings"

// Markdown is the whole transcript as markdown (for /export): prompts as
// "## You" sections, answers under "## Claude", tool calls with their
// output in code fences, notices as quotes. Text from outside is sanitized.
func (c *Conversation) Markdown() string { return markdownOf(c.items) }

// markdownOf is items as markdown, in the form Markdown describes.
func markdownOf(items []item) string {
	var b strings.Builder
	inAnswer := false
	for _, it := range items {
		if it.base().hidden {
			continue
		}
		md := it.markdown()
		if strings.TrimSpace(md) == "" {
			continue
		}
		switch it.(type) {
		case *userItem:
			inAnswer = false
		case *textItem, *thinkingItem, *toolItem:
			if !inAnswer {
				b.WriteString("## Claude\n\n")
				inAnswer = true
			}
		}
		b.WriteString(md)
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}
