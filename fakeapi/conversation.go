package fakeapi

import (
	"encoding/json"
	"regexp"
	"strings"
)

// A Message is one entry of a request's `messages`. A string content is normalised to a
// single text block.
type Message struct {
	Role    string    `json:"role"`
	Content []Content `json:"content"`
}

// Content is one content block of a request message. Only the fields of its Type are set.
type Content struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	Thinking  string          `json:"thinking,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	// Content of a tool_result: a JSON string or a list of blocks.
	Content json.RawMessage `json:"content,omitempty"`
	IsError bool            `json:"is_error,omitempty"`
}

// UnmarshalJSON accepts content as a string or as a list of blocks.
func (m *Message) UnmarshalJSON(data []byte) error {
	var raw struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	m.Role, m.Content = raw.Role, nil
	if len(raw.Content) == 0 || string(raw.Content) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(raw.Content, &s); err == nil {
		m.Content = []Content{{Type: "text", Text: s}}
		return nil
	}
	return json.Unmarshal(raw.Content, &m.Content)
}

// ResultText is the text of a tool_result block, whether its content is a string or blocks.
func (c Content) ResultText() string {
	if len(c.Content) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(c.Content, &s) == nil {
		return s
	}
	var blocks []Content
	if json.Unmarshal(c.Content, &blocks) != nil {
		return ""
	}
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// isReminder reports whether a text block is CLI-injected context rather than user input.
func isReminder(text string) bool {
	return strings.HasPrefix(strings.TrimSpace(text), "<system-reminder>")
}

// cliWrapper matches a block the CLI wraps around a slash command it ran itself and
// that command's output (<command-name>/compact</command-name>, <local-command-stdout>…),
// or around a `!` shell command and its output (<bash-input>, <bash-stdout>…): it shares
// the user message with what the user typed next but is not a request in their words.
var cliWrapper = regexp.MustCompile(`(?s)<(` + wrapperTags + `)>.*?</(?:` + wrapperTags + `)>`)

const wrapperTags = "local-command-caveat|command-name|command-message|command-args|local-command-stdout|local-command-stderr|" +
	"bash-input|bash-stdout|bash-stderr|bash-exit-code"

// ownWords is a prompt with the CLI's wrappers removed: what a Match reads.
func ownWords(text string) string {
	if !strings.Contains(text, "<") {
		return text
	}
	return strings.TrimSpace(cliWrapper.ReplaceAllString(text, ""))
}

// promptText is the user-typed text of a message: its text blocks that are not
// system-reminders. ok is false for messages that hold none (tool results, reminders).
func promptText(m Message) (text string, ok bool) {
	if m.Role != "user" {
		return "", false
	}
	var parts []string
	for _, c := range m.Content {
		if c.Type == "text" && !isReminder(c.Text) && !toolLoaded(m, c.Text) {
			parts = append(parts, c.Text)
		}
	}
	return strings.Join(parts, "\n"), len(parts) > 0
}

// toolLoaded is the text CLI 2.1.332 adds after a ToolSearch's tool_reference result:
// the CLI's words beside a tool result, not a prompt.
func toolLoaded(m Message, text string) bool {
	if text != "Tool loaded." {
		return false
	}
	for _, c := range m.Content {
		if c.Type == "tool_result" {
			return true
		}
	}
	return false
}

// lastPrompt finds the last message that carries a real user prompt. index is -1 when
// the conversation has none (e.g. a user message with no content).
func lastPrompt(msgs []Message) (index int, text string) {
	for i := len(msgs) - 1; i >= 0; i-- {
		if t, ok := promptText(msgs[i]); ok {
			return i, t
		}
	}
	return -1, ""
}

// assistantTurnsAfter counts assistant messages after index: the number of replies the
// fake already gave in this turn, hence the step to play next.
func assistantTurnsAfter(msgs []Message, index int) int {
	n := 0
	for _, m := range msgs[index+1:] {
		if m.Role == "assistant" {
			n++
		}
	}
	return n
}

// lastToolResults is the text of the tool_result blocks of the last user message that
// has any, and the ids of the tool calls they answer (comma-separated).
func lastToolResults(msgs []Message) (text, ids string) {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role != "user" {
			continue
		}
		var parts, idList []string
		for _, c := range msgs[i].Content {
			if c.Type == "tool_result" {
				parts = append(parts, c.ResultText())
				idList = append(idList, c.ToolUseID)
			}
		}
		if len(parts) > 0 {
			return strings.Join(parts, "\n"), strings.Join(idList, ",")
		}
	}
	return "", ""
}

var (
	scenarioMarker = regexp.MustCompile(`SCENARIO:([A-Za-z0-9_.-]+)`)
	cwdLine        = regexp.MustCompile(`Primary working directory: ([^\n]+)`)
	planFile       = regexp.MustCompile(`(/[^\s"'` + "`" + `]*/\.claude/plans/[^\s"'` + "`" + `]+?\.md)`)
)

// scenarioName extracts the name of the last SCENARIO:<name> marker in a prompt. The
// last one wins because the CLI merges a new prompt into the previous one when that
// turn produced no assistant message (it ended in an API error).
func scenarioName(prompt string) (string, bool) {
	all := scenarioMarker.FindAllStringSubmatch(prompt, -1)
	if all == nil {
		return "", false
	}
	return all[len(all)-1][1], true
}

// systemText joins a request's `system` field (a string or a list of text blocks).
func systemText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []Content
	if json.Unmarshal(raw, &blocks) != nil {
		return ""
	}
	parts := make([]string, 0, len(blocks))
	for _, b := range blocks {
		parts = append(parts, b.Text)
	}
	return strings.Join(parts, "\n")
}

// contextText is every text a placeholder may be looked up in: the system prompt and
// the text of all messages (the CLI puts its environment block in a role:"system" message).
func contextText(system string, msgs []Message) string {
	var b strings.Builder
	b.WriteString(system)
	for _, m := range msgs {
		for _, c := range m.Content {
			if c.Type == "text" {
				b.WriteByte('\n')
				b.WriteString(c.Text)
			}
		}
	}
	return b.String()
}

// placeholders are the values a reply's {{name}} placeholders expand to.
type placeholders map[string]string

// newPlaceholders collects placeholder values from a request. Values that cannot be
// found are left out, so the placeholder stays visible in the reply.
func newPlaceholders(system string, msgs []Message, prompt string) placeholders {
	ctx := contextText(system, msgs)
	results, ids := lastToolResults(msgs)
	p := placeholders{"prompt": prompt, "tool_result": truncate(results, 300)}
	if ids != "" {
		p["tool_use_id"] = ids
	}
	if m := cwdLine.FindStringSubmatch(ctx); m != nil {
		p["cwd"] = strings.TrimSpace(m[1])
	}
	if m := planFile.FindStringSubmatch(ctx); m != nil {
		p["plan_file"] = m[1]
	}
	return p
}

// expand fills {{name}} placeholders in s; escape is applied to each value first.
func (p placeholders) expand(s string, escape func(string) string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	for k, v := range p {
		s = strings.ReplaceAll(s, "{{"+k+"}}", escape(v))
	}
	return s
}

// jsonEscape escapes v for use inside a JSON string literal.
func jsonEscape(v string) string {
	b, _ := json.Marshal(v)
	return string(b[1 : len(b)-1])
}

func identity(v string) string { return v }

func truncate(s string, runes int) string {
	r := []rune(s)
	if len(r) <= runes {
		return s
	}
	return string(r[:runes]) + "…"
}
