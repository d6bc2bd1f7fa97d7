package commands

import (
	"fmt"
	"slices"
	"time"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/ui/transcript"
)

// doubleEscWindow is how soon a second esc must follow the first to open /rewind.
const doubleEscWindow = 800 * time.Millisecond

// RewindPoint is a prompt of this session that /rewind can go back to.
type RewindPoint struct {
	UUID, Text string        // the uuid the prompt was sent with, and its text
	ID         transcript.ID // its transcript item
	// Before is the uuid of the last main-thread assistant message when the prompt
	// started: the chain entry a conversation rewound to before it keeps ("" for the
	// first prompt: nothing is kept).
	Before string
	// Continued is set when the conversation had messages this log never saw (it was
	// resumed) and none since: it cannot be cut back to before this prompt.
	Continued bool
}

// RewindLog follows the prompts sent and the answers read, for /rewind.
type RewindLog struct {
	points        []RewindPoint
	lastAssistant string
	lastEsc       time.Time
}

// Prompt records a prompt sent with uuid; resumed says the conversation existed before
// this session's first message. A prompt sent while idle starts now; a queued one gets
// its Before when its command_lifecycle says it started (Message).
func (l *RewindLog) Prompt(uuid, text string, id transcript.ID, resumed bool) {
	l.points = append(l.points, RewindPoint{UUID: uuid, Text: text, ID: id, Before: l.lastAssistant,
		Continued: resumed && l.lastAssistant == ""})
}

// Message follows the stdout messages that place prompts in the conversation.
func (l *RewindLog) Message(msg protocol.Message) {
	switch msg := msg.(type) {
	case *protocol.Assistant:
		if msg.ParentToolUseID == nil && msg.UUID != "" {
			l.lastAssistant = msg.UUID
		}
	case *protocol.CommandLifecycle:
		if msg.State != "started" {
			return
		}
		for i := range l.points {
			if l.points[i].UUID == msg.CommandUUID {
				l.points[i].Before = l.lastAssistant
				l.points[i].Continued = l.points[i].Continued && l.lastAssistant == ""
			}
		}
	}
}

// Resumed says where a resumed conversation's history ends (the uuid of its last
// entry): the first prompt after it can be rewound to there.
func (l *RewindLog) Resumed(last string) {
	if last != "" {
		l.lastAssistant = last
	}
}

// Len is the number of prompts that can be rewound to.
func (l *RewindLog) Len() int { return len(l.points) }

// Find returns the point of the prompt uuid.
func (l *RewindLog) Find(uuid string) (RewindPoint, bool) {
	i := slices.IndexFunc(l.points, func(p RewindPoint) bool { return p.UUID == uuid })
	if i < 0 {
		return RewindPoint{}, false
	}
	return l.points[i], true
}

// CutAt forgets the prompt uuid and every later one: the conversation goes back to
// before it.
func (l *RewindLog) CutAt(uuid string) (RewindPoint, bool) {
	i := slices.IndexFunc(l.points, func(p RewindPoint) bool { return p.UUID == uuid })
	if i < 0 {
		return RewindPoint{}, false
	}
	p := l.points[i]
	l.points = l.points[:i]
	l.lastAssistant = p.Before
	return p, true
}

// Newest lists the points newest first, each with how far back it is.
func (l *RewindLog) Newest() (points []RewindPoint, desc []string) {
	n := len(l.points)
	for i := n - 1; i >= 0; i-- {
		d := "the last prompt"
		if ago := n - 1 - i; ago > 0 {
			d = fmt.Sprintf("%d %s before the last", ago, render.Plural(ago, "prompt"))
		}
		points, desc = append(points, l.points[i]), append(desc, d)
	}
	return points, desc
}

// DoubleEsc is esc on an empty prompt at now: true for the second within
// doubleEscWindow, which opens /rewind as in Claude Code.
func (l *RewindLog) DoubleEsc(now time.Time) bool {
	if !l.lastEsc.IsZero() && now.Sub(l.lastEsc) < doubleEscWindow {
		l.lastEsc = time.Time{}
		return true
	}
	l.lastEsc = now
	return false
}
