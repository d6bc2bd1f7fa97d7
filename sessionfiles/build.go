package sessionfiles

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// builder turns the nodes of a conversation into Entries.
type builder struct {
	entries []Entry
	calls   map[string]*ToolCall // by tool_use id
	model   string

	titles   *titles // notes the first prompt and command
	warnings []string
}

func newBuilder(t *titles) *builder { return &builder{calls: map[string]*ToolCall{}, titles: t} }

func (b *builder) add(n *node) {
	switch n.typ {
	case "user":
		b.addUser(n)
	case "assistant":
		b.addAssistant(n)
	case "system":
		b.addSystem(n)
	}
}

func (b *builder) addUser(n *node) {
	if n.meta {
		return
	}
	blocks, err := userBlocks(skimMessage(n.message).content)
	if err != nil {
		b.warn(n, err)
		return
	}
	at := parseTime(n.timestamp)
	if n.compactSummary {
		b.setCompactSummary(n, joinText(blocks), at)
		return
	}
	var prompt []string
	images, results := 0, 0
	for _, blk := range blocks {
		if blk.Type == protocol.BlockToolResult {
			results++
		}
	}
	for _, blk := range blocks {
		switch blk.Type {
		case protocol.BlockToolResult:
			b.attachResult(n, blk, results, at)
		case protocol.BlockImage:
			images++
		case protocol.BlockText:
			kind, text := classifyText(blk.Text)
			switch kind {
			case textPrompt:
				b.titles.noteUserText(kind, text)
				prompt = append(prompt, text)
			case textCommand:
				b.titles.noteUserText(kind, text)
				b.entries = append(b.entries, Entry{Kind: KindCommand, UUID: n.uuid, Time: at, Text: text})
			case textCommandOutput:
				b.attachOutput(text)
			case textInterrupt:
				b.entries = append(b.entries, Entry{Kind: KindInterrupt, UUID: n.uuid, Time: at, Text: text})
			}
		}
	}
	if len(prompt) > 0 || images > 0 {
		b.entries = append(b.entries, Entry{Kind: KindPrompt, UUID: n.uuid, Time: at, Text: strings.Join(prompt, "\n"), Images: images})
	}
}

// attachResult gives a tool call its result. The structured toolUseResult of the
// line belongs to its result only when the line carries one result.
func (b *builder) attachResult(n *node, blk protocol.ContentBlock, results int, at time.Time) {
	call := b.calls[blk.ToolUseID]
	if call == nil || (n.sibling && call.Result != nil) {
		return
	}
	r := &ToolResult{Content: blk.Content, IsError: blk.IsError, Time: at}
	if results == 1 {
		if len(n.toolUseResult) > 0 {
			r.Structured = json.RawMessage(n.toolUseResult)
		}
		r.Denial, r.Decision = n.denialKind, n.decision
	}
	call.Result = r
}

// attachOutput gives the last command its output.
func (b *builder) attachOutput(text string) {
	for i := len(b.entries) - 1; i >= 0; i-- {
		if e := &b.entries[i]; e.Kind == KindCommand {
			e.Output = joinNonEmpty(e.Output, text)
			return
		}
	}
}

// setCompactSummary puts the summary on the compaction entry it follows.
func (b *builder) setCompactSummary(n *node, text string, at time.Time) {
	if k := len(b.entries) - 1; k >= 0 && b.entries[k].Kind == KindCompact && b.entries[k].Text == "" {
		b.entries[k].Text = text
		return
	}
	b.entries = append(b.entries, Entry{Kind: KindCompact, UUID: n.uuid, Time: at, Text: text})
}

func (b *builder) addAssistant(n *node) {
	msg := skimMessage(n.message)
	blocks, err := decodeBlocks(msg.content)
	if err != nil {
		b.warn(n, err)
		return
	}
	at := parseTime(n.timestamp)
	base := Entry{UUID: n.uuid, Time: at, MessageID: msg.id, Model: msg.model}
	if n.apiError || msg.model == syntheticModel {
		e := base
		e.Kind, e.Text = KindAPIError, joinText(blocks)
		b.entries = append(b.entries, e)
		return
	}
	if msg.model != "" {
		b.model = msg.model
	}
	for _, blk := range blocks {
		e := base
		switch blk.Type {
		case protocol.BlockText:
			if strings.TrimSpace(blk.Text) == "" {
				continue
			}
			e.Kind, e.Text = KindText, blk.Text
		case protocol.BlockThinking:
			if strings.TrimSpace(blk.Thinking) == "" {
				continue
			}
			e.Kind, e.Text = KindThinking, blk.Thinking
		case protocol.BlockToolUse:
			call := &ToolCall{ID: blk.ID, Name: blk.Name, Input: blk.Input}
			b.calls[blk.ID] = call
			e.Kind, e.Tool = KindToolCall, call
		default:
			continue // redacted thinking, server tool blocks, …
		}
		b.entries = append(b.entries, e)
	}
}

func (b *builder) addSystem(n *node) {
	switch n.subtype {
	case "compact_boundary":
		b.entries = append(b.entries, Entry{Kind: KindCompact, UUID: n.uuid, Time: parseTime(n.timestamp)})
	case "local_command":
		if kind, text := classifyText(rawString(n.content)); kind == textCommandOutput {
			b.attachOutput(text)
		}
	}
}

func (b *builder) warn(n *node, err error) {
	b.warnings = append(b.warnings, fmt.Sprintf("entry %s (%s): %v; skipped", n.uuid, n.typ, err))
}

// userBlocks decodes a user message's content, a string or a list of blocks.
func userBlocks(content []byte) ([]protocol.ContentBlock, error) {
	if len(content) == 0 {
		return nil, nil
	}
	if content[0] == '"' {
		return []protocol.ContentBlock{{Type: protocol.BlockText, Text: rawString(content)}}, nil
	}
	return decodeBlocks(content)
}

// knownBlocks are the content block types a history uses. Blocks of other types
// (server tool blocks, types newer than this code) are skipped undecoded, so a
// field of a shape the protocol types do not expect cannot spoil the message.
var knownBlocks = map[string]bool{
	protocol.BlockText: true, protocol.BlockThinking: true, protocol.BlockToolUse: true,
	protocol.BlockToolResult: true, protocol.BlockImage: true,
}

// decodeBlocks decodes a list of content blocks, skipping unknown types.
func decodeBlocks(raw []byte) ([]protocol.ContentBlock, error) {
	var blocks []protocol.ContentBlock
	var firstErr error
	err := elements(raw, func(v []byte) bool {
		var typ string
		_ = members(v, func(k, val []byte) bool {
			if string(k) == "type" {
				typ = rawString(val)
				return false
			}
			return true
		})
		if !knownBlocks[typ] {
			return true
		}
		var blk protocol.ContentBlock
		if err := json.Unmarshal(v, &blk); err != nil {
			firstErr = fmt.Errorf("%s block: %w", typ, err)
			return false
		}
		blocks = append(blocks, blk)
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("message content: %w", err)
	}
	return blocks, firstErr
}

func joinText(blocks []protocol.ContentBlock) string {
	var parts []string
	for _, b := range blocks {
		if b.Type == protocol.BlockText {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

func parseTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}
