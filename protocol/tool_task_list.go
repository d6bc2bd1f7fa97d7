package protocol

import "encoding/json"

// The task list of CLI 2.1.3xx: TaskCreate adds a task, TaskUpdate changes one, TaskList
// reads them all (the CLI's tool schemas). TodoWrite (tool_inputs.go) is the older
// whole-list tool some models still use. ToolSearch loads deferred tools such as these.
const (
	ToolTaskCreate = "TaskCreate"
	ToolTaskUpdate = "TaskUpdate"
	ToolTaskList   = "TaskList"
	ToolToolSearch = "ToolSearch"
)

// TaskDeleted is a TaskUpdate status beside the todo statuses: the task leaves the list.
const TaskDeleted = "deleted"

// TaskCreateInput is the input of TaskCreate; every task starts pending.
type TaskCreateInput struct {
	Subject     string `json:"subject"`
	Description string `json:"description,omitempty"`
	ActiveForm  string `json:"activeForm,omitempty"`
}

// TaskCreateResult is TaskCreate's tool_use_result: the id the CLI gave the task.
type TaskCreateResult struct {
	Task struct {
		ID      string `json:"id"`
		Subject string `json:"subject"`
	} `json:"task"`
}

// TaskUpdateInput is the input of TaskUpdate: the fields set are the ones changed.
type TaskUpdateInput struct {
	TaskID      string `json:"taskId"`
	Subject     string `json:"subject,omitempty"`
	Description string `json:"description,omitempty"`
	ActiveForm  string `json:"activeForm,omitempty"`
	Status      string `json:"status,omitempty"`
}

// TaskUpdateResult is TaskUpdate's tool_use_result.
type TaskUpdateResult struct {
	Success bool   `json:"success"`
	TaskID  string `json:"taskId"`
	Error   string `json:"error,omitempty"`
}

// TaskListResult is TaskList's tool_use_result: every task with its status.
type TaskListResult struct {
	Tasks []struct {
		ID      string `json:"id"`
		Subject string `json:"subject"`
		Status  string `json:"status"`
	} `json:"tasks"`
}

// TaskListInput is TaskList's input: it takes none.
type TaskListInput struct{}

// ToolSearchInput is the input of ToolSearch; "select:A,B" loads named tools.
type ToolSearchInput struct {
	Query string `json:"query"`
}

// OnlyToolReferences reports whether a tool_result's content is nothing but
// tool_reference blocks: ToolSearch loading deferred tools, which says nothing to a user.
func (b ContentBlock) OnlyToolReferences() bool {
	var blocks []ContentBlock
	if json.Unmarshal(b.Content, &blocks) != nil || len(blocks) == 0 {
		return false
	}
	for _, c := range blocks {
		if c.Type != "tool_reference" {
			return false
		}
	}
	return true
}

func init() {
	registerToolSchema(ToolTaskCreate, func() any { return new(TaskCreateInput) }, func() any { return new(TaskCreateResult) })
	registerToolSchema(ToolTaskUpdate, func() any { return new(TaskUpdateInput) }, func() any { return new(TaskUpdateResult) })
	registerToolSchema(ToolTaskList, func() any { return new(TaskListInput) }, func() any { return new(TaskListResult) })
	registerToolSchema(ToolToolSearch, func() any { return new(ToolSearchInput) }, nil)
}
