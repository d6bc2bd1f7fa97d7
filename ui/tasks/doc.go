// Package tasks shows what subagents and long shell commands are doing while
// they run, instead of minutes of silence.
//
// Store is the model: the root feeds it every stdout message (Apply) and it
// follows the CLI's task messages (task_started, task_progress,
// task_updated, task_notification, background_tasks_changed), the
// subagents' own assistant/user lines (parent_tool_use_id set) and
// tool_progress. It answers what the rest of the UI asks about tasks: how
// many run (RunningCount, for the status bar), the one-line status of an
// Agent call (StatusLine), and which subagent asks for a permission
// (DescribeAgent: a can_use_tool's agent_id is the task_id of its
// task_started).
//
// Pane is the view: a list of tasks with live elapsed times, the
// transcripts of the tasks the user opened (the transcript component's
// SubTranscript, side by side when there is room, else cycled), and a
// stop with confirmation. It draws either as a side pane (View) beside the
// main transcript on wide terminals or as a boxed overlay (Overlay) on
// narrow ones. Keys go to HandleKey, which returns an Action (StopTask,
// Close) for the root to carry out.
//
// Times come from an injectable clock so screens are reproducible.
package tasks
