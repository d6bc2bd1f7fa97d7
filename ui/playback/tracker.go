package playback

import "strings"

// Tracker is what a session keeps about the recording being played: the permission
// requests shown whose recorded answers have not come yet, and the last prompt the
// recording echoed. The zero value is ready to use.
type Tracker struct {
	// pending are the requests shown whose answers the recording has not reached,
	// by tool_use_id.
	pending map[string]Pending
	// lastEcho is the last prompt echoed; the CLI echoes a queued prompt alone, then
	// again merged with the ones queued after it.
	lastEcho string
}

// Pending is a permission request of the recording whose answer it has not reached.
type Pending struct {
	RequestID string
	Tool      string
}

// Shown notes a permission request the recording showed.
func (t *Tracker) Shown(toolUseID string, p Pending) {
	if toolUseID == "" {
		return
	}
	if t.pending == nil {
		t.pending = map[string]Pending{}
	}
	t.pending[toolUseID] = p
}

// Withdrawn forgets the request the CLI cancelled; the usual handling says so.
func (t *Tracker) Withdrawn(requestID string) {
	for id, p := range t.pending {
		if p.RequestID == requestID {
			delete(t.pending, id)
		}
	}
}

// Settle takes the request whose tool has its result now, if one waits for it.
func (t *Tracker) Settle(toolUseID string) (Pending, bool) {
	p, ok := t.pending[toolUseID]
	if ok {
		delete(t.pending, toolUseID)
	}
	return p, ok
}

// SettleAll takes every request still waiting: the turn is over, each was answered.
func (t *Tracker) SettleAll() []Pending {
	var out []Pending
	for id, p := range t.pending {
		delete(t.pending, id)
		out = append(out, p)
	}
	return out
}

// Echo is the part of an echoed prompt that is new: of a merged echo ("A\nB" after
// "A") only "B", as the prompts were typed.
func (t *Tracker) Echo(text string) string {
	prev := t.lastEcho
	t.lastEcho = text
	if prev != "" && strings.HasPrefix(text, prev+"\n") {
		return strings.TrimPrefix(text, prev+"\n")
	}
	return text
}

// AnswerBegan marks that an answer (or the turn's end) came: a later echo is a new prompt.
func (t *Tracker) AnswerBegan() { t.lastEcho = "" }

// Reset forgets everything: the recording ended.
func (t *Tracker) Reset() { *t = Tracker{} }
