// Package sessionfiles reads the session files the claude CLI keeps, so gclaude can
// offer a resume picker and show a resumed conversation: the CLI replays nothing on
// stdout when it resumes.
//
// # Where
//
// The CLI (2.1.328) writes each session to
// <home>/.claude/projects/<ProjectKey(cwd)>/<session id>.jsonl, and a subagent's
// transcript to <session id>/subagents/agent-<agent id>.jsonl beside it, with an
// agent-<agent id>.meta.json naming the Agent tool call that started it. --resume
// appends to the same file under the same id; --fork-session copies the
// conversation (and the title) into a new file under a new id; --continue takes the
// newest session of the folder.
//
// # What
//
// One JSON object per line. Entry types seen: user, assistant, system
// (compact_boundary, local_command), attachment (environment, model, date,
// skill_listing, prompt_snapshot, …), queue-operation, api-request,
// api-request-shape, api-request-blob, tools-used, last-prompt, cost-state, mode,
// atis-latch, custom-title and agent-name (both written by rename_session), and in
// older or other files ai-title, summary and tag. Only user, assistant and system
// lines make up the conversation; everything else is skipped, including types this
// package has never seen.
//
// Lines with a uuid form a tree through parentUuid (a compaction boundary links
// back by logicalParentUuid). The conversation is the path from the newest user or
// assistant line to the root, plus the results of parallel tool calls, which hang
// off their own tool_use line. User lines also carry what the user did not type:
// isMeta lines, the compaction summary (isCompactSummary), tool results, slash
// commands and their output in <command-name>/<local-command-stdout> tags, and
// system reminders.
package sessionfiles
