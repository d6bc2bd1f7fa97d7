package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"syscall"
	"time"

	"github.com/gclaude/gclaude/internal/clirig"
)

// A step is one thing the driver does on the CLI's stdin (or to the process) and, for
// the waiting steps, the stdout line it waits for first.
type step func(d *driver) error

// initialize sends the initialize request and waits for its answer, as gclaude does
// before it sends a prompt.
func initialize() step {
	return func(d *driver) error {
		if err := initializeNoWait()(d); err != nil {
			return err
		}
		return controlResponse("init-1")(d)
	}
}

// initializeNoWait sends the initialize request, for a CLI that never answers it.
func initializeNoWait() step { return control("init-1", map[string]any{"subtype": "initialize"}) }

func controlRequest(id string, request map[string]any) map[string]any {
	return map[string]any{"type": "control_request", "request_id": id, "request": request}
}

func userLine(text string) map[string]any {
	return map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text},
		"parent_tool_use_id": nil, "session_id": ""}
}

// prompt sends a user message carrying text.
func prompt(text string) step { return sendJSON(userLine(text)) }

// promptWithUUID sends a user message with a uuid (which makes the CLI report
// command_lifecycle and user_message_uuids).
func promptWithUUID(text, uuid string) step {
	m := userLine(text)
	m["uuid"] = uuid
	return sendJSON(m)
}

// control sends a client control_request.
func control(id string, request map[string]any) step { return sendJSON(controlRequest(id, request)) }

func sendJSON(v map[string]any) step {
	return func(d *driver) error {
		b, err := typeFirst(v)
		if err != nil {
			return err
		}
		return d.send(b)
	}
}

// typeFirst marshals a line with "type" as its first key, as clients write it (the
// other keys follow in encoding/json's order).
func typeFirst(v map[string]any) ([]byte, error) {
	typ, ok := v["type"]
	rest := map[string]any{}
	for k, e := range v {
		if k != "type" {
			rest[k] = e
		}
	}
	b, err := json.Marshal(rest)
	if err != nil || !ok {
		return b, err
	}
	head, err := json.Marshal(map[string]any{"type": typ})
	if err != nil {
		return nil, err
	}
	if len(rest) == 0 {
		return head, nil
	}
	return append(append(head[:len(head)-1], ','), b[1:]...), nil
}

// sendRaw writes line as it is (for malformed input).
func sendRaw(line string) step { return func(d *driver) error { return d.send([]byte(line)) } }

// answer waits for the next can_use_tool request and answers it with the response
// decide builds from it.
func answer(decide func(req map[string]any) map[string]any) step {
	return func(d *driver) error {
		line, err := d.waitFor("can_use_tool", isType("control_request", "can_use_tool"))
		if err != nil {
			return err
		}
		return sendJSON(map[string]any{"type": "control_response", "response": map[string]any{
			"subtype": "success", "request_id": line["request_id"], "response": decide(field(line, "request").(map[string]any)),
		}})(d)
	}
}

// answerHook waits for the next hook_callback request and answers it with response.
func answerHook(response map[string]any) step {
	return func(d *driver) error {
		line, err := d.waitFor("hook_callback", isType("control_request", "hook_callback"))
		if err != nil {
			return err
		}
		return sendJSON(map[string]any{"type": "control_response", "response": map[string]any{
			"subtype": "success", "request_id": line["request_id"], "response": response,
		}})(d)
	}
}

// answerError answers the next can_use_tool request with a control error.
func answerError(message string) step {
	return func(d *driver) error {
		line, err := d.waitFor("can_use_tool", isType("control_request", "can_use_tool"))
		if err != nil {
			return err
		}
		return sendJSON(map[string]any{"type": "control_response", "response": map[string]any{
			"subtype": "error", "request_id": line["request_id"], "error": message,
		}})(d)
	}
}

// allow approves the tool with its own input.
func allow() step {
	return answer(func(req map[string]any) map[string]any {
		return map[string]any{"behavior": "allow", "updatedInput": req["input"]}
	})
}

// allowWith approves the tool with its input plus the fields of extra, and the
// response's own extra fields (e.g. updatedPermissions) from more.
func allowWith(extraInput, more map[string]any) step {
	return answer(func(req map[string]any) map[string]any {
		input := map[string]any{}
		if in, ok := req["input"].(map[string]any); ok {
			for k, v := range in {
				input[k] = v
			}
		}
		for k, v := range extraInput {
			input[k] = v
		}
		out := map[string]any{"behavior": "allow", "updatedInput": input}
		for k, v := range more {
			out[k] = v
		}
		return out
	})
}

// allowSuggestions approves with the request's own permission suggestions, all of them
// or those kept by keep.
func allowSuggestions(keep func(s map[string]any) bool) step {
	return answer(func(req map[string]any) map[string]any {
		var chosen []any
		suggestions, _ := req["permission_suggestions"].([]any)
		for _, s := range suggestions {
			if m, ok := s.(map[string]any); ok && (keep == nil || keep(m)) {
				chosen = append(chosen, m)
			}
		}
		return map[string]any{"behavior": "allow", "updatedInput": req["input"], "updatedPermissions": chosen}
	})
}

func deny(message string) step {
	return answer(func(map[string]any) map[string]any { return map[string]any{"behavior": "deny", "message": message} })
}

// respond answers the next can_use_tool with a fixed response.
func respond(response map[string]any) step {
	return answer(func(map[string]any) map[string]any { return response })
}

// waitCanUseTool waits for the next can_use_tool request; the next answer step still
// answers it.
func waitCanUseTool() step {
	return func(d *driver) error {
		_, err := d.waitFor("can_use_tool:seen", isType("control_request", "can_use_tool"))
		return err
	}
}

// result waits for the next result line: the end of a turn.
func result() step {
	return func(d *driver) error {
		_, err := d.waitFor("result", isType("result", ""))
		return err
	}
}

// controlResponse waits for the CLI's answer to the client request id.
func controlResponse(id string) step {
	return func(d *driver) error {
		_, err := d.waitFor("response:"+id, func(m map[string]any) bool {
			return m["type"] == "control_response" && field(m, "response", "request_id") == id
		})
		return err
	}
}

// textDelta waits until a streamed text delta containing s has been written.
func textDelta(s string) step {
	return func(d *driver) error {
		_, err := d.waitFor("delta:"+s, func(m map[string]any) bool {
			t, _ := field(m, "event", "delta", "text").(string)
			return m["type"] == "stream_event" && strings.Contains(t, s)
		})
		return err
	}
}

// line waits for a stdout line of that type and subtype ("" matches any subtype).
func line(typ, subtype string) step {
	return func(d *driver) error {
		_, err := d.waitFor("line:"+typ+"/"+subtype, isType(typ, subtype))
		return err
	}
}

func sleep(dur time.Duration) step {
	return func(*driver) error { time.Sleep(dur); return nil }
}

// signal sends sig to the CLI.
func signal(sig syscall.Signal) step { return func(d *driver) error { return d.signal(sig) } }

// isType matches a line by type and, for control requests and system lines, subtype.
func isType(typ, subtype string) func(map[string]any) bool {
	return func(m map[string]any) bool {
		if m["type"] != typ {
			return false
		}
		if subtype == "" {
			return true
		}
		if typ == "control_request" {
			return field(m, "request", "subtype") == subtype
		}
		return m["subtype"] == subtype
	}
}

// field walks nested maps; nil when a step is missing.
var field = clirig.Field

func errorf(format string, args ...any) error { return fmt.Errorf("capturerig: "+format, args...) }
