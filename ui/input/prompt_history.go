package input

import "strings"

// PromptHistory is the list of earlier prompts that up/down walk through. Walking starts from
// the draft being edited and comes back to it: the draft is never lost.
type PromptHistory struct {
	entries []string // oldest first
	pos     int      // len(entries) when not walking
	draft   string   // what was in the editor when the walk began
	max     int
}

// NewPromptHistory returns a history holding at most max entries (max ≤ 0: 1000).
func NewPromptHistory(max int) *PromptHistory {
	if max <= 0 {
		max = 1000
	}
	return &PromptHistory{max: max}
}

// Load replaces the entries (oldest first), e.g. with what was read from disk. Entries
// added before Load finished are kept after the loaded ones.
func (h *PromptHistory) Load(entries []string) {
	merged := append(append([]string{}, entries...), h.entries...)
	h.entries = nil
	for _, e := range merged {
		h.push(e)
	}
	h.pos = len(h.entries)
}

// Add records a sent prompt and ends any walk. A repeat of the newest entry is not added
// twice.
func (h *PromptHistory) Add(text string) {
	h.push(text)
	h.Reset()
}

func (h *PromptHistory) push(text string) {
	if text == "" || (len(h.entries) > 0 && h.entries[len(h.entries)-1] == text) {
		return
	}
	h.entries = append(h.entries, text)
	if over := len(h.entries) - h.max; over > 0 {
		h.entries = append([]string(nil), h.entries[over:]...)
	}
}

// Reset ends a walk without changing the entries.
func (h *PromptHistory) Reset() {
	h.pos = len(h.entries)
	h.draft = ""
}

// Walking reports whether the editor currently shows a history entry.
func (h *PromptHistory) Walking() bool { return h.pos < len(h.entries) }

// Prev steps back one entry. current is the editor's text, remembered as the draft when
// the walk begins. ok is false at the oldest entry (or with no history).
func (h *PromptHistory) Prev(current string) (text string, ok bool) {
	if h.pos == 0 {
		return "", false
	}
	if h.pos == len(h.entries) {
		h.draft = current
	}
	h.pos--
	return h.entries[h.pos], true
}

// Next steps forward; past the newest entry it returns the draft. ok is false when not
// walking.
func (h *PromptHistory) Next() (text string, ok bool) {
	if h.pos >= len(h.entries) {
		return "", false
	}
	h.pos++
	if h.pos == len(h.entries) {
		d := h.draft
		h.draft = ""
		return d, true
	}
	return h.entries[h.pos], true
}

// Len is the number of entries.
func (h *PromptHistory) Len() int { return len(h.entries) }

// Find returns the newest entry older than index before whose text contains query
// (case-insensitively); before ≥ Len() searches from the newest entry.
func (h *PromptHistory) Find(query string, before int) (index int, text string, ok bool) {
	q := strings.ToLower(query)
	for i := min(before, len(h.entries)) - 1; i >= 0; i-- {
		if strings.Contains(strings.ToLower(h.entries[i]), q) {
			return i, h.entries[i], true
		}
	}
	return -1, "", false
}
