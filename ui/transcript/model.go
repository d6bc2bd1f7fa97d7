package transcript

import (
	"encoding/json"
	"time"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/render"
	"github.com/gclaude/gclaude/themes"
)

// gutterWidth is the column left of every line that marks the selected
// item; it is always reserved so focusing never reflows the text.
const gutterWidth = 2

// Model is the transcript component. The zero value is not usable; call New.
type Model struct {
	st            *themes.Styles
	keys          keymap.KeyMap
	width, height int
	focused       bool

	items   []item
	nextID  ID
	prompts map[ID]*userItem
	shells  map[ID]*shellItem // `!` commands still running (item_shell.go)

	// shared is common to the main transcript and its subagent transcripts.
	shared *shared
	// parent is the Agent tool_use_id this transcript belongs to ("" for
	// the main one).
	parent string

	stream streamState
	turn   turnState
	live   map[item]struct{} // items with a spinner or a countdown

	vp        viewport
	rowBuf    []row  // reused by View
	mark      string // the cursor's gutter, rendered for markSt
	markSt    *themes.Styles
	cursor    int // index into items, -1 for none
	search    searchState
	expandAll bool // new expandable items start expanded

	clock func() time.Time // stamps events (start of a tool, a thought)
	now   time.Time        // the last Tick, for elapsed times and countdowns
}

// shared holds what the main transcript and the subagent transcripts have
// in common: tool calls are looked up by id across all of them.
type shared struct {
	main     *Model             // the main transcript
	tools    map[string]toolRef // every tool call, by tool_use_id
	tasks    map[string]string  // task_id → the tool_use_id that started it
	subs     map[string]*Model  // subagent transcripts by parent tool_use_id
	lastCost float64            // total_cost_usd of the previous result
	// taskStatus is the root's live status of an Agent call (SetTaskStatusFunc).
	taskStatus func(toolUseID string) string
}

// toolRef is a tool call and the transcript that shows it.
type toolRef struct {
	tool  *toolItem
	owner *Model
}

// New returns an empty transcript.
func New(styles *themes.Styles, keys keymap.KeyMap) *Model {
	sh := &shared{
		tools: map[string]toolRef{},
		tasks: map[string]string{},
		subs:  map[string]*Model{},
	}
	sh.main = newModel(styles, keys, sh, "")
	return sh.main
}

func newModel(st *themes.Styles, keys keymap.KeyMap, sh *shared, parent string) *Model {
	return &Model{
		st:      st,
		keys:    keys,
		prompts: map[ID]*userItem{},
		shells:  map[ID]*shellItem{},
		shared:  sh,
		parent:  parent,
		stream:  newStreamState(),
		live:    map[item]struct{}{},
		vp:      viewport{follow: true, first: -1, last: -1},
		cursor:  -1,
		clock:   time.Now,
	}
}

// SetSize sets the size View draws. Cached renders are redrawn lazily, when
// their items are next on screen.
func (m *Model) SetSize(width, height int) {
	if max(width, 0) != m.width {
		m.resolveAll() // the lines scrolled past were counted at this width
	}
	m.width, m.height = max(width, 0), max(height, 0)
	m.clampTop()
}

// Size is the size set with SetSize.
func (m *Model) Size() (width, height int) { return m.width, m.height }

// SetStyles switches the theme (e.g. after the terminal reported its
// background colour). Items re-render lazily.
func (m *Model) SetStyles(st *themes.Styles) {
	if st != m.st {
		m.resolveAll() // the lines scrolled past were counted with these styles
	}
	m.st = st
	for _, s := range m.shared.subs {
		if s != m {
			if st != s.st {
				s.resolveAll()
			}
			s.st = st
		}
	}
}

// SetFocused gives or takes keyboard focus. Focus shows the cursor; if the
// cursor is not on screen it moves to the last item that is.
func (m *Model) SetFocused(focused bool) {
	m.focused = focused
	if focused && !m.cursorOnScreen() {
		m.cursor = m.lastVisibleItem()
	}
}

// Focused reports whether the transcript has focus.
func (m *Model) Focused() bool { return m.focused }

// Len is the number of items.
func (m *Model) Len() int { return len(m.items) }

// contentWidth is the width items render at, right of the gutter.
func (m *Model) contentWidth() int { return max(m.width-gutterWidth, 1) }

// add appends an item (above the queued prompts, queue.go) and gives it an id.
func (m *Model) add(it item) item {
	m.nextID++
	b := it.base()
	b.id = m.nextID
	if m.expandAll && expandable(it) {
		b.expanded = true
	}
	m.insertAt(m.flowEnd(), it)
	return it
}

// AddUserPrompt shows a prompt the user sent and returns its id.
func (m *Model) AddUserPrompt(text string) ID {
	u := &userItem{text: text}
	m.add(u)
	m.prompts[u.id] = u
	// Sending a prompt is a clear sign the user wants to see the answer.
	m.follow()
	return u.id
}

// AddPastedPrompt shows a prompt that was typed with paste chips: as typed
// (shown), and expanded to the text sent. With shown "" it is AddUserPrompt.
func (m *Model) AddPastedPrompt(text, shown string) ID {
	id := m.AddUserPrompt(text)
	if u := m.prompts[id]; u != nil && shown != "" && shown != text {
		u.shown = shown
		u.touch()
	}
	return id
}

// SetQueued marks a prompt as waiting for the running turn to end, or no
// longer waiting. A queued prompt moves to the tail and stays there while
// the turn goes on; once it is no longer queued it takes its place after
// what that turn showed, ahead of the prompts still queued.
func (m *Model) SetQueued(id ID, queued bool) {
	u, ok := m.prompts[id]
	if !ok || u.queued == queued {
		return
	}
	i := m.indexOf(id)
	if queued {
		u.queued = true
		m.moveItem(i, len(m.items)-1)
	} else {
		end := m.flowEnd()
		u.queued = false
		m.moveItem(i, min(i, end))
	}
	u.touch()
}

// WithdrawPrompt takes back a prompt that never reached claude: it no longer
// shows, as it is not part of the conversation.
func (m *Model) WithdrawPrompt(id ID) {
	u, ok := m.prompts[id]
	if !ok {
		return
	}
	delete(m.prompts, id)
	u.hidden = true
	u.touch()
	m.clampTop()
}

// AddNotice adds a notice of kind NoticeInfo, NoticeWarn or NoticeError
// (e.g. the CLI exited: code, signal and the last lines of stderr, one per
// line; a line on stdout that could not be decoded).
func (m *Model) AddNotice(kind, text string) {
	m.add(&noticeItem{level: noticeLevel(kind), text: text})
}

// SetToolState sets the state of a tool call, e.g. ToolWaitingPermission
// while its permission dialog is open, ToolRunning once allowed, ToolDenied
// when the user said no. Calls of subagents are found too; unknown ids are
// ignored.
func (m *Model) SetToolState(toolUseID string, st render.ToolState) {
	ref, ok := m.shared.tools[toolUseID]
	if !ok {
		return
	}
	ref.tool.setState(st, ref.owner.clock())
	ref.owner.markLive(ref.tool)
}

// SetToolInput replaces a tool call's input with the one that runs instead:
// the user edited it before allowing the call. Unknown ids are ignored.
func (m *Model) SetToolInput(toolUseID string, input json.RawMessage) {
	ref, ok := m.shared.tools[toolUseID]
	if !ok || len(input) == 0 {
		return
	}
	ref.tool.call.Input = input
	ref.tool.touch()
}

// SubTranscript is the transcript of the subagent started by the Agent
// tool call toolUseID, or nil if it has none yet. Size it and draw it like
// the main one.
func (m *Model) SubTranscript(toolUseID string) *Model {
	if toolUseID == "" {
		return nil
	}
	return m.shared.subs[toolUseID]
}

// sub returns the subagent transcript for parent, creating it.
func (m *Model) sub(parent string) *Model {
	if s, ok := m.shared.subs[parent]; ok {
		return s
	}
	s := newModel(m.st, m.keys, m.shared, parent)
	s.clock = m.clock
	s.now = m.now
	m.shared.subs[parent] = s
	return s
}
