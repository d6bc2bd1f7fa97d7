package process

// A fake claude CLI: the test binary re-runs itself with GO_WANT_HELPER_PROCESS set to a
// mode, and TestMain turns into the fake instead of running tests. It speaks the
// stream-json protocol on stdin/stdout and logs every stdin line, byte for byte, to the
// file named by FAKE_STDIN_LOG, so tests can check exactly what the session wrote.
//
// Modes change start-up and request handling; user messages are commands:
//
//	reply <text>   system/init, an assistant text, a result
//	hang           system/init only: the turn keeps running until interrupted
//	ask            a can_use_tool request "perm-1"; its answer ends the turn
//	ask-cancel     can_use_tool "perm-2", then control_cancel_request for it
//	elicit         an elicitation request "perm-elicit"; its answer ends the turn
//	crash          a partial stream event, two stderr lines, exit 3
//	big            an assistant message whose text is bigLineSize bytes, then a result
//	garbage        two malformed lines, then a normal reply
//	flood          (a mode) just over MaxLineBytes of stdout without a newline, then silence
//	stream-deltas  (a mode) a 100 KB answer's text-delta lines, paced like the CLI's, then exit
//	host-requests  hook_callback, mcp_message and an unknown request; a result once all
//	               three are answered
//	pids           spawns a grandchild and reports both pids (mode "stubborn" ignores
//	               stdin EOF and SIGTERM, and so does the grandchild)

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"
)

const (
	helperEnv   = "GO_WANT_HELPER_PROCESS"
	stdinLogEnv = "FAKE_STDIN_LOG"
	bigLineSize = 20 << 20
)

type fakeCLI struct {
	mode string
	in   *bufio.Reader
	log  *os.File

	mu  sync.Mutex // stdout
	out io.Writer

	turnOpen bool
	deferred []map[string]any // requests held back by mode "reorder"
	answered int              // host answers received in host-requests
	initID   string
}

func runFakeCLI(mode string) int {
	f := &fakeCLI{mode: mode, in: bufio.NewReaderSize(os.Stdin, 1<<20), out: os.Stdout}
	if path := os.Getenv(stdinLogEnv); path != "" {
		var err error
		if f.log, err = os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "fake:", err)
			return 2
		}
	}
	switch mode {
	case "sleeper":
		signal.Ignore(syscall.SIGTERM)
		for {
			time.Sleep(time.Hour)
		}
	case "flood":
		// More than the line cap without a newline, then silence: a session without the
		// cap waits for the end of the line forever.
		chunk := []byte(strings.Repeat("x", 1<<20))
		for range MaxLineBytes>>20 + 1 {
			if _, err := os.Stdout.Write(chunk); err != nil {
				return 0
			}
		}
		for {
			time.Sleep(time.Hour)
		}
	case "version":
		fmt.Println(os.Getenv("FAKE_VERSION"))
		return 0
	case "stream-deltas":
		return writeStreamDeltas(os.Stdout)
	case "stderrflood":
		for i := range 1000 {
			fmt.Fprintf(os.Stderr, "line %d\n", i)
		}
		return 0
	case "stubborn":
		signal.Ignore(syscall.SIGTERM)
	}
	code := f.serve()
	if mode == "stubborn" {
		for {
			time.Sleep(time.Hour) // stdin is gone; wait for SIGKILL
		}
	}
	return code
}

// serve handles stdin until EOF.
func (f *fakeCLI) serve() int {
	for {
		line, err := f.in.ReadBytes('\n')
		if len(line) > 0 {
			if f.log != nil {
				_, _ = f.log.Write(line)
			}
			var m map[string]any
			if json.Unmarshal(line, &m) != nil {
				fmt.Fprintln(os.Stderr, "Error parsing streaming input line")
				return 1
			}
			if code, exit := f.handle(m); exit {
				return code
			}
		}
		if err != nil {
			return 0
		}
	}
}

func (f *fakeCLI) handle(m map[string]any) (int, bool) {
	switch m["type"] {
	case "control_request":
		req, _ := m["request"].(map[string]any)
		return f.control(m["request_id"].(string), req)
	case "control_response":
		resp, _ := m["response"].(map[string]any)
		id, _ := resp["request_id"].(string)
		switch {
		case strings.HasPrefix(id, "perm-"):
			f.result("answered " + id)
		case strings.HasPrefix(id, "hostreq-"):
			if f.answered++; f.answered == 3 {
				f.result("host requests answered")
			}
		}
	case "user":
		msg, _ := m["message"].(map[string]any)
		text, _ := msg["content"].(string)
		return f.user(text)
	}
	return 0, false
}

func (f *fakeCLI) control(id string, req map[string]any) (int, bool) {
	sub, _ := req["subtype"].(string)
	if sub == "initialize" {
		switch f.mode {
		case "slowinit": // answered only when the first user message arrives
			f.initID = id
			return 0, false
		case "initerror":
			f.fail(id, "initialize exploded", "", nil)
			return 0, false
		}
		f.answerInit(id)
		return 0, false
	}
	if f.mode == "reorder" {
		// Hold requests back and answer the second one first.
		f.deferred = append(f.deferred, map[string]any{"id": id, "req": req})
		if len(f.deferred) == 2 {
			for i := 1; i >= 0; i-- {
				d := f.deferred[i]
				f.answer(d["id"].(string), d["req"].(map[string]any))
			}
			f.deferred = nil
		}
		return 0, false
	}
	switch sub {
	case "mcp_status":
		if f.mode == "exitonrequest" {
			return 0, true // exit without answering
		}
	case "get_context_usage":
		if f.mode == "silent" {
			return 0, false // never answered
		}
	}
	f.answer(id, req)
	return 0, false
}

func (f *fakeCLI) answerInit(id string) {
	f.succeed(id, map[string]any{
		"commands":                []any{map[string]any{"name": "compact", "description": "Free up context"}},
		"agents":                  []any{},
		"models":                  []any{map[string]any{"value": "sonnet", "displayName": "Sonnet", "description": "Sonnet 5.5"}},
		"account":                 map[string]any{"apiKeySource": "ANTHROPIC_API_KEY"},
		"claude_code_version":     "2.1.328",
		"current_permission_mode": "default",
	})
}

func (f *fakeCLI) answer(id string, req map[string]any) {
	switch sub, _ := req["subtype"].(string); sub {
	case "set_model":
		model, _ := req["model"].(string)
		switch model {
		case "bad-model":
			f.fail(id, "Model 'bad-model' not found", "not_found", map[string]any{"model": "claude-opus-5-5"})
		case "sonnet":
			f.succeed(id, map[string]any{"model": "claude-sonnet-5-5"})
		default:
			f.succeed(id, map[string]any{"model": model})
		}
	case "set_permission_mode":
		switch mode, _ := req["mode"].(string); mode {
		case "bypassPermissions":
			f.fail(id, "Cannot set permission mode to bypassPermissions because the session was not launched with --dangerously-skip-permissions", "bypass_not_launched", nil)
		case "bogus":
			f.fail(id, "Cannot set permission mode: must be one of acceptEdits, auto, bypassPermissions, default, dontAsk, plan", "invalid_mode", nil)
		case "manual":
			f.succeed(id, map[string]any{"mode": "default"})
		default:
			f.succeed(id, map[string]any{"mode": mode})
		}
	case "interrupt":
		f.succeed(id, map[string]any{"still_queued": []any{}})
		if f.turnOpen {
			f.turnOpen = false
			f.emit(map[string]any{"type": "result", "subtype": "error_during_execution", "is_error": true, "terminal_reason": "aborted_streaming"})
		}
	case "get_session_cost":
		f.succeed(id, map[string]any{"text": "Estimated cost: $0.0000"})
	case "get_context_usage":
		f.succeed(id, map[string]any{"totalTokens": 1234, "maxTokens": 200000, "percentage": 0.6, "model": "claude-opus-5-5"})
	case "list_models":
		f.succeed(id, map[string]any{"models": []any{map[string]any{"value": "opus", "displayName": "Opus"}}})
	case "mcp_status":
		f.succeed(id, map[string]any{"mcpServers": []any{}})
	case "set_max_thinking_tokens", "rename_session":
		f.succeed(id, nil)
	case "stop_task":
		f.succeed(id, map[string]any{})
	default:
		f.fail(id, "Unsupported control request subtype: "+sub, "unsupported_request", nil)
	}
}

func (f *fakeCLI) user(text string) (int, bool) {
	if f.initID != "" {
		f.answerInit(f.initID)
		f.initID = ""
	}
	cmd, arg, _ := strings.Cut(text, " ")
	switch cmd {
	case "reply":
		f.reply(arg)
	case "hang":
		f.startTurn()
	case "ask":
		f.startTurn()
		f.emit(map[string]any{"type": "control_request", "request_id": "perm-1", "request": map[string]any{
			"subtype": "can_use_tool", "tool_name": "Bash", "input": map[string]any{"command": "ls"}, "tool_use_id": "toolu_1"}})
	case "ask-cancel":
		f.startTurn()
		f.emit(map[string]any{"type": "control_request", "request_id": "perm-2", "request": map[string]any{
			"subtype": "can_use_tool", "tool_name": "Bash", "input": map[string]any{"command": "rm -rf x"}}})
		f.emit(map[string]any{"type": "control_cancel_request", "request_id": "perm-2"})
	case "elicit":
		f.emit(map[string]any{"type": "control_request", "request_id": "perm-elicit", "request": map[string]any{
			"subtype": "elicitation", "mcp_server_name": "srv", "message": "Your name?", "mode": "form",
			"requested_schema": map[string]any{"type": "object"}}})
	case "crash":
		f.startTurn()
		f.emit(map[string]any{"type": "stream_event", "event": map[string]any{"type": "message_start"}})
		fmt.Fprintln(os.Stderr, "boom 1")
		fmt.Fprintln(os.Stderr, "boom 2")
		return 3, true
	case "big":
		f.startTurn()
		f.emitAssistant(strings.Repeat("x", bigLineSize))
		f.result("big done")
	case "garbage":
		f.raw("this is not json\n")
		f.raw("{\"type\":\n")
		f.reply("after garbage")
	case "host-requests":
		f.emit(map[string]any{"type": "control_request", "request_id": "hostreq-1", "request": map[string]any{
			"subtype": "hook_callback", "callback_id": "hook_0", "input": map[string]any{}}})
		f.emit(map[string]any{"type": "control_request", "request_id": "hostreq-2", "request": map[string]any{
			"subtype": "mcp_message", "server_name": "srv", "message": map[string]any{"jsonrpc": "2.0"}}})
		f.emit(map[string]any{"type": "control_request", "request_id": "hostreq-3", "request": map[string]any{
			"subtype": "request_user_dialog", "dialog": "x"}})
	case "pids":
		child := exec.Command(os.Args[0])
		child.Env = append(os.Environ(), helperEnv+"=sleeper")
		child.Stdout = os.Stdout // holds the session's stdout pipe open, like a stray tool
		if err := child.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "fake:", err)
			return 2, true
		}
		f.emit(map[string]any{"type": "system", "subtype": "fake_pids", "pid": os.Getpid(), "grandchild": child.Process.Pid})
	case "exit":
		return 0, true
	}
	return 0, false
}

func (f *fakeCLI) startTurn() {
	f.turnOpen = true
	f.emit(map[string]any{"type": "system", "subtype": "init", "session_id": "sess-1", "model": "claude-opus-5-5"})
}

func (f *fakeCLI) reply(text string) {
	f.startTurn()
	f.emitAssistant(text)
	f.result(text)
}

func (f *fakeCLI) emitAssistant(text string) {
	f.emit(map[string]any{"type": "assistant", "session_id": "sess-1", "message": map[string]any{
		"id": "msg_1", "role": "assistant", "content": []any{map[string]any{"type": "text", "text": text}}}})
}

func (f *fakeCLI) result(text string) {
	f.turnOpen = false
	f.emit(map[string]any{"type": "result", "subtype": "success", "is_error": false, "result": text, "session_id": "sess-1"})
}

func (f *fakeCLI) succeed(id string, payload map[string]any) {
	resp := map[string]any{"subtype": "success", "request_id": id}
	if payload != nil {
		resp["response"] = payload
	}
	f.emit(map[string]any{"type": "control_response", "response": resp})
}

func (f *fakeCLI) fail(id, msg, code string, extra map[string]any) {
	resp := map[string]any{"subtype": "error", "request_id": id, "error": msg}
	if code != "" {
		resp["error_code"] = code
	}
	for k, v := range extra {
		resp[k] = v
	}
	f.emit(map[string]any{"type": "control_response", "response": resp})
}

func (f *fakeCLI) emit(v map[string]any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	f.raw(string(b) + "\n")
}

func (f *fakeCLI) raw(s string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, _ = io.WriteString(f.out, s)
}
