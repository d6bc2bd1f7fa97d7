package protocol

// A streamed answer is almost all content_block_delta stream_event lines (12,500 for a
// 100 KB answer), and encoding/json spends ~7 µs on each. decodeHotStreamEvent reads the
// plain shape of those lines by hand and builds the value the general path would; any
// doubt (a key it does not know, a duplicate, null where a string goes, a lone
// surrogate, invalid UTF-8, a number that is not a small integer, trailing bytes) makes
// it give up, and Decode takes the general path, which stays the reference.

// hotStreamEvent holds the event and its delta in one allocation.
type hotStreamEvent struct {
	ev    StreamEvent
	delta Delta
}

// hotShareLimit: for lines up to this size every unescaped string is a slice of one copy
// of the line (one allocation for all of them). Longer lines copy each string, so a kept
// id never pins a large text.
const hotShareLimit = 4 << 10

// Keys seen, to send duplicates (which encoding/json merges) to the general path.
const (
	seenType = 1 << iota
	seenEvent
	seenSessionID
	seenUUID
	seenParent
	seenAPIMessageID
	seenThinkingDisplay
	seenTTFT
	seenIndex
	seenDelta
	seenText
	seenThinking
	seenSignature
	seenPartialJSON
)

// hotScanner walks a trimmed line. shared, when set, is string(b).
type hotScanner struct {
	b      []byte
	i      int
	shared string
}

// decodeHotStreamEvent decodes a trimmed stream_event line whose event has only type,
// index and delta (content_block_delta, content_block_stop…), or reports false.
func decodeHotStreamEvent(line []byte) (*StreamEvent, bool) {
	if len(line) < 2 || line[0] != '{' {
		return nil, false
	}
	s := hotScanner{b: line}
	// Filled on the stack and moved to the heap once the line is known to be ours, so
	// the other lines cost no allocation here.
	var h hotStreamEvent
	hasDelta := false
	seen := 0
	ok := s.fields(&seen, func(key []byte) (int, bool) {
		var bit int
		var ok bool
		switch string(key) {
		case "type":
			// Compared in place: other types leave before anything is copied.
			var t []byte
			if t, ok = s.rawKey(); !ok || string(t) != "stream_event" {
				return 0, false
			}
			bit = seenType
		case "event":
			ok, bit = s.event(&h.ev.Event, &h.delta, &hasDelta), seenEvent
		case "session_id":
			return s.strField(&h.ev.SessionID, seenSessionID)
		case "uuid":
			return s.strField(&h.ev.UUID, seenUUID)
		case "parent_tool_use_id":
			if s.null() {
				ok = true
			} else {
				var p string
				p, ok = s.str()
				h.ev.ParentToolUseID = &p
			}
			bit = seenParent
		case "api_message_id":
			return s.strField(&h.ev.APIMessageID, seenAPIMessageID)
		case "thinking_display":
			return s.strField(&h.ev.ThinkingDisplay, seenThinkingDisplay)
		case "ttft_ms":
			return s.intField(&h.ev.TTFTMS, seenTTFT)
		default:
			return 0, false
		}
		return bit, ok
	})
	if !ok || seen&seenType == 0 {
		return nil, false
	}
	s.space()
	if s.i != len(s.b) {
		return nil, false
	}
	out := new(hotStreamEvent)
	*out = h
	if hasDelta {
		out.ev.Event.Delta = &out.delta
	}
	return &out.ev, true
}

// event reads the event object (leaving ev.Delta nil); its delta, if any, goes to d and
// sets hasDelta.
func (s *hotScanner) event(ev *StreamEventBody, d *Delta, hasDelta *bool) bool {
	seen := 0
	return s.fields(&seen, func(key []byte) (int, bool) {
		switch string(key) {
		case "type":
			return s.strField(&ev.Type, seenType)
		case "index":
			return s.intField(&ev.Index, seenIndex)
		case "delta":
			*hasDelta = true
			return seenDelta, s.delta(d)
		}
		return 0, false
	})
}

func (s *hotScanner) delta(d *Delta) bool {
	seen := 0
	return s.fields(&seen, func(key []byte) (int, bool) {
		switch string(key) {
		case "type":
			return s.strField(&d.Type, seenType)
		case "text":
			return s.strField(&d.Text, seenText)
		case "thinking":
			return s.strField(&d.Thinking, seenThinking)
		case "signature":
			return s.strField(&d.Signature, seenSignature)
		case "partial_json":
			return s.strField(&d.PartialJSON, seenPartialJSON)
		}
		return 0, false
	})
}

// strField reads a string value into dst; bit names its key (see fields).
func (s *hotScanner) strField(dst *string, bit int) (int, bool) {
	v, ok := s.str()
	*dst = v
	return bit, ok
}

// intField reads a small integer value into dst; bit names its key (see fields).
func (s *hotScanner) intField(dst *int, bit int) (int, bool) {
	v, ok := s.int()
	*dst = v
	return bit, ok
}

// fields reads an object of known keys, each at most once: field reads the value of
// key and returns the key's bit, or 0 for a key it does not know; an unknown key, a
// bad value or a repeated key fails. seen collects the bits of the keys read.
func (s *hotScanner) fields(seen *int, field func(key []byte) (bit int, ok bool)) bool {
	return s.object(func(key []byte) bool {
		bit, ok := field(key)
		if !ok || bit == 0 || *seen&bit != 0 {
			return false
		}
		*seen |= bit
		return true
	})
}

// object reads {"key": value, …}, calling member with the scanner on each value.
func (s *hotScanner) object(member func(key []byte) bool) bool {
	s.space()
	if !s.take('{') {
		return false
	}
	s.space()
	if s.take('}') {
		return true
	}
	for {
		s.space()
		key, ok := s.rawKey()
		if !ok {
			return false
		}
		s.space()
		if !s.take(':') {
			return false
		}
		s.space()
		if !member(key) {
			return false
		}
		s.space()
		if s.take('}') {
			return true
		}
		if !s.take(',') {
			return false
		}
	}
}

func (s *hotScanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *hotScanner) take(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *hotScanner) null() bool {
	if len(s.b)-s.i >= 4 && string(s.b[s.i:s.i+4]) == "null" {
		s.i += 4
		return true
	}
	return false
}

// rawKey reads a string of plain ASCII without escapes: every key this decoder knows,
// and the line's type.
func (s *hotScanner) rawKey() ([]byte, bool) {
	if !s.take('"') {
		return nil, false
	}
	start := s.i
	for s.i < len(s.b) && plainASCII[s.b[s.i]] {
		s.i++
	}
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, false
	}
	s.i++
	return s.b[start : s.i-1], true
}

// int reads a non-negative integer of at most 15 digits (no sign, fraction or exponent).
func (s *hotScanner) int() (int, bool) {
	start := s.i
	n := 0
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		n = n*10 + int(s.b[s.i]-'0')
		s.i++
	}
	digits := s.i - start
	if digits == 0 || digits > 15 || (digits > 1 && s.b[start] == '0') {
		return 0, false
	}
	return n, true
}
