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
			// Keys typed through the moment the dialog appears keep it disarmed for as
			// long as they keep coming, however long that is.
			for _, k := range []string{"1", "enter", "down", "enter", "esc", "tab", "enter", "2", "space", "enter"} {
				c.advance(ArmDelay - time.Millisecond)
				if a, _ := d.Update(keyMsg(k)); a != nil {
					t.Fatalf("key %q inside the quiet period answered: %#v", k, a)
				}
			}
			c.advance(ArmDelay - time.Millisecond)
			if !strings.Contains(stripped(d.View(80, 24)), "arming…") {
				t.Error("armed before the keyboard was quiet for ArmDelay")
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

// timers records what a dialog schedules through Env.After, so time is driven by hand.
type timers struct{ waits []time.Duration }

func (tm *timers) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	tm.waits = append(tm.waits, d)
	return func() tea.Msg { return fn(time.Time{}) }
}

// The guard is a quiet period: a key swallowed while arming starts the wait again,
// the tick that comes meanwhile waits for the rest of it, and once armed no timer
// is left running.
func TestGuardQuietPeriodRestartsOnEveryKey(t *testing.T) {
	c, tm := newClock(), &timers{}
	env := testEnv(c)
	env.After = tm.after
	d := NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, env)
	d.Init()
	if len(tm.waits) != 1 || tm.waits[0] != ArmDelay {
		t.Fatalf("Init scheduled %v, want one wait of %v", tm.waits, ArmDelay)
	}
	c.advance(300 * time.Millisecond)
	press(t, d, "1") // typed for the prompt: swallowed, the wait starts again
	c.advance(100 * time.Millisecond)
	_, cmd := d.Update(armedMsg{id: d.id})
	if d.guard.armed || cmd == nil {
		t.Fatalf("the first tick armed (%v) or did not wait on (cmd %v) although a key came 100ms before", d.guard.armed, cmd)
	}
	if got := tm.waits[len(tm.waits)-1]; got != 300*time.Millisecond {
		t.Errorf("the tick waits %v more, want the rest of the quiet period (300ms)", got)
	}
	if a := press(t, d, "1"); a != nil {
		t.Fatalf("a key 100ms after the last one answered: %#v", a)
	}
	c.advance(ArmDelay)
	if _, cmd := d.Update(armedMsg{id: d.id}); !d.guard.armed || cmd != nil {
		t.Fatalf("after a quiet ArmDelay: armed=%v, cmd=%v (want armed and no timer)", d.guard.armed, cmd)
	}
	n := len(tm.waits)
	if a := press(t, d, "1"); a == nil {
		t.Fatal("a number key on an armed dialog did not answer at once")
	}
	if len(tm.waits) != n {
		t.Errorf("an armed dialog scheduled %v", tm.waits[n:])
	}
}

// A paste while arming is typing too: it is dropped and restarts the wait.
func TestGuardPasteRestartsQuietPeriod(t *testing.T) {
	c := newClock()
	d := NewPermission(loadRequest(t, "exp02a_bash"), RequestInfo{}, testEnv(c))
	d.Init()
	c.advance(ArmDelay - time.Millisecond)
	d.Update(tea.PasteMsg{Content: "1\n"})
	c.advance(time.Millisecond)
	if !d.guard.arming() {
		t.Fatal("armed right after a paste")
	}
	c.advance(ArmDelay)
	if d.guard.arming() {
		t.Fatal("still arming after a quiet ArmDelay")
	}
}
