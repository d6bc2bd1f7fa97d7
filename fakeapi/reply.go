package fakeapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// reply is a decided answer to one request, written without holding the server lock.
type reply struct {
	requestID   string
	model       string
	stream      bool
	msgID       string
	step        Step // placeholders expanded, ids assigned
	fault       *Fault
	countTokens int
}

// fixedSignature is the thinking signature used when a block sets none.
const fixedSignature = "c2lnbmF0dXJl" // base64("signature")

// describe is the status and a one-line summary recorded with the request.
func (p *reply) describe() (status int, summary string) {
	switch {
	case p.countTokens > 0:
		return http.StatusOK, "count_tokens " + strconv.Itoa(p.countTokens)
	case p.fault != nil && p.fault.MidStream && p.stream:
		return http.StatusOK, "sse error " + p.fault.sseType()
	case p.fault != nil:
		return p.fault.status(), fmt.Sprintf("error %d %s", p.fault.status(), p.fault.errType())
	}
	kinds := make([]string, len(p.step.Blocks))
	for i, b := range p.step.Blocks {
		kinds[i] = string(b.Type)
		if b.Type == BlockToolUse {
			kinds[i] += "(" + b.Name + ")"
		}
	}
	mode := "json"
	if p.stream {
		mode = "stream"
	}
	return http.StatusOK, mode + " " + strings.Join(kinds, ",") + " " + p.step.stopReason()
}

// write sends the reply; it returns early when ctx ends.
func (p *reply) write(ctx context.Context, w http.ResponseWriter) {
	if !sleep(ctx, p.step.Delay) {
		return
	}
	w.Header().Set("request-id", p.requestID)
	switch {
	case p.countTokens > 0:
		writeJSON(w, http.StatusOK, map[string]int{"input_tokens": p.countTokens})
	case p.fault != nil && p.fault.MidStream && p.stream:
		sw := newSSE(w)
		p.streamMidStreamError(ctx, sw)
	case p.fault != nil:
		p.writeFault(w)
	case p.stream:
		p.streamStep(ctx, newSSE(w))
	default:
		writeJSON(w, http.StatusOK, p.message(true))
	}
}

func (p *reply) writeFault(w http.ResponseWriter) {
	f := p.fault
	if f.RetryAfter != "" {
		w.Header().Set("retry-after", f.RetryAfter)
	}
	writeJSON(w, f.status(), map[string]any{
		"type":       "error",
		"error":      map[string]string{"type": f.errType(), "message": f.message()},
		"request_id": p.requestID,
	})
}

// message is the assistant message object: complete for a JSON reply, or empty with
// stop_reason null for message_start.
func (p *reply) message(complete bool) map[string]any {
	msg := map[string]any{
		"id":            p.msgID,
		"type":          "message",
		"role":          "assistant",
		"model":         p.model,
		"content":       []any{},
		"stop_reason":   nil,
		"stop_sequence": nil,
		"usage":         map[string]int{"input_tokens": p.inputTokens(), "output_tokens": 1},
	}
	if complete {
		content := make([]any, len(p.step.Blocks))
		for i, b := range p.step.Blocks {
			content[i] = blockJSON(b, true)
		}
		msg["content"] = content
		msg["stop_reason"] = p.step.stopReason()
		msg["usage"] = map[string]int{"input_tokens": p.inputTokens(), "output_tokens": p.outputTokens()}
	}
	return msg
}

func (p *reply) inputTokens() int { return cmpOr(p.step.Usage.InputTokens, 12) }

// outputTokens is the step's figure or a rough count of what the reply holds.
func (p *reply) outputTokens() int {
	if p.step.Usage.OutputTokens > 0 {
		return p.step.Usage.OutputTokens
	}
	n := 0
	for _, b := range p.step.Blocks {
		n += utf8.RuneCountInString(b.content()) + len(b.inputJSON())
	}
	return max(1, n/4)
}

// streamStep writes the step as the Messages API's SSE event sequence.
func (p *reply) streamStep(ctx context.Context, sw *sse) {
	sw.event("message_start", map[string]any{"type": "message_start", "message": p.message(false)})
	sw.event("ping", map[string]string{"type": "ping"})
	opts := p.step.Stream
	for i, b := range p.step.Blocks {
		sw.event("content_block_start", map[string]any{
			"type": "content_block_start", "index": i, "content_block": blockJSON(b, false),
		})
		for _, d := range b.deltas(opts) {
			if !sleep(ctx, opts.DeltaDelay) || sw.err != nil {
				return
			}
			sw.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": i, "delta": d})
		}
		sw.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": i})
	}
	sw.event("message_delta", map[string]any{
		"type":  "message_delta",
		"delta": map[string]any{"stop_reason": p.step.stopReason(), "stop_sequence": nil},
		"usage": map[string]int{"output_tokens": p.outputTokens()},
	})
	sw.event("message_stop", map[string]string{"type": "message_stop"})
}

// streamMidStreamError starts a text block, sends one delta, then an `error` event.
func (p *reply) streamMidStreamError(ctx context.Context, sw *sse) {
	sw.event("message_start", map[string]any{"type": "message_start", "message": p.message(false)})
	sw.event("ping", map[string]string{"type": "ping"})
	sw.event("content_block_start", map[string]any{
		"type": "content_block_start", "index": 0, "content_block": map[string]string{"type": "text", "text": ""},
	})
	if !sleep(ctx, p.step.Stream.DeltaDelay) {
		return
	}
	sw.event("content_block_delta", map[string]any{
		"type": "content_block_delta", "index": 0,
		"delta": map[string]string{"type": "text_delta", "text": "Partial answer before the stream broke. "},
	})
	sw.event("error", map[string]any{
		"type":  "error",
		"error": map[string]string{"type": p.fault.sseType(), "message": p.fault.message()},
	})
}

// content is the text of a text or thinking block.
func (b Block) content() string {
	if len(b.Deltas) > 0 {
		return strings.Join(b.Deltas, "")
	}
	return b.Text
}

// inputJSON is the tool input as JSON ("{}" when unset).
func (b Block) inputJSON() string {
	if b.Type != BlockToolUse {
		return ""
	}
	if raw, ok := b.Input.(json.RawMessage); ok && len(raw) > 0 {
		return string(raw)
	}
	if b.Input == nil {
		return "{}"
	}
	data, err := json.Marshal(b.Input)
	if err != nil {
		return "{}"
	}
	return string(data)
}

// blockJSON is the block as it appears in a complete message, or (complete=false) as
// the empty shell a content_block_start carries.
func blockJSON(b Block, complete bool) map[string]any {
	switch b.Type {
	case BlockThinking:
		if !complete {
			return map[string]any{"type": "thinking", "thinking": "", "signature": ""}
		}
		return map[string]any{"type": "thinking", "thinking": b.content(), "signature": b.signature()}
	case BlockToolUse:
		input := json.RawMessage("{}")
		if complete {
			input = json.RawMessage(b.inputJSON())
		}
		return map[string]any{"type": "tool_use", "id": b.ID, "name": b.Name, "input": input}
	default:
		text := ""
		if complete {
			text = b.content()
		}
		return map[string]any{"type": "text", "text": text}
	}
}

func (b Block) signature() string {
	if b.Signature != "" {
		return b.Signature
	}
	return fixedSignature
}

// deltas are the content_block_delta payloads of a block.
func (b Block) deltas(opts StreamOptions) []map[string]string {
	var out []map[string]string
	switch b.Type {
	case BlockThinking:
		for _, c := range b.chunks(opts.ChunkRunes) {
			out = append(out, map[string]string{"type": "thinking_delta", "thinking": c})
		}
		out = append(out, map[string]string{"type": "signature_delta", "signature": b.signature()})
	case BlockToolUse:
		for _, c := range chunkBytes(b.inputJSON(), opts.JSONChunkBytes) {
			out = append(out, map[string]string{"type": "input_json_delta", "partial_json": c})
		}
	default:
		for _, c := range b.chunks(opts.ChunkRunes) {
			out = append(out, map[string]string{"type": "text_delta", "text": c})
		}
	}
	return out
}

// chunks splits a text or thinking block into deltas: Deltas verbatim, else runs of n runes.
func (b Block) chunks(n int) []string {
	if len(b.Deltas) > 0 {
		return b.Deltas
	}
	var out []string
	r := []rune(b.Text)
	for len(r) > 0 {
		k := min(n, len(r))
		out = append(out, string(r[:k]))
		r = r[k:]
	}
	return out
}

// chunkBytes splits s into pieces of about n bytes, never inside a UTF-8 sequence.
func chunkBytes(s string, n int) []string {
	var out []string
	for len(s) > 0 {
		k := min(n, len(s))
		for k < len(s) && !utf8.RuneStart(s[k]) {
			k++
		}
		out = append(out, s[:k])
		s = s[k:]
	}
	return out
}

// expandInput marshals a tool input and fills placeholders inside its strings.
func expandInput(input any, vars placeholders) json.RawMessage {
	data := Block{Type: BlockToolUse, Input: input}.inputJSON()
	return json.RawMessage(vars.expand(data, jsonEscape))
}

func (f *Fault) status() int {
	if f.Status == 0 {
		return http.StatusInternalServerError
	}
	return f.Status
}

func (f *Fault) errType() string {
	if f.Type != "" {
		return f.Type
	}
	return errorTypeFor(f.status())
}

// sseType is the error type of a mid-stream `error` event; overloaded unless set.
func (f *Fault) sseType() string {
	if f.Type != "" {
		return f.Type
	}
	if f.Status != 0 {
		return errorTypeFor(f.Status)
	}
	return "overloaded_error"
}

func (f *Fault) message() string {
	if f.Message != "" {
		return f.Message
	}
	switch f.status() {
	case 400:
		return "Bad request (fake)"
	case 401:
		return "Invalid API key (fake)"
	case 404:
		return "Not found (fake)"
	case 429:
		return "Rate limited (fake)"
	case 529:
		return "Overloaded (fake)"
	}
	return http.StatusText(f.status()) + " (fake)"
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// sleep waits d; it reports false when ctx ended first.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
