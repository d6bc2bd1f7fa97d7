package main

import (
	"syscall"
	"time"
)

// A recording is one CLI session of the corpus: how the CLI is started, what the
// project holds, and what the client does on stdin.
type recording struct {
	Name string
	// Args are the CLI's flags; nil means headless().
	Args []string
	// Files are written into the project directory first (relative path → content).
	Files map[string]string
	// MaxRetries is CLAUDE_CODE_MAX_RETRIES (0: 1).
	MaxRetries int
	// ClosedPort points the CLI at a port nothing listens on.
	ClosedPort bool
	// Setup runs first, unrecorded, in a CLI of its own in the same sandbox (a
	// conversation to resume); "{session}" in Args is then its session id.
	Setup []step
	// Script is what the client does; stdin is closed after it and the exit awaited.
	Script []step
}

// headless is the command line of the first captures: gclaude's without partial messages.
func headless(extra ...string) []string {
	return append([]string{
		"--output-format", "stream-json", "--verbose", "--input-format", "stream-json",
		"--permission-prompt-tool", "stdio",
	}, extra...)
}

func partial(extra ...string) []string {
	return headless(append([]string{"--include-partial-messages"}, extra...)...)
}

// A turn: the prompt, then its result.
func turn(text string, during ...step) []step {
	return append(append([]step{prompt(text)}, during...), result())
}

func script(parts ...[]step) []step {
	var out []step
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func steps(s ...step) []step { return s }

var (
	touchPrompt   = "Do it. SCENARIO:bash_touch"
	editFiles     = map[string]string{"edit.txt": "alpha\nfoo\nbaz\n"}
	existingFiles = map[string]string{"exist.txt": "line1\nline2\nline3\n"}
	// The uuids of exp09a's prompts: tests look for them.
	multiturnUUIDs = []string{
		"5e02378f-cdbe-4ddb-a7da-e65fd893a951", "d065b0bb-45f5-46b5-bf0c-ee24f570df2c",
		"e92d375d-b037-45f9-b228-72d055e52599", "a8ff3294-3714-43da-a88c-97b0cb9d7411",
		"2d515741-18ed-495f-b54b-5059ea22bd6b",
	}
	askAnswers = map[string]any{
		"answers":     map[string]any{"Which color do you prefer?": "Blue", "Which sizes?": "S, L"},
		"annotations": map[string]any{"Which color do you prefer?": map[string]any{"notes": "blue is calm"}},
	}
	hooks = map[string]any{
		"PreToolUse":  []any{map[string]any{"matcher": "Bash", "hookCallbackIds": []any{"hook_0"}, "timeout": 30}},
		"PostToolUse": []any{map[string]any{"matcher": "Bash", "hookCallbackIds": []any{"hook_1"}}},
	}
	resumeSetup = script(steps(initialize()), turn("First. SCENARIO:text"), turn("Second. SCENARIO:text"))
)

// recordings is the corpus, in the order of the first captures. Re-recording against
// another CLI is `CLAUDE_BIN=… make captures`.
var recordings = []recording{
	{Name: "exp01_text", Script: script(steps(initialize()), turn("Say hello. SCENARIO:text"))},
	{Name: "exp01b_partial", Args: partial(), Script: script(steps(initialize()),
		turn("Say hello. SCENARIO:text"), turn("Think first. SCENARIO:thinking"))},
	{Name: "exp01c_thinking_nopartial", Script: script(steps(initialize()), turn("Think. SCENARIO:thinking"))},

	{Name: "exp02a_perm_allow", Script: script(steps(initialize()), turn(touchPrompt, allow()))},
	{Name: "exp02b_perm_deny", Script: script(steps(initialize()), turn(touchPrompt, deny("User said no to this (test)")))},
	{Name: "exp02c_perm_always", Script: script(steps(initialize()),
		turn(touchPrompt, allowSuggestions(nil)), turn(touchPrompt))},
	{Name: "exp02c2_perm_always_session_rule", Script: script(steps(initialize()),
		turn(touchPrompt, answer(func(req map[string]any) map[string]any {
			return map[string]any{"behavior": "allow", "updatedInput": req["input"], "updatedPermissions": []any{map[string]any{
				"type": "addRules", "behavior": "allow", "destination": "session",
				"rules": []any{map[string]any{"toolName": "Bash", "ruleContent": field(req, "input", "command")}},
			}}}
		})), turn(touchPrompt))},
	{Name: "exp02d_perm_allow_no_updatedInput", Script: script(steps(initialize()), turn(touchPrompt, respond(map[string]any{"behavior": "allow"})))},
	{Name: "exp02e_perm_deny_interrupt", Script: script(steps(initialize()),
		turn(touchPrompt, respond(map[string]any{"behavior": "deny", "message": "Stop everything", "interrupt": true})))},
	{Name: "exp02f_perm_write_new", Script: script(steps(initialize()), turn("Do it. SCENARIO:write_new", allow()))},
	{Name: "exp02g_perm_write_outside", Script: script(steps(initialize()), turn("Do it. SCENARIO:write_outside", deny("no")))},
	{Name: "exp02h_perm_two_tools", Script: script(steps(initialize()), turn("Do it. SCENARIO:two_tools", allow(), allow()))},
	{Name: "exp02i_perm_modified_input", Script: script(steps(initialize()),
		turn(touchPrompt, allowWith(map[string]any{"command": "echo modified-by-host"}, nil)))},
	{Name: "exp02j_perm_host_error_response", Script: script(steps(initialize()), turn(touchPrompt, answerError("host UI crashed (test)")))},
	{Name: "exp02k_perm_invalid_behavior", Script: script(steps(initialize()), turn(touchPrompt, respond(map[string]any{"behavior": "maybe"})))},

	{Name: "exp03a_exitplan_allow", Args: headless("--permission-mode", "plan"), Script: script(steps(initialize()),
		turn("Plan it. SCENARIO:exitplan", respond(map[string]any{"behavior": "allow", "updatedInput": map[string]any{}})),
		turn("What now? SCENARIO:bash_touch", allow()), getSettings())},
	{Name: "exp03b_exitplan_deny", Args: headless("--permission-mode", "plan"), Script: script(steps(initialize()),
		turn("Plan it. SCENARIO:exitplan", deny("Please add a testing step to the plan.")), getSettings())},
	{Name: "exp03c_exitplan_allow_acceptEdits", Args: headless("--permission-mode", "plan"), Script: script(steps(initialize()),
		turn("Plan it. SCENARIO:exitplan", respond(map[string]any{"behavior": "allow", "updatedInput": map[string]any{},
			"updatedPermissions": []any{map[string]any{"type": "setMode", "mode": "acceptEdits", "destination": "session"}}})),
		getSettings())},
	{Name: "exp03d_exitplan_planfile_allow", Args: headless("--permission-mode", "plan"), Script: script(steps(initialize()),
		turn("Plan it. SCENARIO:exitplan_file", allow()), getSettings())},
	{Name: "exp03e_exitplan_planfile_deny", Args: headless("--permission-mode", "plan"), Script: script(steps(initialize()),
		turn("Plan it. SCENARIO:exitplan_file", deny("Please add a testing step to the plan.")), getSettings())},

	{Name: "exp04a_ask_answer", Script: script(steps(initialize()), turn("Ask me. SCENARIO:ask", allowWith(askAnswers, nil)))},
	{Name: "exp04b_ask_allow_without_answers", Script: script(steps(initialize()), turn("Ask me. SCENARIO:ask", allow()))},
	{Name: "exp04c_ask_deny", Script: script(steps(initialize()), turn("Ask me. SCENARIO:ask", deny("User declined to answer questions")))},

	{Name: "exp05a_edit", Files: editFiles, Script: script(steps(initialize()), turn("Edit. SCENARIO:edit", allow()))},
	{Name: "exp05b_write_existing", Files: existingFiles, Script: script(steps(initialize()), turn("Edit. SCENARIO:write_existing", allow()))},

	{Name: "exp06a_host_controls", Files: editFiles, Script: clientControls()},
	{Name: "exp06b_interrupt", Args: partial(), Script: script(
		steps(initialize(), control("setmodel-1", map[string]any{"subtype": "set_model", "model": "sonnet"}), controlResponse("setmodel-1")),
		turn("Hi. SCENARIO:text"),
		// An interrupt while the answer streams.
		turn("Go slow. SCENARIO:slow_stall", textDelta("word2 "), control("int-1", map[string]any{"subtype": "interrupt"})),
		turn("After interrupt. SCENARIO:text"),
		// An interrupt while a permission request waits, then a late answer the CLI ignores.
		turn("Touch. SCENARIO:bash_touch", waitCanUseTool(), control("int-2", map[string]any{"subtype": "interrupt"}),
			line("control_cancel_request", "")),
		steps(allow()), // the late answer
		// An interrupt while a tool runs.
		turn("Sleep. SCENARIO:bash_slow", allow(), sleep(2*time.Second), control("int-3", map[string]any{"subtype": "interrupt"})),
		turn("Final. SCENARIO:text"))},
	{Name: "exp06c_permission_modes", Args: headless("--permission-mode", "manual"), Script: script(steps(initialize()),
		setModes("manual", "dontAsk", "auto", "acceptEdits", "default"), turn("Hi. SCENARIO:text"))},
	{Name: "exp06d_set_model_invalid_probe", Script: script(steps(initialize(),
		control("sm-1", map[string]any{"subtype": "set_model", "model": "bad-model-x"}), controlResponse("sm-1")),
		turn("Hi. SCENARIO:text"))},

	{Name: "exp07a_task_subagent", Script: script(steps(initialize()), turn("Delegate. SCENARIO:task"))},
	{Name: "exp07b_task_subagent_partial", Args: partial(), Script: script(steps(initialize()), turn("Delegate. SCENARIO:task"))},
	{Name: "exp07c_task_subagent_write_perm", Script: script(steps(initialize()), turn("Delegate. SCENARIO:task_write", allow()))},
	{Name: "exp07d_task_background", Script: script(steps(initialize()), turn("Delegate. SCENARIO:task_bg"),
		// The agent's notification, then the turn the CLI starts by itself.
		steps(line("system", "task_notification"), result()))},
	{Name: "exp07e_task_forward_subagent_text", Args: headless("--forward-subagent-text"),
		Script: script(steps(initialize()), turn("Delegate. SCENARIO:task"))},

	{Name: "exp08a_malformed_stdin", Script: steps(initialize(), sendRaw("this is not json"))},
	{Name: "exp08b_unknown_types", Script: steps(initialize(),
		sendRaw(`{"type": "bogus_type", "x": 1}`),
		sendRaw(`{"type": "control_response", "response": {"subtype": "success", "request_id": "no-such-request", "response": {"behavior": "allow"}}}`),
		sendRaw(`{"type": "control_cancel_request", "request_id": "no-such-request"}`),
		sendRaw(`{"type": "keep_alive"}`),
		sendRaw(`{"type": "control_request", "request_id": "noreq"}`),
		sendRaw(`{"type": "control_request", "request": {"subtype": "mcp_status"}}`),
		sleep(time.Second))},
	{Name: "exp08c_user_bad_shape", Script: script(steps(initialize(),
		sendRaw(`{"type": "user", "message": {"role": "user"}}`), result()), turn("Still there? SCENARIO:text"))},
	{Name: "exp08d_no_initialize", Script: turn("No init. SCENARIO:text")},
	{Name: "exp08e_closed_port", ClosedPort: true, Script: script(steps(initialize()), turn("Hello. SCENARIO:text"))},
	httpError("err400", 0), httpError("err401", 0), httpError("err429", 2), httpError("err500", 3),
	httpError("err500once", 0), httpError("err529", 2), httpError("errsse", 0), httpError("errsse2", 0),
	{Name: "exp08g_stdin_close_midturn", Args: partial(), Script: steps(initialize(), prompt("Slow. SCENARIO:slow"), textDelta("word3 "))},
	{Name: "exp08h_stdin_close_perm_pending", Script: steps(initialize(), prompt("Touch. SCENARIO:bash_touch"), waitCanUseTool())},
	// A minute of idling, a permission request left waiting, and a Bash long enough to
	// become a task; no keep_alive comes in any of them.
	{Name: "exp08i_keepalive_idle_and_long", Args: partial(), Script: script(
		steps(initialize(), sleep(idle)),
		turn("Long bash. SCENARIO:bash_slow", waitCanUseTool(), sleep(5*time.Second), allow()))},
	{Name: "exp08j_sigterm_midturn", Args: partial(), Script: steps(initialize(), prompt("Slow. SCENARIO:slow_stall"),
		textDelta("word2 "), signal(syscall.SIGTERM))},
	{Name: "exp08k_sigint_midturn", Args: partial(), Script: steps(initialize(), prompt("Slow. SCENARIO:slow_stall"),
		textDelta("word2 "), signal(syscall.SIGINT), result())},
	{Name: "exp08l_side_question_keepalive", Script: script(steps(initialize()), turn("Hi. SCENARIO:text"), steps(
		control("sq-1", map[string]any{"subtype": "side_question", "question": "What is up? SCENARIO:slow_answer"}),
		controlResponse("sq-1")))},

	{Name: "exp09a_multiturn_replay", Args: headless("--replay-user-messages"), Script: steps(initialize(),
		promptWithUUID("First. SCENARIO:text", multiturnUUIDs[0]), result(),
		promptWithUUID("Second. SCENARIO:bash_touch", multiturnUUIDs[1]), allow(), result(),
		promptWithUUID("Slowish. SCENARIO:slow", multiturnUUIDs[2]), line("system", "init"),
		// Two prompts queued while the answer streams: the CLI merges them into one turn.
		promptWithUUID("Queued A. SCENARIO:text", multiturnUUIDs[3]),
		promptWithUUID("Queued B. SCENARIO:text", multiturnUUIDs[4]),
		result(), result())},
	{Name: "exp09b_resume", Args: headless("--resume", "{session}"), Setup: resumeSetup,
		Script: script(steps(initialize()), turn("Third after resume. SCENARIO:text"))},
	{Name: "exp09c_resume_replay_user_messages", Args: headless("--resume", "{session}", "--replay-user-messages"), Setup: resumeSetup,
		Script: script(steps(initialize()), turn("Fourth. SCENARIO:text"))},
	{Name: "exp09d_resume_fork_session", Args: headless("--resume", "{session}", "--fork-session"), Setup: resumeSetup,
		Script: script(steps(initialize()), turn("Forked. SCENARIO:text"))},
	{Name: "exp09e_continue", Args: headless("--continue"), Setup: resumeSetup,
		Script: script(steps(initialize()), turn("Continue. SCENARIO:text"))},
	{Name: "exp09f_resume_unknown_id", Args: headless("--resume", "00000000-0000-4000-8000-000000000000"),
		Script: steps(initializeNoWait(), line("result", ""))},

	{Name: "exp10_big_lines", Args: partial(), Files: map[string]string{"big.txt": bigFile()},
		Script: script(steps(initialize()), turn("Big. SCENARIO:big"), turn("Read big. SCENARIO:read_big"))},
	{Name: "exp10b_huge_write_line", Script: script(steps(initialize()), turn("Huge. SCENARIO:write_huge", allow()))},

	{Name: "exp11a_hook_callback", Script: script(
		steps(control("init-1", map[string]any{"subtype": "initialize", "hooks": hooks}), controlResponse("init-1")),
		turn("Touch. SCENARIO:bash_touch",
			answerHook(map[string]any{"hookSpecificOutput": map[string]any{
				"hookEventName": "PreToolUse", "permissionDecision": "ask", "permissionDecisionReason": "host hook says ask"}}),
			allow(),
			answerHook(map[string]any{"continue": true})))},
	{Name: "exp11b_no_permission_prompt_tool", Args: []string{"--output-format", "stream-json", "--verbose", "--input-format", "stream-json"},
		Script: script(steps(initialize()), turn("Touch. SCENARIO:bash_touch"))},
	{Name: "exp12_no_verbose_flag", Args: []string{"--output-format", "stream-json", "--input-format", "stream-json", "--permission-prompt-tool", "stdio"},
		Script: steps(initializeNoWait())},
}

// idle is exp08i's wait before its prompt: over a minute (the replay tests shorten it).
var idle = 65 * time.Second

// httpError is a turn the fake fails with scenario name, then one that succeeds.
func httpError(name string, retries int) recording {
	return recording{Name: "exp08f_http_" + name, MaxRetries: retries, Script: script(steps(initialize()),
		turn("Hello. SCENARIO:"+name), turn("Recover? SCENARIO:text"))}
}

func getSettings() []step {
	return steps(control("gs-1", map[string]any{"subtype": "get_settings"}), controlResponse("gs-1"))
}

func setModes(modes ...string) []step {
	var out []step
	for _, m := range modes {
		id := "spm-" + m
		out = append(out, control(id, map[string]any{"subtype": "set_permission_mode", "mode": m}), controlResponse(id))
	}
	return out
}

// clientControls sends the client's control requests one after the other (each id
// "req-<name>", so the answers land in .responses.json), then a turn.
func clientControls() []step {
	requests := []struct {
		name    string
		request map[string]any
	}{
		{"initialize", map[string]any{"subtype": "initialize"}},
		{"mcp_status", map[string]any{"subtype": "mcp_status"}},
		{"get_context_usage_summary", map[string]any{"subtype": "get_context_usage", "detail": "summary"}},
		{"list_models", map[string]any{"subtype": "list_models"}},
		{"get_binary_version", map[string]any{"subtype": "get_binary_version"}},
		{"get_session_cost", map[string]any{"subtype": "get_session_cost"}},
		{"get_usage", map[string]any{"subtype": "get_usage"}},
		{"get_settings", map[string]any{"subtype": "get_settings"}},
		{"list_permission_rules", map[string]any{"subtype": "list_permission_rules"}},
		{"set_model_sonnet", map[string]any{"subtype": "set_model", "model": "sonnet"}},
		{"set_model_bogus", map[string]any{"subtype": "set_model", "model": "not-a-real-model-xyz"}},
		{"set_model_default", map[string]any{"subtype": "set_model", "model": "default"}},
		{"set_model_null", map[string]any{"subtype": "set_model"}},
		{"set_permission_mode_acceptEdits", map[string]any{"subtype": "set_permission_mode", "mode": "acceptEdits"}},
		{"set_permission_mode_plan", map[string]any{"subtype": "set_permission_mode", "mode": "plan"}},
		{"set_permission_mode_bypass", map[string]any{"subtype": "set_permission_mode", "mode": "bypassPermissions"}},
		{"set_permission_mode_bogus", map[string]any{"subtype": "set_permission_mode", "mode": "bogus"}},
		{"set_permission_mode_default", map[string]any{"subtype": "set_permission_mode", "mode": "default"}},
		{"set_max_thinking_tokens", map[string]any{"subtype": "set_max_thinking_tokens", "max_thinking_tokens": 1024}},
		{"interrupt_idle", map[string]any{"subtype": "interrupt"}},
		{"rename_session", map[string]any{"subtype": "rename_session", "title": "My test session"}},
		{"file_suggestions", map[string]any{"subtype": "file_suggestions", "query": "ed"}},
		{"reload_skills", map[string]any{"subtype": "reload_skills"}},
		{"get_hooks_listing", map[string]any{"subtype": "get_hooks_listing"}},
		{"stop_task_bogus", map[string]any{"subtype": "stop_task", "task_id": "nope"}},
		{"cancel_async_message_bogus", map[string]any{"subtype": "cancel_async_message", "message_uuid": "00000000-0000-0000-0000-000000000000"}},
		{"unknown_subtype", map[string]any{"subtype": "frobnicate_xyz"}},
		{"mcp_toggle_bogus", map[string]any{"subtype": "mcp_toggle", "serverName": "nope", "enabled": false}},
		{"initialize_again", map[string]any{"subtype": "initialize"}},
		{"get_context_usage_full", map[string]any{"subtype": "get_context_usage"}},
	}
	var out []step
	for _, r := range requests {
		id := "req-" + r.name
		out = append(out, control(id, r.request), controlResponse(id))
	}
	return append(out, turn("Hello after controls. SCENARIO:text")...)
}
