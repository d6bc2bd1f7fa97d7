package protocol

// Typed inputs of the built-in tools the UI renders or edits, from the CLI's sdk-tools.d.ts
// and the tool schemas in the captured API requests. They are the one schema of a tool's
// input: renderers, dialogs and edit-before-approve all decode through DecodeToolInput.
// Optional fields are omitempty so an edited input re-encodes without invented zeros; to
// change an input without losing fields these structs do not declare, use UpdateInput.
//
// A tool added later has a file of its own (tool_notebook.go): its wire name, its typed
// input (and result, if a UI shows one) and registerToolSchema in init.

// Wire names of the built-in tools the UI renders specially. The model calls the subagent
// tool "Agent" while system/init still lists it as "Task"; both are accepted.
const (
	ToolBash            = "Bash"
	ToolWrite           = "Write"
	ToolEdit            = "Edit"
	ToolMultiEdit       = "MultiEdit" // older CLIs; 2.1.328 no longer offers it
	ToolRead            = "Read"
	ToolGlob            = "Glob"
	ToolGrep            = "Grep"
	ToolWebFetch        = "WebFetch"
	ToolWebSearch       = "WebSearch"
	ToolTodoWrite       = "TodoWrite"
	ToolAgent           = "Agent"
	ToolTask            = "Task"
	ToolExitPlanMode    = "ExitPlanMode"
	ToolAskUserQuestion = "AskUserQuestion"
)

// toolInputs maps a tool's wire name to a constructor of its typed input.
var toolInputs = map[string]func() any{
	ToolBash:            func() any { return new(BashInput) },
	ToolWrite:           func() any { return new(WriteInput) },
	ToolEdit:            func() any { return new(EditInput) },
	ToolMultiEdit:       func() any { return new(MultiEditInput) },
	ToolRead:            func() any { return new(ReadInput) },
	ToolGlob:            func() any { return new(GlobInput) },
	ToolGrep:            func() any { return new(GrepInput) },
	ToolWebFetch:        func() any { return new(WebFetchInput) },
	ToolWebSearch:       func() any { return new(WebSearchInput) },
	ToolTodoWrite:       func() any { return new(TodoWriteInput) },
	ToolAgent:           func() any { return new(AgentInput) },
	ToolTask:            func() any { return new(AgentInput) },
	ToolExitPlanMode:    func() any { return new(ExitPlanModeInput) },
	ToolAskUserQuestion: func() any { return new(AskUserQuestionInput) },
}

// BashInput is the input of Bash.
type BashInput struct {
	Command         string  `json:"command"`
	Description     string  `json:"description,omitempty"`
	TimeoutMS       float64 `json:"timeout,omitempty"` // a JSON number: 5000.0 is as valid as 5000
	RunInBackground bool    `json:"run_in_background,omitempty"`
	// DangerouslyDisableSandbox asks to run outside the sandbox; worth flagging to the user.
	DangerouslyDisableSandbox bool `json:"dangerouslyDisableSandbox,omitempty"`
}

// WriteInput is the input of Write.
type WriteInput struct {
	FilePath string `json:"file_path"`
	Content  string `json:"content"`
}

// EditInput is the input of Edit. The CLI adds "replace_all":false before asking.
type EditInput struct {
	FilePath   string `json:"file_path"`
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all,omitempty"`
}

// MultiEditInput is the input of MultiEdit: several edits of one file, applied in order.
type MultiEditInput struct {
	FilePath string      `json:"file_path"`
	Edits    []EditInput `json:"edits"` // each without FilePath
}

// ReadInput is the input of Read. Offset is the first line (1-based), Limit a line count.
type ReadInput struct {
	FilePath string `json:"file_path"`
	Offset   int    `json:"offset,omitempty"`
	Limit    int    `json:"limit,omitempty"`
	Pages    string `json:"pages,omitempty"` // PDFs: "1-5"
}

// GlobInput is the input of Glob; an empty Path means the working directory.
type GlobInput struct {
	Pattern string `json:"pattern"`
	Path    string `json:"path,omitempty"`
}

// Grep output modes.
const (
	GrepContent          = "content"
	GrepFilesWithMatches = "files_with_matches" // the default
	GrepCount            = "count"
)

// GrepInput is the input of Grep; the dash-named fields are ripgrep's flags.
type GrepInput struct {
	Pattern         string `json:"pattern"`
	Path            string `json:"path,omitempty"`
	Glob            string `json:"glob,omitempty"`
	Type            string `json:"type,omitempty"`
	OutputMode      string `json:"output_mode,omitempty"`
	Before          int    `json:"-B,omitempty"`
	After           int    `json:"-A,omitempty"`
	ContextAlias    int    `json:"-C,omitempty"`
	Context         int    `json:"context,omitempty"`
	LineNumbers     *bool  `json:"-n,omitempty"` // nil means the default, true
	CaseInsensitive bool   `json:"-i,omitempty"`
	OnlyMatching    bool   `json:"-o,omitempty"`
	HeadLimit       *int   `json:"head_limit,omitempty"` // nil means 250; 0 means unlimited
	Offset          int    `json:"offset,omitempty"`
	Multiline       bool   `json:"multiline,omitempty"`
}

// WebFetchInput is the input of WebFetch.
type WebFetchInput struct {
	URL    string `json:"url"`
	Prompt string `json:"prompt"`
}

// WebSearchInput is the input of WebSearch.
type WebSearchInput struct {
	Query          string   `json:"query"`
	AllowedDomains []string `json:"allowed_domains,omitempty"`
	BlockedDomains []string `json:"blocked_domains,omitempty"`
}

// Todo statuses.
const (
	TodoPending    = "pending"
	TodoInProgress = "in_progress"
	TodoCompleted  = "completed"
)

// Todo is one item of a TodoWrite list. ActiveForm is the present-continuous label shown
// while the item is in progress ("Running tests").
type Todo struct {
	Content    string `json:"content"`
	Status     string `json:"status"`
	ActiveForm string `json:"activeForm"`
}

// TodoWriteInput is the input of TodoWrite: the whole new list.
type TodoWriteInput struct {
	Todos []Todo `json:"todos"`
}

// AgentInput is the input of Agent (formerly Task).
type AgentInput struct {
	Description  string `json:"description"`
	Prompt       string `json:"prompt"`
	SubagentType string `json:"subagent_type,omitempty"`
	Model        string `json:"model,omitempty"`
	// RunInBackground is nil when the model left it out; the CLI's default is background.
	RunInBackground *bool  `json:"run_in_background,omitempty"`
	Name            string `json:"name,omitempty"`
	Isolation       string `json:"isolation,omitempty"` // worktree or remote
}

// Background reports whether the agent runs in the background (the default when unset).
func (in AgentInput) Background() bool { return in.RunInBackground == nil || *in.RunInBackground }

// ExitPlanModeInput is ExitPlanMode's input as can_use_tool carries it: the CLI replaces
// the model's input with the plan file's contents, so both fields are empty when the
// model did not write the plan file.
type ExitPlanModeInput struct {
	Plan         string `json:"plan"` // an edited plan is sent even when empty
	PlanFilePath string `json:"planFilePath,omitempty"`
}

// AskUserQuestionInput is the input of AskUserQuestion. The client answers by allowing the
// tool with this input plus Answers (see AnswerQuestions); allowing without answers tells
// the model the user did not answer.
type AskUserQuestionInput struct {
	Questions   []Question                    `json:"questions"`
	Answers     map[string]string             `json:"answers,omitempty"`
	Annotations map[string]QuestionAnnotation `json:"annotations,omitempty"`
}

// Question is one question with 2–4 options; the UI adds a free-text "Other" itself.
type Question struct {
	Question    string           `json:"question"`
	Header      string           `json:"header"` // a short chip label, at most 12 characters
	Options     []QuestionOption `json:"options"`
	MultiSelect bool             `json:"multiSelect"`
}

// QuestionOption is one choice. Preview, when set, is shown while the option is focused.
type QuestionOption struct {
	Label       string `json:"label"`
	Description string `json:"description"`
	Preview     string `json:"preview,omitempty"`
}

// QuestionAnnotation is what the user added to an answer, keyed by question text.
// Unanswered is set only in results: skipped, replied_in_chat or dismissed.
type QuestionAnnotation struct {
	Preview    string `json:"preview,omitempty"`
	Notes      string `json:"notes,omitempty"`
	Unanswered string `json:"unanswered,omitempty"`
}
