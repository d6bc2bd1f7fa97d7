package tasks

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
	"github.com/gclaude/gclaude/themes"
)

var namedKeys = map[string]rune{
	"enter": tea.KeyEnter, "esc": tea.KeyEscape, "up": tea.KeyUp, "down": tea.KeyDown,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown,
}

// keyPress builds the key message the terminal sends for a key name.
func keyPress(k string) tea.KeyPressMsg {
	if code, ok := namedKeys[k]; ok {
		return tea.KeyPressMsg{Code: code}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// press sends keys and returns the actions they produced (nil ones too).
func press(p *Pane, keys ...string) []Action {
	var out []Action
	for _, k := range keys {
		a, _ := p.HandleKey(keyPress(k))
		out = append(out, a)
	}
	return out
}

func TestStopNeedsConfirmation(t *testing.T) {
	tests := []struct {
		name    string
		keys    []string
		stopped bool
	}{
		{"y confirms", []string{"s", "y"}, true},
		{"Y confirms", []string{"s", "Y"}, true},
		{"n cancels", []string{"s", "n"}, false},
		{"esc cancels", []string{"s", "esc"}, false},
		{"enter does not confirm", []string{"s", "enter", "n"}, false},
		{"other keys wait, then y", []string{"s", "x", "enter", "down", "y"}, true},
		{"cancelled, then y alone", []string{"s", "n", "y"}, false},
		{"no s, only y", []string{"y"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(themes.Mono)
			sceneRunning(w)
			w.pane.selected = idSurvey
			var stops []Action
			for i, a := range press(w.pane, tt.keys...) {
				if a == nil {
					continue
				}
				if i != len(tt.keys)-1 {
					t.Fatalf("action %#v after key %d (%q), before the last", a, i, tt.keys[i])
				}
				stops = append(stops, a)
			}
			task, _ := w.store.Task(idSurvey)
			if tt.stopped {
				if len(stops) != 1 || stops[0] != (StopTask{TaskID: idSurvey}) {
					t.Fatalf("actions %#v, want one StopTask", stops)
				}
				if !task.Stopping {
					t.Error("the task is not marked as stopping")
				}
			} else if len(stops) != 0 || task.Stopping {
				t.Fatalf("actions %#v, stopping %v; want none", stops, task.Stopping)
			}
			if w.pane.Confirming() != "" {
				t.Errorf("still confirming after %v", tt.keys)
			}
		})
	}
}

func TestStopOnlyRunningTasks(t *testing.T) {
	w := newWorld(themes.Mono)
	sceneRunning(w)
	w.pane.selected = idList // finished
	press(w.pane, "s")
	if w.pane.Confirming() != "" {
		t.Fatal("asked to stop a finished task")
	}
	// A task that ends while the question is open is not stopped.
	w.pane.selected = idBuild
	press(w.pane, "s")
	w.apply(&protocol.TaskNotification{TaskID: idBuild, Status: protocol.TaskCompleted})
	if a := press(w.pane, "y")[0]; a != nil {
		t.Fatalf("stopping a finished task: %#v", a)
	}
}

func TestNavigationAndOpen(t *testing.T) {
	w := newWorld(themes.Mono)
	sceneRunning(w)
	p := w.pane
	if p.Selected() != idBuild {
		t.Fatalf("default selection %q, want the latest running task", p.Selected())
	}
	press(p, "up", "up")
	if p.Selected() != idSurvey {
		t.Fatalf("after up up: %q", p.Selected())
	}
	press(p, "up", "up", "up", "up")
	if p.Selected() != idList {
		t.Fatalf("up past the top: %q", p.Selected())
	}
	press(p, "enter", "down", "enter", "down", "down", "down", "down", "enter")
	if got := p.OpenTasks(); len(got) != 3 || got[0] != idList || got[1] != idFetch || got[2] != idBuild {
		t.Fatalf("open %v", got)
	}
	if p.Active() != idBuild {
		t.Fatalf("active %q, want the last opened", p.Active())
	}
	press(p, "]")
	if p.Active() != idList || p.Selected() != idList {
		t.Fatalf("] from the last: active %q selected %q", p.Active(), p.Selected())
	}
	// Enter on an open task makes it active without opening it twice.
	press(p, "down", "enter")
	if len(p.OpenTasks()) != 3 || p.Active() != idFetch {
		t.Fatalf("open %v active %q", p.OpenTasks(), p.Active())
	}
	// esc closes the active task first, the pane only when none is open.
	for i, want := range []int{2, 1, 0} {
		if a := press(p, "esc")[0]; a != nil {
			t.Fatalf("esc %d: %#v", i, a)
		}
		if len(p.OpenTasks()) != want {
			t.Fatalf("after esc %d: open %v", i, p.OpenTasks())
		}
	}
	if a := press(p, "esc")[0]; a != (Close{}) {
		t.Fatalf("esc with nothing open: %#v, want Close", a)
	}
	if _, handled := p.HandleKey(keyPress("q")); handled {
		t.Error("an unused key was handled")
	}
	if !p.OpenToolUse(toolAudit) || p.Active() != idAudit {
		t.Errorf("OpenToolUse: active %q", p.Active())
	}
	if p.OpenToolUse("toolu_nothing") {
		t.Error("opened a call that started no task")
	}
}

func TestScrollOpenTranscript(t *testing.T) {
	w := newWorld(themes.Mono)
	sceneRunning(w)
	p := w.pane
	p.OpenToolUse(toolSurvey)
	p.Overlay(80, 24)
	sub := p.OpenView()
	if !sub.Following() {
		t.Fatal("the open transcript does not follow its tail")
	}
	if _, handled := p.HandleKey(keyPress("pgup")); !handled {
		t.Fatal("pgup not handled")
	}
	p.Overlay(80, 14) // smaller than the transcript, so it can scroll
	press(p, "pgup")
	if sub.Following() {
		t.Error("pgup did not scroll the open transcript")
	}
}
