package dialogs

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/protocol"
)

// Every dialog that answers a request ignores keys until ArmDelay has passed.
func TestGuardSwallowsKeysWhileArming(t *testing.T) {
	dialogs := map[string]func(Env) Dialog{
		"permission": func(e Env) Dialog { return NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, e) },
		"plan":       func(e Env) Dialog { return NewPlanReview(loadRequest(t, "exp03d_plan"), e) },
		"questions":  func(e Env) Dialog { return NewQuestions(loadRequest(t, "exp04a_questions"), e) },
	}
	for name, build := range dialogs {
		t.Run(name, func(t *testing.T) {
			c := newClock()
			d := build(testEnv(c))
			if d.Init() == nil {
				t.Fatal("Init returned no tick")
			}
			if !strings.Contains(stripped(d.View(80, 24)), "arming…") {
				t.Error("an arming dialog does not say so")
			}
			c.advance(ArmDelay - time.Millisecond)
			for _, k := range []string{"1", "enter", "down", "enter", "esc", "tab", "enter", "2", "space", "enter"} {
				if a, _ := d.Update(keyMsg(k)); a != nil {
					t.Fatalf("key %q inside the grace period answered: %#v", k, a)
				}
			}
			c.advance(time.Millisecond)
			if strings.Contains(stripped(d.View(80, 24)), "arming…") {
				t.Error("still shows arming after the delay")
			}
			if a, _ := d.Update(keyMsg("esc")); a == nil {
				t.Error("esc after arming did nothing")
			}
		})
	}
}

// Keys typed during the grace period leave no trace: nothing is selected after it.
func TestGuardLeavesNoSelectionBehind(t *testing.T) {
	c := newClock()
	d := NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c))
	d.Init()
	press(t, d, "1", "down", "down")
	c.advance(ArmDelay)
	if d.choices.cursor != -1 {
		t.Fatalf("cursor = %d after keys in the grace period", d.choices.cursor)
	}
	if a := press(t, d, "enter"); a != nil {
		t.Fatalf("enter answered %#v", a)
	}
}

func TestGuardTickArmsOnlyWhenDue(t *testing.T) {
	c := newClock()
	d := NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c))
	d.Init()
	// A tick that arrives early (an old timer from before a re-arm) does not arm.
	d.Update(armedMsg{id: d.id})
	if d.guard.armed {
		t.Fatal("an early tick armed the dialog")
	}
	c.advance(ArmDelay)
	d.Update(armedMsg{id: d.id + 1}) // another dialog's tick
	if d.guard.armed {
		t.Fatal("another dialog's tick armed this one")
	}
	d.Update(armedMsg{id: d.id})
	if !d.guard.armed {
		t.Fatal("the due tick did not arm")
	}
}

// Init again (the dialog surfaced from the queue) restarts the grace period.
func TestGuardRearmsOnInit(t *testing.T) {
	c := newClock()
	d := open(NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c)), c)
	d.Init()
	if a := press(t, d, "esc"); a != nil {
		t.Fatalf("esc right after Init answered: %#v", a)
	}
	c.advance(ArmDelay)
	if a := press(t, d, "esc"); a == nil {
		t.Fatal("esc after the delay did nothing")
	}
}

// A dialog whose Init the root forgot still arms: its first message starts the guard.
func TestGuardStartsWithoutInit(t *testing.T) {
	c := newClock()
	d := NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c))
	if _, cmd := d.Update(tea.WindowSizeMsg{Width: 80, Height: 24}); cmd == nil {
		t.Fatal("the first message did not start the guard")
	}
	if a := press(t, d, "esc"); a != nil {
		t.Fatalf("esc before the delay answered: %#v", a)
	}
	c.advance(ArmDelay)
	if a := press(t, d, "esc"); a == nil {
		t.Fatal("esc after the delay did nothing")
	}
}

// Scrolling decides nothing, so it works while arming.
func TestGuardLetsScrollThrough(t *testing.T) {
	c := newClock()
	req := &protocol.CanUseTool{ToolName: "Bash", Input: []byte(`{"command":"` + strings.Repeat("echo scrolled; ", 100) + `"}`)}
	req.RequestID = "r"
	d := NewPermission(req, RequestInfo{}, testEnv(c))
	d.Init()
	d.View(60, 15) // records how far the body can scroll
	press(t, d, "pgdown")
	if d.scroll.offset == 0 {
		t.Error("pgdn while arming did not scroll")
	}
}

func TestScrollReachesTheEndAndBack(t *testing.T) {
	c := newClock()
	cmd := strings.Repeat("echo line; ", 60) + "echo THE-END"
	req := &protocol.CanUseTool{ToolName: "Bash", Input: []byte(`{"command":"` + cmd + `"}`)}
	req.RequestID = "r"
	d := open(NewPermission(req, RequestInfo{}, testEnv(c)), c).(*Permission)
	if strings.Contains(stripped(d.View(60, 15)), "THE-END") {
		t.Fatal("the test command fits: make it longer")
	}
	for range 50 {
		press(t, d, "pgdown")
		d.View(60, 15)
	}
	if v := stripped(d.View(60, 15)); !strings.Contains(v, "THE-END") || strings.Contains(v, "more line") {
		t.Errorf("pgdn never reached the end:\n%s", v)
	}
	for range 50 {
		press(t, d, "pgup")
		d.View(60, 15)
	}
	if d.scroll.offset != 0 {
		t.Errorf("pgup stopped at %d", d.scroll.offset)
	}
}
