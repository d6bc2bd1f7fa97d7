// Package fakeapi is a scripted fake of the Anthropic Messages API for the real claude
// CLI to talk to (ANTHROPIC_BASE_URL=Server.URL()). It listens on 127.0.0.1 only, uses
// the standard library only, and records every request for assertions.
//
// # Endpoints
//
//   - POST /v1/messages (the CLI adds ?beta=true): an SSE stream when the body says
//     "stream":true (message_start, ping, content_block_start/delta/stop with text_delta,
//     thinking_delta + signature_delta, input_json_delta, message_delta, message_stop),
//     otherwise one JSON message. Errors use Anthropic error bodies
//     {"type":"error","error":{"type":...,"message":...}}.
//   - POST /v1/messages/count_tokens: {"input_tokens": N}.
//   - anything else: 404 not_found_error.
//
// # Which reply a request gets
//
// A /v1/messages request that offers no tools is a side request (the set_model probe with
// max_tokens:1, title generation, ...). It gets Config.SideReply and never plays a
// scenario. A model listed in Config.NotFoundModels gets 404 not_found_error on any call.
//
// A request that offers tools is a conversation request (main thread or a subagent).
// Its reply is chosen from the request alone, so retries, fallbacks and concurrent
// subagents need no session state:
//
//  1. The prompt is the last user message that holds text which is not a
//     <system-reminder> block. Tool-result messages, role "system" messages and
//     reminder-only user messages (such as a background task's notification) are not
//     prompts. A user message that carries a tool result and typed text is a prompt.
//  2. The scenario is named by a marker "SCENARIO:<name>" in the prompt (the last one:
//     after a turn that ended in an API error the CLI merges the next prompt into the
//     failed one); without a marker, the first scenario whose Match accepts the prompt
//     without what the CLI wraps around a slash command it ran itself
//     (<local-command-caveat>, <command-name>, <command-message>, <command-args>,
//     <local-command-stdout>, <local-command-stderr>) or a `!` shell command (<bash-input>,
//     <bash-stdout>, <bash-stderr>, <bash-exit-code>): those words are not a request;
//     else Config.Default. An unknown name gets a text reply saying so.
//  3. The step is the number of assistant messages after the prompt. A new prompt
//     therefore restarts at step 0, each tool round advances by one, and the CLI's own
//     follow-up turn (after a background agent finishes) gets the next step. Past the
//     last step the reply is a text saying the script ended, so a turn always ends.
//  4. A subagent's conversation starts with the prompt the Agent tool was given, so a
//     scenario's Agent call puts "SCENARIO:<sub-scenario>" in that prompt.
//
// Faults (HTTP errors, SSE error events) are the only state: a step's Faults are spent
// attempt by attempt, where an attempt is identified by (scenario, step, number of
// messages, prompt); the CLI's retries and its non-streaming fallback repeat the same
// messages and so count as further attempts of the same step.
//
// # Placeholders
//
// Reply texts and the string values of tool inputs may use placeholders filled from
// the request: {{cwd}} (the CLI's "Primary working directory"), {{plan_file}} (the plan
// file path that plan mode's instructions name), {{prompt}}, {{tool_result}} (the
// text of the tool results in the last user message, cut to 300 runes) and
// {{tool_use_id}} (the ids of the calls those results answer, comma-separated). A value
// that cannot be found leaves its placeholder as is.
package fakeapi
