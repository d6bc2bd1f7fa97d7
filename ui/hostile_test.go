package ui

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/capturefiles"
	"github.com/gclaude/gclaude/process"
	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/render"
)

// invisibleText is issue 11's first defect as model, tool and CLI text:
// soft hyphens, zero-width and format characters, tags, variation
// selectors, separators, a modifier and a presentation selector that
// lipgloss and terminals measure differently, escapes.
const invisibleText = "soft\u00ad\u00ad\u00adhyphen zw\u200b\u200d\u2060\ufeff tag\U000E0041 vs\ufe00 👍🏽 ⚠️ \u2028 \u0301 \x1b]0;t\x07 \u202eevil"

// structuralKeys drive decoding and routing; their values are left alone.
var structuralKeys = map[string]bool{
	"type": true, "subtype": true, "role": true, "id": true, "uuid": true, "session_id": true,
	"request_id": true, "tool_use_id": true, "parent_tool_use_id": true, "stop_reason": true,
	"behavior": true, "state": true, "status": true, "permissionMode": true, "mode": true,
	"task_id": true, "agent_id": true, "command_uuid": true, "event": true,
}

func poison(v any, key string) any {
	switch x := v.(type) {
	case string:
		if structuralKeys[key] || x == "" {
			return x
		}
		return x[:len(x)/2] + invisibleText + x[len(x)/2:]
	case []any:
		for i := range x {
			x[i] = poison(x[i], key)
		}
	case map[string]any:
		for k := range x {
			x[k] = poison(x[k], k)
		}
	}
	return v
}

// Every capture of the real CLI, with invisible characters put into every
// text it carries (model text, thinking, tool input and output, paths,
// titles, errors), is drawn by the whole UI without a character that could
// act on the terminal or shift the screen.
func TestHostileCapturesDrawSafely(t *testing.T) {
	shown := 0 // screens that show the soft hyphens: the text reached the screen
	defer func() {
		if shown == 0 {
			t.Error("no screen showed ⟨U+00AD⟩: the poisoned text never reached the screen")
		}
	}()
	for _, dir := range capturefiles.Corpora(t) {
		for _, file := range capturefiles.Stdout(t, dir) {
			t.Run(strings.TrimSuffix(file, ".jsonl"), func(t *testing.T) {
				data := capturefiles.ReadIn(t, dir, file)
				h := newHarness(t)
				h.ready()
				var evs []process.Event
				sc := bufio.NewScanner(bytes.NewReader(data))
				sc.Buffer(nil, 16<<20)
				for sc.Scan() {
					var v any
					if json.Unmarshal(sc.Bytes(), &v) != nil {
						continue
					}
					line, _ := json.Marshal(poison(v, ""))
					if msg, err := protocol.Decode(line); err == nil {
						evs = append(evs, process.Message{Msg: msg})
					}
				}
				evs = append(evs, process.Exited{Code: 1, Stderr: []string{invisibleText}})
				for i := 0; i < len(evs); i += 16 {
					h.events(evs[i:min(i+16, len(evs))]...)
					for _, size := range [][2]int{{60, 20}, {100, 30}} {
						h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
						view := h.m.render()
						if p := render.DisplayProblem(view); p != "" {
							t.Fatalf("after %d events at %v: %s\n%s", min(i+16, len(evs)), size, p, h.screen())
						}
						if strings.Contains(view, "⟨U+00AD⟩") {
							shown++
						}
					}
				}
			})
		}
	}
}
