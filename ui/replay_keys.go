package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// replayKey handles the playback keys of a replay; done is false for every other key
// and whenever they would take typing away: they act on an empty prompt, and over a
// recorded dialog (which answers nothing), never in a picker or the transcript.
func (m *Model) replayKey(msg tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	p := m.playback()
	if p == nil || !m.replayKeysLive() {
		return nil, false
	}
	k := m.keys.Replay
	switch {
	case key.Matches(msg, k.Pause):
		if p.Paused() {
			p.Resume()
		} else {
			p.Pause()
		}
	case key.Matches(msg, k.Step):
		p.Step()
	case key.Matches(msg, k.Faster):
		p.SetSpeed(faster(p.Speed()))
	case key.Matches(msg, k.Slower):
		p.SetSpeed(slower(p.Speed()))
	default:
		return nil, false
	}
	return nil, true
}

func (m *Model) replayKeysLive() bool {
	if len(m.dialogs) > 0 {
		return !m.topIsPicker()
	}
	return m.focus == focusInput && !m.prompt.Searching() && !m.prompt.CompletionOpen() && m.prompt.Value() == ""
}

// replayHelpShown reports whether the help line is the replay's own: over a recorded
// dialog, and while the prompt has focus.
func (m *Model) replayHelpShown() bool {
	if m.playback() == nil {
		return false
	}
	if len(m.dialogs) > 0 {
		return m.replayKeysLive()
	}
	return m.focus == focusInput && !m.prompt.Searching()
}

// replayHelp is the help line of a replay: the playback keys, or why they rest.
func (m *Model) replayHelp() [][2]string {
	g := m.keys.Global
	switch {
	case len(m.dialogs) == 0 && m.prompt.Value() != "":
		return [][2]string{{"", "a recording takes no prompts; the playback keys work on an empty prompt"}, {g.Interrupt.Help().Key, "clear"}}
	case len(m.dialogs) == 0 && m.sess.phase == phaseExited:
		return [][2]string{{m.keys.Input.Send.Help().Key, "play it again"}, {g.Help.Help().Key, g.Help.Help().Desc}, {g.Quit.Help().Key, "quit"}}
	}
	k := m.keys.Replay
	pause := "pause"
	if p := m.playback(); p != nil && p.Paused() {
		pause = "resume"
	}
	keys := [][2]string{
		{k.Pause.Help().Key, pause},
		{k.Step.Help().Key, k.Step.Help().Desc},
		{k.Faster.Help().Key + "/" + k.Slower.Help().Key, "speed"},
	}
	if len(m.dialogs) > 0 {
		return append(keys, [2]string{"enter/esc", "close"})
	}
	return append(keys,
		[2]string{m.keys.Input.FocusTranscript.Help().Key, m.keys.Input.FocusTranscript.Help().Desc},
		[2]string{m.keys.Global.Help.Help().Key, m.keys.Global.Help.Help().Desc},
		[2]string{m.keys.Global.Quit.Help().Key, "quit"},
	)
}
