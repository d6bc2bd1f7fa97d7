package sessionfiles

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// loadSubagents reads the subagent transcripts the CLI keeps next to a session
// file, in <session>/subagents/ (possibly nested deeper): agent-<id>.jsonl with an
// agent-<id>.meta.json that names the Agent tool call that started it. A subagent
// without metadata is matched to its call by the agentId of the call's result.
func loadSubagents(sessionDir string, entries []Entry) (map[string]*Subagent, []string) {
	root := filepath.Join(sessionDir, "subagents")
	if _, err := os.Stat(root); err != nil {
		return nil, nil
	}
	byAgent := agentCalls(entries)
	subs := map[string]*Subagent{}
	var warnings []string
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		name := d.Name()
		if err != nil || d.IsDir() || !strings.HasPrefix(name, "agent-") || !strings.HasSuffix(name, ".jsonl") {
			return nil
		}
		agentID := strings.TrimSuffix(strings.TrimPrefix(name, "agent-"), ".jsonl")
		sub := &Subagent{AgentID: agentID}
		readAgentMeta(strings.TrimSuffix(path, ".jsonl")+".meta.json", sub)
		if sub.ToolUseID == "" {
			sub.ToolUseID = byAgent[agentID]
		}
		t, err := readTranscript(path, true)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("subagent %s: %v", agentID, err))
			return nil
		}
		for _, w := range t.warnings {
			warnings = append(warnings, fmt.Sprintf("subagent %s: %s", agentID, w))
		}
		sub.Entries = t.entries
		if sub.ToolUseID == "" {
			warnings = append(warnings, fmt.Sprintf("subagent %s: no tool call of the session started it; skipped", agentID))
			return nil
		}
		subs[sub.ToolUseID] = sub
		return nil
	})
	return subs, warnings
}

func readAgentMeta(path string, sub *Subagent) {
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	var meta struct {
		AgentType   string `json:"agentType"`
		Description string `json:"description"`
		ToolUseID   string `json:"toolUseId"`
	}
	if json.Unmarshal(data, &meta) == nil {
		sub.Type, sub.Description, sub.ToolUseID = meta.AgentType, meta.Description, meta.ToolUseID
	}
}

// agentCalls maps the agentId in tool results (Agent/Task calls) to the tool call id.
func agentCalls(entries []Entry) map[string]string {
	out := map[string]string{}
	for _, e := range entries {
		if e.Tool == nil || e.Tool.Result == nil || len(e.Tool.Result.Structured) == 0 {
			continue
		}
		var r struct {
			AgentID string `json:"agentId"`
		}
		if json.Unmarshal(e.Tool.Result.Structured, &r) == nil && r.AgentID != "" {
			out[r.AgentID] = e.Tool.ID
		}
	}
	return out
}
