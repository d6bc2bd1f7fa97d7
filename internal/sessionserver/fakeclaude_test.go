package sessionserver

// A fake claude: the test binary re-runs itself with fakeEnv set to a folder, where it
// logs what tests check (answers.log: every answer it got; ran.log: one line per tool
// it ran). It answers initialize and interrupt; user messages are commands:
//
//	say TEXT    system/init, an assistant text, a result
//	stream N    system/init, N stream_event deltas, an assistant text, a result
//	ask         system/init, a can_use_tool request perm-K; an allow runs the tool
//	            (a line in ran.log), then an assistant text and a result
//	half        system/init, half an assistant line; the rest once DIR/go exists
//	pause N     system/init, N deltas; once DIR/go exists, an assistant text and a result
//	exit N      exit with code N

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

const fakeEnv = "SESSIONSERVER_FAKE_CLAUDE"

type fakeClaude struct {
	dir  string
	out  *bufio.Writer
	perm int
	open bool
}

func runFakeClaude(dir string) int {
	f := &fakeClaude{dir: dir, out: bufio.NewWriter(os.Stdout)}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	for {
		line, err := in.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			if code, stop := f.handle(line); stop {
				return code
			}
		}
		if err != nil {
			return 0
		}
	}
}

func (f *fakeClaude) emit(v any) {
	b, _ := json.Marshal(v)
	f.out.Write(append(b, '\n'))
	f.out.Flush()
}

func (f *fakeClaude) logTo(name, line string) {
	fh, err := os.OpenFile(filepath.Join(f.dir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err == nil {
		fmt.Fprintln(fh, line)
		fh.Close()
	}
}

type obj = map[string]any

func (f *fakeClaude) handle(line []byte) (int, bool) {
	var m struct {
		Type      string          `json:"type"`
		RequestID string          `json:"request_id"`
		Request   obj             `json:"request"`
		Response  obj             `json:"response"`
		Message   json.RawMessage `json:"message"`
	}
	if json.Unmarshal(line, &m) != nil {
		fmt.Fprintln(os.Stderr, "fake: bad stdin line")
		return 1, true
	}
	switch m.Type {
	case "control_request":
		switch m.Request["subtype"] {
		case "initialize":
			f.emit(obj{"type": "control_response", "response": obj{"subtype": "success", "request_id": m.RequestID,
				"response": obj{"commands": []any{}, "models": []any{obj{"value": "fake", "displayName": "Fake"}}}}})
		case "interrupt":
			f.emit(obj{"type": "control_response", "response": obj{"subtype": "success", "request_id": m.RequestID}})
			if f.open {
				f.result("interrupted")
			}
		}
	case "control_response":
		f.logTo("answers.log", string(line[:len(line)-1]))
		if m.Response["response"] != nil {
			if r, ok := m.Response["response"].(map[string]any); ok && r["behavior"] == "allow" {
				f.logTo("ran.log", fmt.Sprint(m.Response["request_id"]))
			}
		}
		f.say("decided")
		f.result("done")
	case "user":
		var body struct {
			Content any `json:"content"`
		}
		_ = json.Unmarshal(m.Message, &body)
		text, _ := body.Content.(string)
		return f.command(text)
	}
	return 0, false
}

func (f *fakeClaude) command(text string) (int, bool) {
	verb, arg, _ := strings.Cut(text, " ")
	f.open = true
	if verb != "exit" {
		f.emit(obj{"type": "system", "subtype": "init", "session_id": "fake-session", "cwd": f.dir})
	}
	switch verb {
	case "say":
		f.say(arg)
		f.result(arg)
	case "stream":
		n, _ := strconv.Atoi(arg)
		for i := range n { // "type" first, as the CLI writes it
			fmt.Fprintf(f.out, `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"w%d "}},"session_id":"fake-session"}`+"\n", i)
		}
		f.out.Flush()
		f.say("streamed " + arg)
		f.result("streamed")
	case "ask":
		f.perm++
		f.emit(obj{"type": "control_request", "request_id": "perm-" + strconv.Itoa(f.perm), "request": obj{
			"subtype": "can_use_tool", "tool_name": "Write", "input": obj{"file_path": "/tmp/x", "content": "y"}, "tool_use_id": "toolu_" + strconv.Itoa(f.perm)}})
	case "pause": // deltas, then the rest of the turn once DIR/go exists
		n, _ := strconv.Atoi(arg)
		for i := range n {
			fmt.Fprintf(f.out, `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"p%d "}},"session_id":"fake-session"}`+"\n", i)
		}
		f.out.Flush()
		f.waitGo()
		f.say("paused " + arg)
		f.result("paused")
	case "half":
		f.out.WriteString(`{"type":"assistant","session_id":"fake-session","message":{"id":"m-half","role":"assistant","content":[{"type":"text","text":"half`)
		f.out.Flush()
		f.waitGo()
		f.out.WriteString(`way"}]}}` + "\n")
		f.out.Flush()
		f.result("half")
	case "exit":
		code, _ := strconv.Atoi(arg)
		return code, true
	}
	return 0, false
}

// waitGo waits until a test creates DIR/go.
func (f *fakeClaude) waitGo() {
	for {
		if _, err := os.Stat(filepath.Join(f.dir, "go")); err == nil {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (f *fakeClaude) say(text string) {
	f.emit(obj{"type": "assistant", "session_id": "fake-session", "message": obj{"id": "m-" + text, "role": "assistant",
		"content": []any{obj{"type": "text", "text": text}}}})
}

func (f *fakeClaude) result(text string) {
	f.open = false
	f.emit(obj{"type": "result", "subtype": "success", "is_error": false, "result": text, "session_id": "fake-session"})
}
