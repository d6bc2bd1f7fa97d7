package playback

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
	"github.com/gclaude/gclaude/protocol"
)

type fakeControls struct {
	paused bool
	steps  int
	speed  float64
}

func (f *fakeControls) Pause()             { f.paused = true }
func (f *fakeControls) Resume()            { f.paused = false }
func (f *fakeControls) Step()              { f.steps++ }
func (f *fakeControls) Paused() bool       { return f.paused }
func (f *fakeControls) SetSpeed(s float64) { f.speed = s }
func (f *fakeControls) Speed() float64     { return f.speed }
func (f *fakeControls) Progress() (int, int) {
	return 0, 0
}
func (f *fakeControls) Recorded(string) (protocol.ControlResponseBody, bool) {
	return protocol.ControlResponseBody{}, false
}

func press(b interface{ Keys() []string }) tea.KeyPressMsg {
	k := b.Keys()[0]
	if k == "space" {
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	return tea.KeyPressMsg{Code: []rune(k)[0], Text: k}
}

func TestSteer(t *testing.T) {
	km := keymap.Default()
	c := &fakeControls{speed: 1}
	if !Steer(c, km.Replay, press(km.Replay.Pause)) || !c.paused {
		t.Fatalf("pause key: paused=%v", c.paused)
	}
	if !Steer(c, km.Replay, press(km.Replay.Pause)) || c.paused {
		t.Fatalf("pause key again should resume")
	}
	if !Steer(c, km.Replay, press(km.Replay.Step)) || c.steps != 1 {
		t.Fatalf("step key: steps=%d", c.steps)
	}
	if !Steer(c, km.Replay, press(km.Replay.Faster)) || c.speed != 2 {
		t.Fatalf("faster: speed=%v", c.speed)
	}
	if !Steer(c, km.Replay, press(km.Replay.Slower)) || c.speed != 1 {
		t.Fatalf("slower: speed=%v", c.speed)
	}
	if Steer(c, km.Replay, tea.KeyPressMsg{Code: 'x', Text: "x"}) {
		t.Fatal("x is not a playback key")
	}
}

func TestHelpKeys(t *testing.T) {
	km := keymap.Default()
	c := &fakeControls{speed: 1}
	join := func(keys [][2]string) string {
		var b strings.Builder
		for _, k := range keys {
			b.WriteString(k[0] + "=" + k[1] + ";")
		}
		return b.String()
	}
	if _, ok := HelpKeys(nil, km, Screen{}); ok {
		t.Error("no controls: the usual help line")
	}
	if _, ok := HelpKeys(c, km, Screen{Dialog: true}); ok {
		t.Error("a picker over the recording: the usual help line")
	}
	if got := join(must(HelpKeys(c, km, Screen{Draft: true}))); !strings.Contains(got, "takes no prompts") {
		t.Errorf("draft: %s", got)
	}
	if got := join(must(HelpKeys(c, km, Screen{Ended: true}))); !strings.Contains(got, "play it again") {
		t.Errorf("ended: %s", got)
	}
	if got := join(must(HelpKeys(c, km, Screen{Dialog: true, KeysLive: true}))); !strings.Contains(got, "enter/esc=close") || !strings.Contains(got, "=pause") {
		t.Errorf("recorded dialog: %s", got)
	}
	c.paused = true
	if got := join(must(HelpKeys(c, km, Screen{KeysLive: true}))); !strings.Contains(got, "=resume") {
		t.Errorf("paused: %s", got)
	}
}

func must(keys [][2]string, ok bool) [][2]string {
	if !ok {
		panic("want the recording's help line")
	}
	return keys
}
