package playback

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/keymap"
)

// Steer applies a playback key to c: pause/resume, step, faster, slower. It reports
// false for every other key.
func Steer(c Controls, k keymap.Replay, msg tea.KeyPressMsg) bool {
	switch {
	case key.Matches(msg, k.Pause):
		if c.Paused() {
			c.Resume()
		} else {
			c.Pause()
		}
	case key.Matches(msg, k.Step):
		c.Step()
	case key.Matches(msg, k.Faster):
		c.SetSpeed(Faster(c.Speed()))
	case key.Matches(msg, k.Slower):
		c.SetSpeed(Slower(c.Speed()))
	default:
		return false
	}
	return true
}

// Screen is what the help line of a recording depends on.
type Screen struct {
	Dialog   bool // a recorded dialog is open
	KeysLive bool // the playback keys act now (see keysLive)
	Draft    bool // the prompt holds text
	Ended    bool // the recording has ended
}

// HelpKeys is the help line of a recording: the playback keys, or why they rest. ok is
// false when the usual help line applies (c is nil, or another part has the keys).
func HelpKeys(c Controls, km keymap.KeyMap, s Screen) (keys [][2]string, ok bool) {
	if c == nil || (s.Dialog && !s.KeysLive) {
		return nil, false
	}
	g := km.Global
	switch {
	case !s.Dialog && s.Draft:
		return [][2]string{{"", "a recording takes no prompts; the playback keys work on an empty prompt"}, {g.Interrupt.Help().Key, "clear"}}, true
	case !s.Dialog && s.Ended:
		return [][2]string{{km.Input.Send.Help().Key, "play it again"}, {g.Help.Help().Key, g.Help.Help().Desc}, {g.Quit.Help().Key, "quit"}}, true
	}
	k := km.Replay
	pause := "pause"
	if c.Paused() {
		pause = "resume"
	}
	keys = [][2]string{
		{k.Pause.Help().Key, pause},
		{k.Step.Help().Key, k.Step.Help().Desc},
		{k.Faster.Help().Key + "/" + k.Slower.Help().Key, "speed"},
	}
	if s.Dialog {
		return append(keys, [2]string{"enter/esc", "close"}), true
	}
	return append(keys,
		[2]string{km.Input.FocusTranscript.Help().Key, km.Input.FocusTranscript.Help().Desc},
		[2]string{g.Help.Help().Key, g.Help.Help().Desc},
		[2]string{g.Quit.Help().Key, "quit"},
	), true
}
