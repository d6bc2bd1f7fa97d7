package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// historySearch is ctrl+r: typing narrows to the newest earlier prompt that contains
// the query, which the editor shows; ctrl+r again goes further back, enter or any
// movement keeps the match, esc puts the draft back.
type historySearch struct {
	query  string
	index  int // of the match shown; history.Len() when none yet
	draft  string
	failed bool
}

func (m *Model) startHistorySearch() {
	m.search = &historySearch{index: m.history.Len(), draft: m.editor.Value()}
}

// searchKey handles a key during history search; done is false for keys that end the
// search and then act as usual.
func (m *Model) searchKey(msg tea.KeyPressMsg) (cmd tea.Cmd, done bool) {
	s := m.search
	switch {
	case key.Matches(msg, m.keys.Input.HistorySearch):
		m.findInHistory(s.index)
		return nil, true
	case key.Matches(msg, m.keys.Input.Cancel):
		m.editor.SetValue(s.draft)
		m.search = nil
		m.afterEdit()
		return nil, true
	case key.Matches(msg, m.keys.Input.Send):
		m.search = nil // keep the match in the editor to edit or send
		m.history.Reset()
		return nil, true
	case msg.Code == tea.KeyBackspace:
		if r := []rune(s.query); len(r) > 0 {
			s.query = string(r[:len(r)-1])
			m.findInHistory(m.history.Len())
		}
		return nil, true
	case msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0:
		s.query += msg.Text
		m.findInHistory(m.history.Len())
		return nil, true
	}
	m.search = nil
	return nil, false
}

// findInHistory shows the newest match older than before.
func (m *Model) findInHistory(before int) {
	s := m.search
	idx, text, ok := m.history.Find(s.query, before)
	s.failed = !ok
	if ok {
		s.index = idx
		m.editor.SetValue(text)
		m.afterEdit()
	}
}

// searchLine is the help line while searching.
func (m *Model) searchLine() string {
	st := m.styles()
	label := "search history: "
	if m.search.failed {
		label = "no match in history: "
	}
	return " " + st.Help.Key.Render(label) + st.Text.Render(m.search.query) +
		st.Help.Desc.Render("   ctrl+r older · enter keep · esc cancel")
}
