package sessionfiles

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/gclaude/gclaude/protocol"
)

// History is a session's conversation as the CLI recorded it, ready to show.
type History struct {
	SessionID string
	Title     string // as in Summary.Title
	Model     string // the model of the last assistant reply
	Entries   []Entry
	// Subagents are the transcripts of the subagents the session's Agent (Task)
	// calls ran, by the id of that tool call. They are not part of Entries.
	Subagents map[string]*Subagent
	// Warnings name what could not be read (a cut-short last line, a line that is
	// not JSON); the rest of the file was read.
	Warnings []string
}

// Kind says what an Entry is.
type Kind int

const (
	KindPrompt    Kind = iota + 1 // the user's prompt: Text, Images
	KindText                      // assistant text: Text (markdown)
	KindThinking                  // assistant thinking: Text
	KindToolCall                  // a tool call and its result: Tool
	KindCommand                   // a command the user ran: Text ("/compact", "! ls"), Output
	KindInterrupt                 // the user interrupted the turn: Text is the CLI's marker
	KindCompact                   // the conversation was compacted: Text is the summary the model continued from
	KindAPIError                  // an API call failed; the CLI recorded its error as the reply: Text
)

func (k Kind) String() string {
	switch k {
	case KindPrompt:
		return "prompt"
	case KindText:
		return "text"
	case KindThinking:
		return "thinking"
	case KindToolCall:
		return "tool_call"
	case KindCommand:
		return "command"
	case KindInterrupt:
		return "interrupt"
	case KindCompact:
		return "compact"
	case KindAPIError:
		return "api_error"
	}
	return "unknown"
}

// Entry is one thing in the conversation. Which fields are set depends on Kind.
type Entry struct {
	Kind Kind
	UUID string    // the CLI's id of the line the entry came from
	Time time.Time // when the CLI wrote it (zero if not recorded)

	Text   string
	Output string // KindCommand: what the command printed
	Images int    // KindPrompt: how many images came with the prompt

	// Assistant entries (text, thinking, tool calls): the API message they belong
	// to (one message is recorded as one line per content block) and its model.
	MessageID string
	Model     string

	Tool *ToolCall // KindToolCall
}

// ToolCall is a tool_use block matched with its tool_result.
type ToolCall struct {
	ID     string
	Name   string
	Input  json.RawMessage
	Result *ToolResult // nil when none was recorded (interrupted, or the file ends first)
}

// ToolResult is a tool's result as the model saw it, with the CLI's structured output.
type ToolResult struct {
	Content json.RawMessage // a JSON string or a list of content blocks
	IsError bool
	// Structured is the CLI's toolUseResult: an object whose shape depends on the
	// tool (structuredPatch for Edit, stdout/stderr for Bash, …) or a JSON string,
	// such as "Error: …" for a denied call. Nil if the CLI recorded none.
	Structured json.RawMessage
	Time       time.Time
	// Denial is why the CLI did not run the call, as it recorded it: "permission-rule"
	// (a decision said no) or "user-rejected" (the user interrupted while it waited);
	// "" when it ran or the file does not say. Decision is the permission decision
	// recorded with it ("reject").
	Denial, Decision string
}

// rejectText starts the result the CLI gives the model for a call the user refused
// without a word of their own.
const rejectText = "The user doesn't want to proceed with this tool use"

// Denied reports whether a decision kept the call from running: the user's no, a
// rule's, the host's. An interrupt is not one. Files that do not record the decision
// (older CLIs) are read by the CLI's rejection text.
func (r *ToolResult) Denied() bool {
	if r.Denial != "" || r.Decision != "" {
		return r.Decision == "reject"
	}
	return r.IsError && strings.HasPrefix(r.Text(), rejectText)
}

// Text flattens the result to the text the model read; images become "[image]".
func (r *ToolResult) Text() string {
	return protocol.ContentBlock{Type: protocol.BlockToolResult, Content: r.Content}.ResultText()
}

// Subagent is the transcript of one subagent run.
type Subagent struct {
	AgentID     string
	ToolUseID   string // the Agent tool call in the parent session that started it
	Type        string // e.g. "general-purpose"
	Description string
	Entries     []Entry
}
