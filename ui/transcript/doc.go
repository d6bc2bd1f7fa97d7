// Package transcript is a session's conversation and the view of it: the items of
// a session (prompts, answers, thinking, tool calls, notices, turn footers) built
// from the CLI's stdout messages, laid out in a scrollable viewport that follows
// the tail, with a keyboard cursor, expand/collapse, search and copy.
//
// Two types, plain structs driven by the root model (no nested Update loop):
//
//   - Conversation holds the items and builds them: the root feeds decoded
//     messages to Apply (the reducer, reducer*.go: streaming, tool states, turns,
//     retries, subagents), adds its own prompts, notices and `!` commands, calls
//     Tick on a timer while Live reports something animating, and cuts it for
//     /rewind (TruncateFrom) or writes it out for /export (Markdown). It has no
//     width, no viewport and no styles, and renders nothing: a conversation no View
//     shows costs only its reduction.
//   - View shows one Conversation: the root sizes it with SetSize, routes keys to
//     HandleKey while it has focus and draws View; for --tui inline it renders
//     settled items for the terminal's scrollback and draws the live part
//     (scrollback*.go). Show points it at another conversation.
//
// Where a view stands in a conversation (scroll anchor, following the tail,
// cursor, search) is the conversation's place (place.go): it travels with the
// conversation, so switching a View away and back finds it as it was, and the
// reducer keeps its item indexes right while items are inserted or moved. The
// expanded state of an item is the item's own.
//
// Speed: every item caches its rendered lines keyed by (content version,
// width, expanded, theme) and the viewport keeps its position as an anchor
// (item, line) rather than an absolute line number, so View renders only the
// items on screen and its cost does not grow with the conversation. A
// resize or theme change invalidates caches lazily: items re-render when
// they are next drawn. A streaming answer keeps its finished markdown blocks
// rendered and split into lines and re-renders only the tail; its streaming
// renderer is made when it is first drawn.
//
// The "new output below ↓" badge is drawn by the View itself,
// right-aligned on the last line while the user has scrolled away
// from the tail and new items arrived or the last one grew (a streaming
// answer); NewBelow counts the new items for a root that wants them.
//
// Messages that belong to a subagent (parent_tool_use_id set) are kept out
// of the main flow, in a conversation of their own per Agent tool call:
// SubTranscript returns it for a task pane's View to show.
package transcript
