package input

import tea "charm.land/bubbletea/v2"

// Update handles one of the prompt's own messages (Msg).
func (p *Prompt) Update(msg Msg) (Action, tea.Cmd) { return msg.update(p) }

// LoadHistory reads the prompt-history file in a Cmd.
func (p *Prompt) LoadHistory() tea.Cmd {
	path := p.env.HistoryPath
	if path == "" {
		return nil
	}
	return func() tea.Msg {
		entries, err := ReadPromptHistory(path, promptHistoryMax)
		return historyLoadedMsg{entries: entries, err: err}
	}
}

// saveHistory appends a sent prompt to the prompt-history file in a Cmd.
func (p *Prompt) saveHistory(text string) tea.Cmd {
	path, cwd, now := p.env.HistoryPath, p.env.HistoryCWD, p.env.Now()
	if path == "" {
		return nil
	}
	return func() tea.Msg {
		return historySavedMsg{err: AppendPromptHistory(path, cwd, text, now)}
	}
}

// historyLoadedMsg delivers the prompt-history file's prompts.
type historyLoadedMsg struct {
	entries []string
	err     error
}

func (msg historyLoadedMsg) update(p *Prompt) (Action, tea.Cmd) {
	p.history.Load(msg.entries)
	if msg.err != nil {
		return Notice{Text: "could not read the prompt history: " + msg.err.Error()}, nil
	}
	return nil, nil
}

// historySavedMsg reports a failed prompt-history append (success is silent).
type historySavedMsg struct{ err error }

func (msg historySavedMsg) update(*Prompt) (Action, tea.Cmd) {
	if msg.err != nil {
		return Notice{Text: "could not save the prompt history: " + msg.err.Error()}, nil
	}
	return nil, nil
}
