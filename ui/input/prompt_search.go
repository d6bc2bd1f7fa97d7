package input

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

func (p *Prompt) startHistorySearch() {
	p.search = &historySearch{index: p.history.Len(), draft: p.editor.Value()}
}

// searchKey handles a key during history search; done is false for keys that end the
// search and then act as usual.
func (p *Prompt) searchKey(msg tea.KeyPressMsg) (done bool) {
	s, keys := p.search, p.env.Keys
	switch {
	case key.Matches(msg, keys.Input.HistorySearch):
		p.findInHistory(s.index)
		return true
	case key.Matches(msg, keys.Input.Cancel):
		p.editor.SetValue(s.draft)
		p.search = nil
		p.afterEdit()
		return true
	case key.Matches(msg, keys.Input.Send):
		p.search = nil // keep the match in the editor to edit or send
		p.history.Reset()
		return true
	case msg.Code == tea.KeyBackspace:
		if r := []rune(s.query); len(r) > 0 {
			s.query = string(r[:len(r)-1])
			p.findInHistory(p.history.Len())
		}
		return true
	case IsTypedText(msg):
		s.query += msg.Text
		p.findInHistory(p.history.Len())
		return true
	}
	p.search = nil
	return false
}

// findInHistory shows the newest match older than before.
func (p *Prompt) findInHistory(before int) {
	s := p.search
	idx, text, ok := p.history.Find(s.query, before)
	s.failed = !ok
	if ok {
		s.index = idx
		p.editor.SetValue(text)
		p.afterEdit()
	}
}

// SearchLine is the help line while ctrl+r is in progress.
func (p *Prompt) SearchLine() string {
	st := p.env.Styles
	label := "search history: "
	if p.search.failed {
		label = "no match in history: "
	}
	return " " + st.Help.Key.Render(label) + st.Text.Render(p.search.query) +
		st.Help.Desc.Render("   ctrl+r older · enter keep · esc cancel")
}
