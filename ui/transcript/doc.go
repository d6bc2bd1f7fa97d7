// Package transcript is the conversation view: the items of a session
// (prompts, answers, thinking, tool calls, notices, turn footers) built from
// the CLI's stdout messages, laid out in a scrollable viewport that follows
// the tail, with a keyboard cursor, expand/collapse, search and copy.
//
// It is a plain struct driven by the root model (no nested Update loop):
// the root feeds decoded messages to Apply, sizes it with SetSize, routes
// keys to HandleKey while it has focus, calls Tick on a timer while Live
// reports something animating, and draws View.
//
// Speed: every item caches its rendered lines keyed by (content version,
// width, expanded, theme) and the viewport keeps its position as an anchor
// (item, line) rather than an absolute line number, so View renders only the
// items on screen and its cost does not grow with the conversation. A
// resize or theme change invalidates caches lazily: items re-render when
// they are next drawn. A streaming answer keeps its finished markdown blocks
// rendered and split into lines and re-renders only the tail.
//
// The "new output below ↓" badge is drawn by the component itself,
// right-aligned on the last line of View while the user has scrolled away
// from the tail and new items arrived or the last one grew (a streaming
// answer); NewBelow counts the new items for a root that wants them.
//
// Messages that belong to a subagent (parent_tool_use_id set) are kept out
// of the main flow, in a transcript of their own per Agent tool call:
// SubTranscript returns it for a task pane to size and draw.
package transcript
