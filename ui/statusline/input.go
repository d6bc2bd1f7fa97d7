package statusline

import (
	"encoding/json"
	"math"
)

// Facts are what gclaude knows of the session, the status line's input. The root
// gathers them after every change; a run is due when they differ from the last ones.
type Facts struct {
	SessionID      string
	TranscriptPath string // the CLI's session file of this conversation
	CWD            string
	ProjectDir     string // the folder gclaude was started in
	Model          string // the model id
	ModelName      string // its display name (initialize's model list), else the id
	Version        string // the CLI's version
	OutputStyle    string
	PermissionMode string
	CostUSD        float64
	APIDurationMS  int64 // summed over the turns' results
	ContextTokens  int   // what the last call used
	ContextWindow  int
	Columns        int // a resize changes what fits
}

// input is the JSON Claude Code writes to the command's stdin (its fields in CLI
// 2.1.3xx). Fields gclaude cannot know are left out or zero: see the README.
type input struct {
	SessionID      string         `json:"session_id"`
	TranscriptPath string         `json:"transcript_path"`
	CWD            string         `json:"cwd"`
	PermissionMode string         `json:"permission_mode,omitempty"`
	Model          inputModel     `json:"model"`
	Workspace      inputWorkspace `json:"workspace"`
	Version        string         `json:"version"`
	OutputStyle    struct {
		Name string `json:"name"`
	} `json:"output_style"`
	Cost              inputCost    `json:"cost"`
	ContextWindow     inputContext `json:"context_window"`
	Exceeds200kTokens bool         `json:"exceeds_200k_tokens"`
}

type inputModel struct {
	ID          string `json:"id"`
	DisplayName string `json:"display_name"`
}

type inputWorkspace struct {
	CurrentDir string   `json:"current_dir"`
	ProjectDir string   `json:"project_dir"`
	AddedDirs  []string `json:"added_dirs"`
}

type inputCost struct {
	TotalCostUSD       float64 `json:"total_cost_usd"`
	TotalDurationMS    int64   `json:"total_duration_ms"`
	TotalAPIDurationMS int64   `json:"total_api_duration_ms"`
	TotalLinesAdded    int     `json:"total_lines_added"`
	TotalLinesRemoved  int     `json:"total_lines_removed"`
}

type inputContext struct {
	TotalInputTokens    int      `json:"total_input_tokens"`
	TotalOutputTokens   int      `json:"total_output_tokens"`
	ContextWindowSize   int      `json:"context_window_size"`
	CurrentUsage        any      `json:"current_usage"` // the last call's usage; gclaude keeps only its sum
	UsedPercentage      *float64 `json:"used_percentage"`
	RemainingPercentage *float64 `json:"remaining_percentage"`
}

// Input is the JSON for the command's stdin; durationMS is how long the session has run.
func Input(f Facts, durationMS int64) []byte {
	in := input{
		SessionID:      f.SessionID,
		TranscriptPath: f.TranscriptPath,
		CWD:            f.CWD,
		PermissionMode: f.PermissionMode,
		Model:          inputModel{ID: f.Model, DisplayName: f.ModelName},
		Workspace:      inputWorkspace{CurrentDir: f.CWD, ProjectDir: f.ProjectDir, AddedDirs: []string{}},
		Version:        f.Version,
		Cost: inputCost{
			TotalCostUSD:       f.CostUSD,
			TotalDurationMS:    durationMS,
			TotalAPIDurationMS: f.APIDurationMS,
		},
		ContextWindow: inputContext{
			TotalInputTokens:  f.ContextTokens,
			ContextWindowSize: f.ContextWindow,
		},
		Exceeds200kTokens: f.ContextTokens > 200_000,
	}
	if in.Model.DisplayName == "" {
		in.Model.DisplayName = f.Model
	}
	in.OutputStyle.Name = f.OutputStyle
	if in.OutputStyle.Name == "" {
		in.OutputStyle.Name = "default"
	}
	if f.ContextWindow > 0 && f.ContextTokens > 0 {
		used := min(100, math.Round(100*float64(f.ContextTokens)/float64(f.ContextWindow)))
		left := 100 - used
		in.ContextWindow.UsedPercentage, in.ContextWindow.RemainingPercentage = &used, &left
	}
	b, err := json.Marshal(in)
	if err != nil { // only plain strings and numbers: cannot happen
		return []byte("{}")
	}
	return append(b, '\n')
}
