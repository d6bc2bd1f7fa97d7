package dialogs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gclaude/gclaude/protocol"
)

// captureModels is the model list from the initialize response in exp02a.
func captureModels(t *testing.T) []protocol.ModelInfo {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testdataDir, "requests", "exp02a_models.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ms []protocol.ModelInfo
	if err := json.Unmarshal(b, &ms); err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestModelPicker(t *testing.T) {
	tests := []struct {
		name    string
		current string
		steps   []string
		want    Action
	}{
		{"enter keeps the current", "sonnet", []string{"enter"}, ChooseModel{Model: "sonnet"}},
		{"resolved name marks its alias", "claude-opus-5-5", []string{"enter"}, ChooseModel{Model: "default"}},
		{"arrows", "", []string{"down", "down", "enter"}, ChooseModel{Model: "fable"}},
		{"up wraps", "", []string{"up", "enter"}, ChooseModel{Model: "haiku"}},
		{"filter", "", []string{"type:hai", "enter"}, ChooseModel{Model: "haiku"}},
		{"filter by description", "", []string{"type:routine", "enter"}, ChooseModel{Model: "sonnet"}},
		{"free model id", "", []string{"type:claude-x-1", "enter"}, ChooseModel{Model: "claude-x-1"}},
		{"free id after matches", "", []string{"type:son", "down", "enter"}, ChooseModel{Model: "son"}},
		{"backspace", "", []string{"type:sonx", "backspace", "enter"}, ChooseModel{Model: "sonnet"}},
		{"digits and j are filter text", "", []string{"type:j1", "enter"}, ChooseModel{Model: "j1"}},
		{"esc", "", []string{"down", "esc"}, Dismiss{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewModelPicker(captureModels(t), tt.current, testEnv(newClock()))
			d.Init()
			var a Action
			for _, s := range tt.steps {
				if text, ok := strings.CutPrefix(s, "type:"); ok {
					a = typeText(d, text)
				} else {
					a, _ = d.Update(keyMsg(s))
				}
			}
			if a != tt.want {
				t.Errorf("action = %#v, want %#v", a, tt.want)
			}
		})
	}
}

func TestModePicker(t *testing.T) {
	tests := []struct {
		name    string
		current string
		bypass  bool
		steps   []string
		want    Action
		hidden  string
	}{
		{"number selects, enter chooses", "default", false, []string{"2", "enter"}, ChooseMode{Mode: "acceptEdits"}, "Bypass"},
		{"a number alone chooses nothing", "default", false, []string{"3"}, nil, "Bypass"},
		{"cursor starts on the current mode", "plan", false, []string{"down", "enter"}, ChooseMode{Mode: "auto"}, "Bypass"},
		{"bypass listed when allowed", "default", true, []string{"6", "enter"}, ChooseMode{Mode: "bypassPermissions"}, ""},
		{"bypass not reachable when not allowed", "default", false, []string{"6", "enter"}, ChooseMode{Mode: "default"}, "Bypass"},
		{"esc", "default", false, []string{"esc"}, Dismiss{}, "Bypass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewModePicker(nil, tt.current, tt.bypass, testEnv(newClock()))
			var a Action
			for _, s := range tt.steps {
				a, _ = d.Update(keyMsg(s))
			}
			if a != tt.want {
				t.Errorf("action = %#v, want %#v", a, tt.want)
			}
			if view := stripped(d.View(80, 24)); tt.hidden != "" && strings.Contains(view, tt.hidden) {
				t.Errorf("view shows %q:\n%s", tt.hidden, view)
			}
		})
	}
}

func TestModePickerGivenModes(t *testing.T) {
	d := NewModePicker([]string{"default", "plan"}, "plan", false, testEnv(newClock()))
	if a := press(t, d, "up", "enter"); a != (ChooseMode{Mode: "default"}) {
		t.Errorf("action = %#v", a)
	}
}
