package transcript

import (
	"regexp"
	"strings"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// compactItem is a compaction: one "Conversation compacted" line, and the summary the
// model continues from when expanded. The CLI sends that summary as a synthetic user
// message; it is not something the user typed, so it is never shown as a prompt.
type compactItem struct {
	itemBase
	head    string // "Conversation compacted (manual) · 18 → 2.5k tokens"
	summary string // the CLI's summary message, as sent to the model
}

func (c *compactItem) canExpand() bool { return strings.TrimSpace(c.summary) != "" }

func (c *compactItem) setSummary(text string) {
	c.summary = text
	c.touch()
}

func (c *compactItem) render(width int, st *themes.Styles) []string {
	head := c.head
	if c.canExpand() && !c.expanded {
		head += " (enter to view the summary)"
	}
	out := splitRendered(render.Notice(render.NoticeInfo, head, width, st))
	if !c.expanded || !c.canExpand() {
		return out
	}
	body := render.Markdown(compactSummaryBody(c.summary), max(width-2, 1), st)
	for _, l := range strings.Split(body, "\n") {
		out = append(out, "  "+l)
	}
	return out
}

func (c *compactItem) plain() string {
	if !c.canExpand() {
		return c.head
	}
	return c.head + "\n" + render.Sanitize(compactSummaryBody(c.summary))
}

func (c *compactItem) markdown() string {
	out := "> " + c.head + "\n"
	if body := strings.TrimSpace(render.Sanitize(compactSummaryBody(c.summary))); c.canExpand() && body != "" {
		out += ">\n> " + strings.ReplaceAll(body, "\n", "\n> ") + "\n"
	}
	return out
}

var (
	reminderBlock = regexp.MustCompile(`(?s)<system-reminder>.*?</system-reminder>\s*`)
	// summaryTail is where the CLI's instructions to the model start after the summary.
	summaryTail = regexp.MustCompile(`(?s)\n\s*If you need specific details from before compaction.*$`)
)

// compactSummaryBody is the summary without what the CLI wrapped it in for the model:
// the opening sentence, system reminders, and the closing instructions. Text that
// does not look like that is shown whole.
func compactSummaryBody(text string) string {
	s := reminderBlock.ReplaceAllString(text, "")
	if first, rest, ok := strings.Cut(s, "\n\n"); ok && strings.HasPrefix(first, "This session is being continued") {
		s = rest
	}
	s = summaryTail.ReplaceAllString(s, "")
	if strings.TrimSpace(s) == "" {
		return text
	}
	return strings.TrimSpace(s)
}
