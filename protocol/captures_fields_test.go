package protocol

import (
	"bytes"
	"encoding/json"
	"github.com/gclaude/gclaude/internal/clirig"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// anyValue as a fieldCheck's want means: only compare typed and raw, whatever the value.
type anyValueT struct{}

var anyValue = anyValueT{}

// fieldCheck picks the first line of a capture that contains every string of find, and
// checks that a typed field equals the raw JSON at path (and, unless want is anyValue,
// that the raw JSON holds want, so the case cannot pass on a missing field).
type fieldCheck struct {
	file string
	find []string
	path string
	want any
	got  func(Message) any
}

func TestCaptureFields(t *testing.T) {
	cases := []fieldCheck{
		// result
		{"exp01_text.jsonl", []string{`"type":"result"`}, "total_cost_usd", 0.00016800000000000002, func(m Message) any { return m.(*Result).TotalCostUSD }},
		{"exp01_text.jsonl", []string{`"type":"result"`}, "usage.input_tokens", 12.0, func(m Message) any { return m.(*Result).Usage.InputTokens }},
		{"exp01_text.jsonl", []string{`"type":"result"`}, "modelUsage.claude-opus-5-5.costUSD", 0.00016800000000000002, func(m Message) any { return m.(*Result).ModelUsage["claude-opus-5-5"].CostUSD }},
		{"exp01_text.jsonl", []string{`"type":"result"`}, "terminal_reason", "completed", func(m Message) any { return m.(*Result).TerminalReason }},
		// The running total: the first turn cost 0.000168.
		{"exp01b_partial.jsonl", []string{`"type":"result"`, `"result_index":1`}, "total_cost_usd", 0.000536, func(m Message) any { return m.(*Result).TotalCostUSD }},
		{"exp08f_http_err429.jsonl", []string{`"type":"result"`}, "subtype", "success", func(m Message) any { return m.(*Result).Subtype }},
		{"exp08f_http_err429.jsonl", []string{`"type":"result"`}, "is_error", true, func(m Message) any { return m.(*Result).IsError }},
		{"exp08f_http_err429.jsonl", []string{`"type":"result"`}, "api_error_status", 429.0, func(m Message) any { return m.(*Result).APIErrorStatus }},
		{"exp08f_http_err429.jsonl", []string{`"type":"result"`}, "api_error_type", "rate_limit_error", func(m Message) any { return m.(*Result).APIErrorType }},
		{"exp08f_http_err429.jsonl", []string{`"type":"result"`}, "result", anyValue, func(m Message) any { return m.(*Result).ErrorText() }},
		{"exp08e_closed_port.jsonl", []string{`"type":"result"`}, "api_error", "connection_failed", func(m Message) any { return m.(*Result).APIError }},
		{"exp08e_closed_port.jsonl", []string{`"type":"result"`}, "api_error_status", nil, func(m Message) any { return m.(*Result).APIErrorStatus }},
		{"exp06b_interrupt.jsonl", []string{`"type":"result"`, `aborted_streaming`}, "errors", anyValue, func(m Message) any { return m.(*Result).Errors }},
		{"exp06b_interrupt.jsonl", []string{`"type":"result"`, `aborted_streaming`}, "subtype", "error_during_execution", func(m Message) any { return m.(*Result).Subtype }},
		{"exp02e_perm_deny_interrupt.jsonl", []string{`"type":"result"`}, "terminal_reason", "aborted_tools", func(m Message) any { return m.(*Result).TerminalReason }},
		{"exp02b_perm_deny.jsonl", []string{`"type":"result"`}, "permission_denials", anyValue, func(m Message) any { return m.(*Result).PermissionDenials }},
		{"exp09a_multiturn_replay.jsonl", []string{`"type":"result"`, `"user_message_uuids"`}, "user_message_uuids", anyValue, func(m Message) any { return m.(*Result).UserMessageUUIDs }},
		{"exp09f_resume_unknown_id.jsonl", []string{`"type":"result"`}, "errors.0", anyValue, func(m Message) any { return m.(*Result).ErrorText() }},

		// assistant
		{"exp08f_http_err429.jsonl", []string{`"type":"assistant"`}, "error", "rate_limit", func(m Message) any { return m.(*Assistant).Error }},
		{"exp08f_http_err429.jsonl", []string{`"type":"assistant"`}, "is_api_error_message", true, func(m Message) any { return m.(*Assistant).IsAPIErrorMessage }},
		{"exp08f_http_err429.jsonl", []string{`"type":"assistant"`}, "api_error_status", 429.0, func(m Message) any { return m.(*Assistant).APIErrorStatus }},
		{"exp08f_http_err429.jsonl", []string{`"type":"assistant"`}, "message.model", "<synthetic>", func(m Message) any { return m.(*Assistant).Message.Model }},
		{"exp06b_interrupt.jsonl", []string{`"type":"assistant"`, `"aborted":true`}, "aborted", true, func(m Message) any { return m.(*Assistant).Aborted }},
		{"exp01b_partial.jsonl", []string{`"type":"assistant"`, `"thinking_duration_ms"`}, "message.content.0.signature", anyValue, func(m Message) any { return m.(*Assistant).Message.Content[0].Signature }},
		{"exp01b_partial.jsonl", []string{`"type":"assistant"`, `"thinking_duration_ms"`}, "thinking_display", anyValue, func(m Message) any { return m.(*Assistant).ThinkingDisplay }},
		{"exp02a_perm_allow.jsonl", []string{`"type":"assistant"`, `"tool_use"`}, "message.content.0.input", anyValue, func(m Message) any { return m.(*Assistant).Message.Content[0].Input }},
		{"exp02a_perm_allow.jsonl", []string{`"type":"assistant"`, `"tool_use"`}, "request_id", "req_fake001", func(m Message) any { return m.(*Assistant).RequestID }},
		{"exp07a_task_subagent.jsonl", []string{`"type":"assistant"`, `"agent_id"`}, "agent_id", anyValue, func(m Message) any { return m.(*Assistant).AgentID }},
		{"exp07a_task_subagent.jsonl", []string{`"type":"assistant"`, `"agent_id"`}, "parent_tool_use_id", "toolu_fake001", func(m Message) any { return m.(*Assistant).Parent() }},

		// user
		{"exp02a_perm_allow.jsonl", []string{`"type":"user"`, `"tool_use_result"`}, "tool_use_result", anyValue, func(m Message) any { return m.(*User).ToolUseResult }},
		{"exp02a_perm_allow.jsonl", []string{`"type":"user"`, `"tool_use_result"`}, "tool_result_meta.0.permission_decision.source", "user_temporary", func(m Message) any { return m.(*User).ToolResultMeta[0].PermissionDecision.Source }},
		{"exp02b_perm_deny.jsonl", []string{`"type":"user"`, `"tool_use_result"`}, "tool_result_meta.0.non_execution_kind", "permission-rule", func(m Message) any { return m.(*User).ToolResultMeta[0].NonExecutionKind }},
		{"exp02b_perm_deny.jsonl", []string{`"type":"user"`, `"tool_use_result"`}, "message.content.0.is_error", true, func(m Message) any { return m.(*User).Message.Blocks()[0].IsError }},
		{"exp09a_multiturn_replay.jsonl", []string{`"type":"user"`, `"isReplay":true`}, "isReplay", true, func(m Message) any { return m.(*User).IsReplay }},
		{"exp09a_multiturn_replay.jsonl", []string{`"type":"user"`, `"isReplay":true`}, "message.content", "First. SCENARIO:text", func(m Message) any { return m.(*User).Message.Text() }},
		{"exp07a_task_subagent.jsonl", []string{`"type":"user"`, `"agent_id"`}, "parent_tool_use_id", "toolu_fake001", func(m Message) any { return m.(*User).Parent() }},
		{"exp06b_interrupt.jsonl", []string{`"type":"user"`, `[Request interrupted by user]`}, "message.content.0.text", InterruptMarker, func(m Message) any {
			u := m.(*User)
			if !u.IsInterruptMarker() {
				return "not an interrupt marker"
			}
			return u.Message.Text()
		}},

		// stream_event
		{"exp01b_partial.jsonl", []string{`"message_start"`}, "event.message.id", "msg_fake001", func(m Message) any { return m.(*StreamEvent).Event.Message.ID }},
		{"exp01b_partial.jsonl", []string{`"message_start"`}, "ttft_ms", anyValue, func(m Message) any { return m.(*StreamEvent).TTFTMS }},
		{"exp01b_partial.jsonl", []string{`"message_start"`}, "api_message_id", "msg_fake001", func(m Message) any { return m.(*StreamEvent).APIMessageID }},
		{"exp01b_partial.jsonl", []string{`"content_block_start"`}, "event.content_block.type", "text", func(m Message) any { return m.(*StreamEvent).Event.ContentBlock.Type }},
		{"exp01b_partial.jsonl", []string{`"text_delta"`}, "event.delta.text", anyValue, func(m Message) any { return m.(*StreamEvent).Event.Delta.Text }},
		{"exp01b_partial.jsonl", []string{`"thinking_delta"`}, "event.delta.thinking", anyValue, func(m Message) any { return m.(*StreamEvent).Event.Delta.Thinking }},
		{"exp01b_partial.jsonl", []string{`"signature_delta"`}, "event.delta.signature", anyValue, func(m Message) any { return m.(*StreamEvent).Event.Delta.Signature }},
		{"exp01b_partial.jsonl", []string{`"thinking_delta"`}, "event.index", 0.0, func(m Message) any { return m.(*StreamEvent).Event.Index }},
		{"exp07b_task_subagent_partial.jsonl", []string{`"input_json_delta"`}, "event.delta.partial_json", anyValue, func(m Message) any { return m.(*StreamEvent).Event.Delta.PartialJSON }},
		{"exp01b_partial.jsonl", []string{`"message_delta"`}, "event.delta.stop_reason", "end_turn", func(m Message) any { return m.(*StreamEvent).Event.Delta.StopReason }},
		{"exp01b_partial.jsonl", []string{`"message_delta"`}, "event.usage.output_tokens", anyValue, func(m Message) any { return m.(*StreamEvent).Event.Usage.OutputTokens }},
		{"exp06b_interrupt.jsonl", []string{`"abandoned_blocks"`}, "abandoned_blocks.from_block_index", 1.0, func(m Message) any { return m.(*StreamEvent).AbandonedBlocks.FromBlockIndex }},
		{"exp06b_interrupt.jsonl", []string{`"abandoned_blocks"`}, "abandoned_blocks.api_message_id", anyValue, func(m Message) any { return m.(*StreamEvent).AbandonedBlocks.APIMessageID }},

		// system
		{"exp01_text.jsonl", []string{`"subtype":"init"`}, "model", "claude-opus-5-5", func(m Message) any { return m.(*SystemInit).Model }},
		{"exp01_text.jsonl", []string{`"subtype":"init"`}, "session_id", anyValue, func(m Message) any { return m.(*SystemInit).SessionID }},
		{"exp01_text.jsonl", []string{`"subtype":"init"`}, "permissionMode", "default", func(m Message) any { return m.(*SystemInit).PermissionMode }},
		{"exp01_text.jsonl", []string{`"subtype":"init"`}, "tools", anyValue, func(m Message) any { return m.(*SystemInit).Tools }},
		{"exp01_text.jsonl", []string{`"subtype":"init"`}, "capabilities", anyValue, func(m Message) any { return m.(*SystemInit).Capabilities }},
		{"exp01_text.jsonl", []string{`"subtype":"init"`}, "claude_code_version", clirig.PinnedVersion, func(m Message) any { return m.(*SystemInit).ClaudeCodeVersion }},
		{"exp01b_partial.jsonl", []string{`"subtype":"status"`}, "status", StatusRequesting, func(m Message) any { return m.(*SystemStatus).Status }},
		{"exp02c_perm_always.jsonl", []string{`"subtype":"status"`}, "status", nil, func(m Message) any { return m.(*SystemStatus).Status }},
		{"exp02c_perm_always.jsonl", []string{`"subtype":"status"`}, "permissionMode", "acceptEdits", func(m Message) any { return m.(*SystemStatus).PermissionMode }},
		{"exp08f_http_err500.jsonl", []string{`"api_retry"`}, "error_status", 500.0, func(m Message) any { return m.(*APIRetry).ErrorStatus }},
		// The recording's CLAUDE_CODE_MAX_RETRIES.
		{"exp08f_http_err500.jsonl", []string{`"api_retry"`}, "max_retries", 3.0, func(m Message) any { return m.(*APIRetry).MaxRetries }},
		{"exp08f_http_err500.jsonl", []string{`"api_retry"`}, "retry_delay_ms", anyValue, func(m Message) any { return m.(*APIRetry).RetryDelayMS }},
		{"exp08e_closed_port.jsonl", []string{`"api_retry"`}, "error_status", nil, func(m Message) any { return m.(*APIRetry).ErrorStatus }},
		{"exp08e_closed_port.jsonl", []string{`"api_retry"`}, "error", "unknown", func(m Message) any { return m.(*APIRetry).Error }},
		{"exp01b_partial.jsonl", []string{`"subtype":"thinking_tokens"`}, "estimated_tokens", anyValue, func(m Message) any { return m.(*ThinkingTokens).EstimatedTokens }},
		{"exp07a_task_subagent.jsonl", []string{`"task_started"`}, "task_id", anyValue, func(m Message) any { return m.(*TaskStarted).TaskID }},
		{"exp07a_task_subagent.jsonl", []string{`"task_started"`}, "run_id", anyValue, func(m Message) any { return m.(*TaskStarted).RunID }},
		{"exp07a_task_subagent.jsonl", []string{`"task_started"`}, "tool_use_id", "toolu_fake001", func(m Message) any { return m.(*TaskStarted).ToolUseID }},
		{"exp07a_task_subagent.jsonl", []string{`"task_started"`}, "task_type", TaskLocalAgent, func(m Message) any { return m.(*TaskStarted).TaskType }},
		{"exp07a_task_subagent.jsonl", []string{`"task_started"`}, "spawn_depth", 1.0, func(m Message) any { return m.(*TaskStarted).SpawnDepth }},
		{"exp07a_task_subagent.jsonl", []string{`"task_started"`}, "prompt", anyValue, func(m Message) any { return m.(*TaskStarted).Prompt }},
		{"exp07d_task_background.jsonl", []string{`"task_started"`}, "is_backgrounded", true, func(m Message) any { return m.(*TaskStarted).IsBackgrounded }},
		{"exp07a_task_subagent.jsonl", []string{`"task_progress"`}, "usage", anyValue, func(m Message) any { return m.(*TaskProgress).Usage }},
		{"exp07a_task_subagent.jsonl", []string{`"task_progress"`}, "last_tool_name", "Bash", func(m Message) any { return m.(*TaskProgress).LastToolName }},
		{"exp07a_task_subagent.jsonl", []string{`"task_updated"`}, "patch.status", TaskCompleted, func(m Message) any { return m.(*TaskUpdated).Patch.Status }},
		{"exp07a_task_subagent.jsonl", []string{`"task_updated"`}, "patch.end_time", anyValue, func(m Message) any { return m.(*TaskUpdated).Patch.EndTime }},
		{"exp07a_task_subagent.jsonl", []string{`"task_notification"`}, "summary", anyValue, func(m Message) any { return m.(*TaskNotification).Summary }},
		{"exp07a_task_subagent.jsonl", []string{`"task_notification"`}, "output_file", anyValue, func(m Message) any { return m.(*TaskNotification).OutputFile }},
		{"exp07a_task_subagent.jsonl", []string{`"task_notification"`}, "usage.total_tokens", anyValue, func(m Message) any { return m.(*TaskNotification).Usage.TotalTokens }},
		{"exp08i_keepalive_idle_and_long.jsonl", []string{`"task_started"`}, "task_type", TaskLocalBash, func(m Message) any { return m.(*TaskStarted).TaskType }},
		{"exp07d_task_background.jsonl", []string{`"background_tasks_changed"`}, "tasks", anyValue, func(m Message) any { return m.(*BackgroundTasksChanged).Tasks }},
		{"exp06a_host_controls.jsonl", []string{`"session_title_changed"`}, "title", "My test session", func(m Message) any { return m.(*SessionTitleChanged).Title }},
		{"exp08l_side_question_keepalive.jsonl", []string{`"control_request_progress"`}, "request_id", "sq-1", func(m Message) any { return m.(*ControlRequestProgress).RequestID }},
		{"exp11b_no_permission_prompt_tool.jsonl", []string{`"permission_denied"`}, "message", anyValue, func(m Message) any { return m.(*PermissionDenied).Message }},
		{"exp09a_multiturn_replay.jsonl", []string{`"command_lifecycle"`}, "command_uuid", "5e02378f-cdbe-4ddb-a7da-e65fd893a951", func(m Message) any { return m.(*CommandLifecycle).CommandUUID }},
		{"exp09a_multiturn_replay.jsonl", []string{`"command_lifecycle"`}, "state", "queued", func(m Message) any { return m.(*CommandLifecycle).State }},

		// control requests from the CLI
		{"exp02a_perm_allow.jsonl", []string{`"can_use_tool"`}, "request_id", anyValue, func(m Message) any { return m.(*CanUseTool).RequestID }},
		{"exp02a_perm_allow.jsonl", []string{`"can_use_tool"`}, "request.permission_suggestions", anyValue, func(m Message) any { return m.(*CanUseTool).PermissionSuggestions }},
		{"exp02a_perm_allow.jsonl", []string{`"can_use_tool"`}, "request.blocked_path", "/home/dev/project/x", func(m Message) any { return m.(*CanUseTool).BlockedPath }},
		{"exp02a_perm_allow.jsonl", []string{`"can_use_tool"`}, "request.input", anyValue, func(m Message) any { return m.(*CanUseTool).Input }},
		{"exp02a_perm_allow.jsonl", []string{`"can_use_tool"`}, "request.tool_use_id", "toolu_fake001", func(m Message) any { return m.(*CanUseTool).ToolUseID }},
		{"exp02a_perm_allow.jsonl", []string{`"can_use_tool"`}, "request.display_name", "Bash", func(m Message) any { return m.(*CanUseTool).Name() }},
		{"exp02g_perm_write_outside.jsonl", []string{`"can_use_tool"`}, "request.decision_reason_type", "workingDir", func(m Message) any { return m.(*CanUseTool).DecisionReasonType }},
		{"exp02g_perm_write_outside.jsonl", []string{`"can_use_tool"`}, "request.decision_reason", anyValue, func(m Message) any { return m.(*CanUseTool).DecisionReason }},
		{"exp11a_hook_callback.jsonl", []string{`"can_use_tool"`}, "request.decision_reason_hook_event", "PreToolUse", func(m Message) any { return m.(*CanUseTool).DecisionReasonHookEvent }},
		{"exp11a_hook_callback.jsonl", []string{`"can_use_tool"`}, "request.decision_reason_hook_source", "settings", func(m Message) any { return m.(*CanUseTool).DecisionReasonHookSource }},
		{"exp07c_task_subagent_write_perm.jsonl", []string{`"can_use_tool"`, `"agent_id"`}, "request.agent_id", anyValue, func(m Message) any { return m.(*CanUseTool).AgentID }},
		{"exp03d_exitplan_planfile_allow.jsonl", []string{`"can_use_tool"`, `ExitPlanMode`}, "request.requires_user_interaction", true, func(m Message) any { return m.(*CanUseTool).RequiresUserInteraction }},
		{"exp11a_hook_callback.jsonl", []string{`"hook_callback"`}, "request.callback_id", "hook_0", func(m Message) any { return m.(*HookCallback).CallbackID }},
		{"exp11a_hook_callback.jsonl", []string{`"hook_callback"`}, "request.input", anyValue, func(m Message) any { return m.(*HookCallback).Input }},
		{"exp11a_hook_callback.jsonl", []string{`"hook_callback"`}, "request_id", anyValue, func(m Message) any { return m.(*HookCallback).RequestID }},
		{"exp06b_interrupt.jsonl", []string{`"control_cancel_request"`}, "request_id", anyValue, func(m Message) any { return m.(*ControlCancelRequest).RequestID }},

		// control responses to the client
		{"exp06d_set_model_invalid_probe.jsonl", []string{`"control_response"`, `"error"`}, "response.error_code", ErrCodeNotFound, func(m Message) any { return m.(*ControlResponse).Response.ErrorCode }},
		{"exp06d_set_model_invalid_probe.jsonl", []string{`"control_response"`, `"error"`}, "response.model", "claude-opus-5-5", func(m Message) any { return m.(*ControlResponse).Response.Model }},
		{"exp06d_set_model_invalid_probe.jsonl", []string{`"control_response"`, `"error"`}, "response.error", "Model 'bad-model-x' not found", func(m Message) any { return m.(*ControlResponse).Response.Err().(*ControlError).Message }},
		{"exp06d_set_model_invalid_probe.jsonl", []string{`"control_response"`, `"error"`}, "response.subtype", "error", func(m Message) any { return m.(*ControlResponse).Response.Subtype }},
		{"exp06a_host_controls.jsonl", []string{`"control_response"`, `"bypass_not_launched"`}, "response.error_code", ErrCodeBypassNotLaunched, func(m Message) any { return m.(*ControlResponse).Response.ErrorCode }},
		{"exp06a_host_controls.jsonl", []string{`"control_response"`, `"still_queued"`}, "response.response.still_queued", []any{}, func(m Message) any {
			r, err := DecodeResponse[InterruptResponse](m.(*ControlResponse).Response)
			if err != nil {
				return err.Error()
			}
			return r.StillQueued
		}},
	}
	for _, c := range cases {
		t.Run(c.file+"/"+c.path, func(t *testing.T) {
			line := findLine(t, c.file, c.find...)
			msg, err := Decode(line)
			if err != nil {
				t.Fatal(err)
			}
			raw, ok := jsonPath(t, line, c.path)
			if !ok {
				t.Fatalf("no %s in %s", c.path, line)
			}
			if _, skip := c.want.(anyValueT); !skip && !reflect.DeepEqual(raw, c.want) {
				t.Fatalf("raw %s = %#v, want %#v", c.path, raw, c.want)
			}
			if got := normalize(t, c.got(msg)); !reflect.DeepEqual(got, raw) {
				t.Errorf("typed %s = %#v, raw JSON has %#v", c.path, got, raw)
			}
		})
	}
}

// findLine returns the first line of a capture containing every string of find.
func findLine(t testing.TB, file string, find ...string) []byte {
	t.Helper()
next:
	for _, l := range captureLines(t, file) {
		for _, f := range find {
			if !bytes.Contains(l.data, []byte(f)) {
				continue next
			}
		}
		return l.data
	}
	t.Fatalf("no line in %s contains all of %q", file, find)
	return nil
}

// jsonPath returns the value at a dotted path ("a.b.0.c") of a JSON document, as
// encoding/json decodes into any.
func jsonPath(t testing.TB, doc []byte, path string) (any, bool) {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	for _, key := range strings.Split(path, ".") {
		switch node := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = node[key]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(node) {
				return nil, false
			}
			v = node[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// normalize turns a Go value into what encoding/json makes of its JSON, so typed values
// compare with raw ones.
func normalize(t testing.TB, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
