package transcript

import (
	"encoding/json"
	"time"

	"github.com/gclaude/gclaude/render"
)

// Conversation is what a session's transcript holds, with no screen: the items
// built from the CLI's messages (the reducer, reducer*.go), the tool calls and their
// states, the streams in progress, the subagents' conversations, the queued prompts
// and `!` commands. It renders nothing: items render and cache their lines when a
// View draws them, so a conversation no View shows costs only its reduction.
//
// The zero value is not usable; call NewConversation.
type Conversation struct {
	items   []item
	nextID  ID
	prompts map[ID]*userItem
	shells  map[ID]*shellItem // `!` commands still running (item_shell.go)

	// shared is common to the main conversation and its subagents'.
	shared *shared
	// parent is the Agent tool_use_id this conversation belongs to ("" for
	// the main one).
	parent string

	stream    streamState
	turn      turnState
	live      map[item]struct{} // items with a spinner or a countdown
	expandAll bool              // new expandable items start expanded

	clock func() time.Time // stamps events (start of a tool, a thought)
	now   time.Time        // the last Tick, for elapsed times and countdowns

	// place is where a view of this conversation stands (place.go). It is kept
	// here, not in the View, so that a View switched away and back finds it as it
	// was, and so that items inserted or moved while nobody looks keep it on the
	// same items. Only a View reads it.
	place place
	// viewer is the View showing this conversation, nil while none does.
	viewer *View
}

// shared holds what the main conversation and the subagents' have in
// common: tool calls are looked up by id across all of them.
type shared struct {
	main     *Conversation            // the main conversation
	tools    map[string]toolRef       // every tool call, by tool_use_id
	tasks    map[string]string        // task_id → the tool_use_id that started it
	subs     map[string]*Conversation // subagent conversations by parent tool_use_id
	lastCost float64                  // total_cost_usd of the previous result
	// taskStatus is the root's live status of an Agent call (SetTaskStatusFunc).
	taskStatus func(toolUseID string) string
}

// toolRef is a tool call and the conversation that holds it.
type toolRef struct {
	tool  *toolItem
	owner *Conversation
}

// NewConversation returns an empty conversation.
func NewConversation() *Conversation {
	sh := &shared{
		tools: map[string]toolRef{},
		tasks: map[string]string{},
		subs:  map[string]*Conversation{},
	}
	sh.main = newConversation(sh, "")
	return sh.main
}

func newConversation(sh *shared, parent string) *Conversation {
	return &Conversation{
		prompts: map[ID]*userItem{},
		shells:  map[ID]*shellItem{},
		shared:  sh,
		parent:  parent,
		stream:  newStreamState(),
		live:    map[item]struct{}{},
		place:   newPlace(),
		clock:   time.Now,
	}
}

// Len is the number of items.
func (c *Conversation) Len() int { return len(c.items) }

// add appends an item (above the queued prompts, queue.go) and gives it an id.
func (c *Conversation) add(it item) item {
	c.nextID++
	b := it.base()
	b.id = c.nextID
	if c.expandAll && expandable(it) {
		b.expanded = true
	}
	c.insertAt(c.flowEnd(), it)
	return it
}

// AddUserPrompt shows a prompt the user sent and returns its id.
func (c *Conversation) AddUserPrompt(text string) ID {
	u := &userItem{text: text}
	c.add(u)
	c.prompts[u.id] = u
	// Sending a prompt is a clear sign the user wants to see the answer.
	c.place.followTail(len(c.items))
	return u.id
}

// AddPastedPrompt shows a prompt that was typed with paste chips: as typed
// (shown), and expanded to the text sent. With shown "" it is AddUserPrompt.
func (c *Conversation) AddPastedPrompt(text, shown string) ID {
	id := c.AddUserPrompt(text)
	if u := c.prompts[id]; u != nil && shown != "" && shown != text {
		u.shown = shown
		u.touch()
	}
	return id
}

// SetQueued marks a prompt as waiting for the running turn to end, or no
// longer waiting. A queued prompt moves to the tail and stays there while
// the turn goes on; once it is no longer queued it takes its place after
// what that turn showed, ahead of the prompts still queued.
func (c *Conversation) SetQueued(id ID, queued bool) {
	u, ok := c.prompts[id]
	if !ok || u.queued == queued {
		return
	}
	i := c.indexOf(id)
	if queued {
		u.queued = true
		c.moveItem(i, len(c.items)-1)
	} else {
		end := c.flowEnd()
		u.queued = false
		c.moveItem(i, min(i, end))
	}
	u.touch()
}

// WithdrawPrompt takes back a prompt that never reached claude: it no longer
// shows, as it is not part of the conversation.
func (c *Conversation) WithdrawPrompt(id ID) {
	u, ok := c.prompts[id]
	if !ok {
		return
	}
	delete(c.prompts, id)
	u.hidden = true
	u.touch()
	if c.viewer != nil {
		c.viewer.clampTop() // a View that shows it later clamps it then
	}
}

// AddNotice adds a notice of kind NoticeInfo, NoticeWarn or NoticeError
// (e.g. the CLI exited: code, signal and the last lines of stderr, one per
// line; a line on stdout that could not be decoded).
func (c *Conversation) AddNotice(kind, text string) {
	c.add(&noticeItem{level: noticeLevel(kind), text: text})
}

// SetToolState sets the state of a tool call, e.g. ToolWaitingPermission
// while its permission dialog is open, ToolRunning once allowed, ToolDenied
// when the user said no. Calls of subagents are found too; unknown ids are
// ignored.
func (c *Conversation) SetToolState(toolUseID string, st render.ToolState) {
	ref, ok := c.shared.tools[toolUseID]
	if !ok {
		return
	}
	ref.tool.setState(st, ref.owner.clock())
	ref.owner.markLive(ref.tool)
}

// SetToolInput replaces a tool call's input with the one that runs instead:
// the user edited it before allowing the call. Unknown ids are ignored.
func (c *Conversation) SetToolInput(toolUseID string, input json.RawMessage) {
	ref, ok := c.shared.tools[toolUseID]
	if !ok || len(input) == 0 {
		return
	}
	ref.tool.call.Input = input
	ref.tool.touch()
}

// ToolState is the state of a tool call shown in this transcript or a
// subagent's, and whether it is known.
func (c *Conversation) ToolState(toolUseID string) (render.ToolState, bool) {
	ref, ok := c.shared.tools[toolUseID]
	if !ok {
		return 0, false
	}
	return ref.tool.call.State, true
}

// SubTranscript is the conversation of the subagent started by the Agent
// tool call toolUseID, or nil if it has none yet. A View shows it like the
// main one.
func (c *Conversation) SubTranscript(toolUseID string) *Conversation {
	if toolUseID == "" {
		return nil
	}
	return c.shared.subs[toolUseID]
}

// sub returns the subagent conversation for parent, creating it.
func (c *Conversation) sub(parent string) *Conversation {
	if s, ok := c.shared.subs[parent]; ok {
		return s
	}
	s := newConversation(c.shared, parent)
	s.clock = c.clock
	s.now = c.now
	c.shared.subs[parent] = s
	return s
}
