package transcript

import (
	"strings"
	"time"

	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// thinkingItem is a thinking block: one line "∴ Thought for 3s" unless
// expanded. Its duration is the CLI's thinking_duration_ms when given,
// else measured from the block's first event to its end.
type thinkingItem struct {
	itemBase
	text      strings.Builder
	redacted  bool
	streaming bool
	started   time.Time
	duration  time.Duration
	spinner   string
}

func (t *thinkingItem) canExpand() bool { return strings.TrimSpace(t.text.String()) != "" }

func (t *thinkingItem) append(delta string) {
	if delta == "" {
		return
	}
	t.text.WriteString(delta)
	t.touch()
}

// finish ends the block with its final text; ms is thinking_duration_ms
// (0 when absent) and now the time the block ended.
func (t *thinkingItem) finish(text string, ms int, now time.Time) {
	if text != "" && text != t.text.String() {
		t.text.Reset()
		t.text.WriteString(text)
	}
	switch {
	case ms > 0:
		t.duration = time.Duration(ms) * time.Millisecond
	case t.streaming && !t.started.IsZero() && now.After(t.started):
		t.duration = now.Sub(t.started)
	}
	t.streaming = false
	t.touch()
}

func (t *thinkingItem) render(width int, st *themes.Styles) []string {
	text := t.text.String()
	if t.redacted && text == "" {
		text = "(redacted)"
	}
	return splitRendered(render.Thinking(render.ThinkingBlock{
		Text:      text,
		Duration:  t.duration,
		Streaming: t.streaming,
		Expanded:  t.expanded,
		Spinner:   t.spinner,
	}, width, st))
}

func (t *thinkingItem) plain() string {
	head := "Thought"
	if t.duration > 0 {
		head += " for " + render.FormatDuration(t.duration)
	}
	return head + "\n" + render.Sanitize(t.text.String())
}

func (t *thinkingItem) markdown() string {
	body := strings.TrimSpace(render.Sanitize(t.text.String()))
	if body == "" {
		return ""
	}
	return "> _Thinking:_ " + strings.ReplaceAll(body, "\n", "\n> ") + "\n"
}
