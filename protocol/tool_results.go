package protocol

import (
	"encoding/json"
	"strings"
)

// Typed tool_use_result values of the built-in tools (see DecodeToolUseResult). Shapes are
// from the CLI's sdk-tools.d.ts and the captures; only fields a UI shows are declared.

// Hunk is one hunk of a structuredPatch. Lines keep their diff prefix: ' ', '-' or '+'.
type Hunk struct {
	OldStart int      `json:"oldStart"`
	OldLines int      `json:"oldLines"`
	NewStart int      `json:"newStart"`
	NewLines int      `json:"newLines"`
	Lines    []string `json:"lines"`
}

// GitDiff is sent with Write and Edit results when the file is in a git repository.
type GitDiff struct {
	Filename  string `json:"filename"`
	Status    string `json:"status"` // modified or added
	Additions int    `json:"additions"`
	Deletions int    `json:"deletions"`
	Changes   int    `json:"changes"`
	Patch     string `json:"patch"`
}

// BashResult is Bash's result. A command left running in the background has
// BackgroundTaskID set and its output arrives later through task messages.
type BashResult struct {
	Stdout                   string `json:"stdout"`
	Stderr                   string `json:"stderr"`
	Interrupted              bool   `json:"interrupted"`
	IsImage                  bool   `json:"isImage,omitempty"`
	NoOutputExpected         bool   `json:"noOutputExpected,omitempty"`
	ReturnCodeInterpretation string `json:"returnCodeInterpretation,omitempty"`
	BackgroundTaskID         string `json:"backgroundTaskId,omitempty"`
	BackgroundedByUser       bool   `json:"backgroundedByUser,omitempty"`
	TimedOutAfterMS          int    `json:"timedOutAfterMs,omitempty"`
	// PersistedOutputPath holds the full output when it was too large to inline.
	PersistedOutputPath string `json:"persistedOutputPath,omitempty"`
	PersistedOutputSize int64  `json:"persistedOutputSize,omitempty"`
}

// Write result types.
const (
	WriteCreate = "create"
	WriteUpdate = "update"
)

// WriteResult is Write's result. A new file has Type "create", an empty StructuredPatch
// and a nil OriginalFile; OriginalFile is also nil when the old content was too large.
type WriteResult struct {
	Type            string   `json:"type"`
	FilePath        string   `json:"filePath"`
	Content         string   `json:"content"`
	StructuredPatch []Hunk   `json:"structuredPatch"`
	OriginalFile    *string  `json:"originalFile"`
	UserModified    bool     `json:"userModified,omitempty"`
	GitDiff         *GitDiff `json:"gitDiff,omitempty"`
}

// EditResult is Edit's result.
type EditResult struct {
	FilePath        string   `json:"filePath"`
	OldString       string   `json:"oldString"`
	NewString       string   `json:"newString"`
	OriginalFile    *string  `json:"originalFile"`
	StructuredPatch []Hunk   `json:"structuredPatch"`
	UserModified    bool     `json:"userModified"`
	ReplaceAll      bool     `json:"replaceAll"`
	GitDiff         *GitDiff `json:"gitDiff,omitempty"`
}

// Read result types.
const (
	ReadText     = "text"
	ReadImage    = "image"
	ReadNotebook = "notebook"
	ReadPDF      = "pdf"
	ReadParts    = "parts" // PDF pages extracted as images
)

// ReadResult is Read's result; which File fields are set depends on Type.
type ReadResult struct {
	Type string   `json:"type"`
	File ReadFile `json:"file"`
}

// ReadFile is the file part of a ReadResult. Content is the raw text, without the line
// numbers the model sees.
type ReadFile struct {
	FilePath string `json:"filePath,omitempty"`

	// text
	Content             string `json:"content,omitempty"`
	NumLines            int    `json:"numLines,omitempty"`
	StartLine           int    `json:"startLine,omitempty"`
	TotalLines          int    `json:"totalLines,omitempty"`
	TruncatedByTokenCap bool   `json:"truncatedByTokenCap,omitempty"`

	// image, pdf
	Base64       string `json:"base64,omitempty"`
	MIMEType     string `json:"type,omitempty"` // image only
	OriginalSize int64  `json:"originalSize,omitempty"`

	// notebook
	Cells []json.RawMessage `json:"cells,omitempty"`

	// parts
	Count     int    `json:"count,omitempty"`
	OutputDir string `json:"outputDir,omitempty"`
}

// GlobResult is Glob's result.
type GlobResult struct {
	Filenames  []string `json:"filenames"`
	NumFiles   int      `json:"numFiles"`
	Truncated  bool     `json:"truncated"`
	DurationMS int      `json:"durationMs"`
	TimedOut   bool     `json:"timedOut,omitempty"`
}

// GrepResult is Grep's result: Filenames for files_with_matches, Content for content and
// count modes.
type GrepResult struct {
	Mode       string   `json:"mode,omitempty"`
	NumFiles   int      `json:"numFiles"`
	Filenames  []string `json:"filenames"`
	Content    string   `json:"content,omitempty"`
	NumLines   int      `json:"numLines,omitempty"`
	NumMatches int      `json:"numMatches,omitempty"`
	TimedOut   bool     `json:"timedOut,omitempty"`
}

// TodoWriteResult is TodoWrite's result: the list before and after.
type TodoWriteResult struct {
	OldTodos []Todo `json:"oldTodos"`
	NewTodos []Todo `json:"newTodos"`
}

// WebFetchResult is WebFetch's result; Result is the prompt's answer about the page.
type WebFetchResult struct {
	URL        string `json:"url"`
	Code       int    `json:"code"`
	CodeText   string `json:"codeText"`
	Bytes      int64  `json:"bytes"`
	DurationMS int    `json:"durationMs"`
	Result     string `json:"result"`
}

// WebSearchResult is WebSearch's result. Each of Results is either a block of hits
// ({"tool_use_id":…,"content":[{"title","url"}]}) or a string of the model's commentary.
type WebSearchResult struct {
	Query           string            `json:"query"`
	Results         []json.RawMessage `json:"results"`
	DurationSeconds float64           `json:"durationSeconds"`
}

// WebSearchLink is one hit of a web search.
type WebSearchLink struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// Links are the result's hits in order; commentary strings are skipped.
func (r *WebSearchResult) Links() []WebSearchLink {
	var out []WebSearchLink
	for _, raw := range r.Results {
		var hits struct {
			Content []WebSearchLink `json:"content"`
		}
		if json.Unmarshal(raw, &hits) == nil {
			out = append(out, hits.Content...)
		}
	}
	return out
}

// ExitPlanModeResult is ExitPlanMode's result after approval. Plan is nil when there was
// no plan file.
type ExitPlanModeResult struct {
	Plan          *string `json:"plan"`
	IsAgent       bool    `json:"isAgent"`
	FilePath      string  `json:"filePath,omitempty"`
	PlanWasEdited bool    `json:"planWasEdited,omitempty"`
}

// AskUserQuestionResult is AskUserQuestion's result. Answers maps question text to the
// chosen label; a multi-select answer is the labels joined with ", ".
type AskUserQuestionResult struct {
	Questions   []Question                    `json:"questions"`
	Answers     map[string]string             `json:"answers"`
	Annotations map[string]QuestionAnnotation `json:"annotations,omitempty"`
}

// Agent result statuses.
const (
	AgentCompleted      = "completed"
	AgentAsyncLaunched  = "async_launched" // backgrounded: the report comes as a task_notification
	AgentRemoteLaunched = "remote_launched"
)

// AgentResult is the Agent tool's result: a finished foreground subagent (Status
// "completed", with Content and totals) or a launch notice (OutputFile set).
type AgentResult struct {
	Status        string `json:"status"`
	AgentID       string `json:"agentId,omitempty"`
	AgentType     string `json:"agentType,omitempty"`
	Description   string `json:"description,omitempty"`
	Prompt        string `json:"prompt"`
	ResolvedModel string `json:"resolvedModel,omitempty"`

	// completed
	Content           []ContentBlock  `json:"content,omitempty"` // the subagent's final text
	ToolsUsed         []string        `json:"toolsUsed,omitempty"`
	TotalDurationMS   int64           `json:"totalDurationMs,omitempty"`
	TotalTokens       int             `json:"totalTokens,omitempty"`
	TotalToolUseCount int             `json:"totalToolUseCount,omitempty"`
	ToolStats         *AgentToolStats `json:"toolStats,omitempty"`

	// async_launched, remote_launched
	IsAsync    bool   `json:"isAsync,omitempty"`
	OutputFile string `json:"outputFile,omitempty"`
	TaskID     string `json:"taskId,omitempty"`
	SessionURL string `json:"sessionUrl,omitempty"`
}

// Text joins the text blocks of a completed subagent's report.
func (r *AgentResult) Text() string {
	var parts []string
	for _, b := range r.Content {
		if b.Type == BlockText {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// AgentToolStats counts what a subagent did.
type AgentToolStats struct {
	ReadCount      int `json:"readCount"`
	SearchCount    int `json:"searchCount"`
	BashCount      int `json:"bashCount"`
	EditFileCount  int `json:"editFileCount"`
	LinesAdded     int `json:"linesAdded"`
	LinesRemoved   int `json:"linesRemoved"`
	OtherToolCount int `json:"otherToolCount"`
}
