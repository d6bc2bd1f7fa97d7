package themes

import (
	"charm.land/glamour/v2/ansi"
	"charm.land/lipgloss/v2"
)

// Styles is every lipgloss style the app uses, built from one Palette.
// Build it once with New and pass the pointer around; never mutate it
// after construction (renderers cache by its address).
type Styles struct {
	Kind    Kind
	Palette Palette
	Icons   Icons

	Text    lipgloss.Style // body text
	Muted   lipgloss.Style // secondary text
	Subtle  lipgloss.Style // hints, separators
	Accent  lipgloss.Style // primary colour, bold
	Bold    lipgloss.Style
	Italic  lipgloss.Style
	Link    lipgloss.Style
	Rule    lipgloss.Style // horizontal separators
	Spinner lipgloss.Style

	Transcript TranscriptStyles
	Tool       ToolStyles
	Notice     NoticeStyles
	Diff       DiffStyles
	Status     StatusStyles
	Help       HelpStyles
	Dialog     DialogStyles
	Input      InputStyles
	Search     SearchStyles
	Selection  lipgloss.Style // selected line or item

	// Markdown is the glamour style derived from the palette. It has no
	// document margin, no document colour and no background fills, so
	// rendered markdown is not padded with styled spaces.
	Markdown ansi.StyleConfig
}

// Icons are the glyphs shown in the transcript.
type Icons struct {
	UserPrompt    string // before a user prompt
	Assistant     string // before an assistant message
	Thinking      string // "∴ Thought for 3s"
	Pending       string // tool input still streaming
	Waiting       string // tool waiting for permission
	Done          string
	Failed        string
	Denied        string
	Interrupted   string
	Connector     string // joins a tool header to its body
	Info          string
	Warning       string
	Error         string
	Retry         string
	TodoPending   string
	TodoActive    string
	TodoDone      string
	Ellipsis      string
	ArrowRight    string
	SelectCursor  string // marks the highlighted choice in a dialog
	CheckboxOn    string
	CheckboxOff   string
	Bullet        string
	StatusDivider string
}

// TranscriptStyles style conversation blocks other than tool calls.
type TranscriptStyles struct {
	UserPromptIcon lipgloss.Style // the marker before a user prompt
	UserPrompt     lipgloss.Style // the user's text
	AssistantIcon  lipgloss.Style
	Assistant      lipgloss.Style // assistant text shown without markdown
	ThinkingHeader lipgloss.Style // "∴ Thought for 3s"
	ThinkingBody   lipgloss.Style // expanded thinking text
	Footer         lipgloss.Style // per-turn footer: duration, cost, tokens
	FooterError    lipgloss.Style
	Interrupted    lipgloss.Style // "Interrupted by user"
}

// ToolStyles style tool-call blocks.
type ToolStyles struct {
	Name       lipgloss.Style // tool name in the header
	Arg        lipgloss.Style // the key argument (command, path, pattern)
	Detail     lipgloss.Style // extra header info: line range, counts
	Elapsed    lipgloss.Style
	Connector  lipgloss.Style // "⎿" before the body
	Body       lipgloss.Style // tool output
	Error      lipgloss.Style // error text
	Truncated  lipgloss.Style // "… N more lines"
	Label      lipgloss.Style // "Q:" / "server" labels
	Answer     lipgloss.Style
	MCPServer  lipgloss.Style
	TaskStatus lipgloss.Style // caller-supplied Agent/Task status line

	IconPending     lipgloss.Style
	IconRunning     lipgloss.Style
	IconWaiting     lipgloss.Style
	IconDone        lipgloss.Style
	IconFailed      lipgloss.Style
	IconDenied      lipgloss.Style
	IconInterrupted lipgloss.Style

	TodoPending lipgloss.Style
	TodoActive  lipgloss.Style
	TodoDone    lipgloss.Style
}

// NoticeStyles style system notices by level.
type NoticeStyles struct {
	InfoIcon    lipgloss.Style
	Info        lipgloss.Style
	WarningIcon lipgloss.Style
	Warning     lipgloss.Style
	ErrorIcon   lipgloss.Style
	Error       lipgloss.Style
}

// DiffStyles style unified diffs.
type DiffStyles struct {
	Path             lipgloss.Style // file path in the header
	Added            lipgloss.Style // "+N" in the header
	Removed          lipgloss.Style // "−M" in the header
	Hunk             lipgloss.Style // "@@ … @@" / "⋮" separator between hunks
	LineNumber       lipgloss.Style // gutter of context lines
	LineNumberAdd    lipgloss.Style // gutter of added lines
	LineNumberRemove lipgloss.Style // gutter of removed lines
	Context          lipgloss.Style // unchanged line
	Add              lipgloss.Style // added line (background fills the width)
	Remove           lipgloss.Style // removed line (background fills the width)
	NoNewline        lipgloss.Style // "\ No newline at end of file"
	AddChanged       lipgloss.Style // within an added line, the part that changed
	RemoveChanged    lipgloss.Style // within a removed line, the part that changed
}

// StatusStyles style the status bar.
type StatusStyles struct {
	Bar     lipgloss.Style // the whole bar
	Segment lipgloss.Style // a plain segment
	Accent  lipgloss.Style // the highlighted segment (mode, model)
	Key     lipgloss.Style // label in "label value"
	Value   lipgloss.Style
	Divider lipgloss.Style
	Error   lipgloss.Style
	Warning lipgloss.Style
	Success lipgloss.Style
}

// HelpStyles style the key help line and the full help overlay.
type HelpStyles struct {
	Key       lipgloss.Style
	Desc      lipgloss.Style
	Separator lipgloss.Style
	Title     lipgloss.Style
}

// DialogStyles style modal dialogs (permissions, questions, pickers).
type DialogStyles struct {
	Box            lipgloss.Style // rounded border and padding
	BoxDanger      lipgloss.Style // border for risky approvals
	Title          lipgloss.Style
	Body           lipgloss.Style
	Hint           lipgloss.Style // key hints at the bottom
	Button         lipgloss.Style
	ButtonFocused  lipgloss.Style
	Choice         lipgloss.Style
	ChoiceSelected lipgloss.Style // the choice under the cursor
	ChoiceCursor   lipgloss.Style
	Description    lipgloss.Style // description under a choice
}

// InputStyles style the prompt editor.
type InputStyles struct {
	Prompt        lipgloss.Style // "❯"
	Placeholder   lipgloss.Style
	Border        lipgloss.Style
	BorderFocused lipgloss.Style
}

// SearchStyles highlight transcript search hits.
type SearchStyles struct {
	Match   lipgloss.Style
	Current lipgloss.Style
}
