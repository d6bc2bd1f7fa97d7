package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/files"
	"github.com/gclaude/gclaude/ui/input"
)

// maxMentionPaths caps the project listing behind @-mentions.
const maxMentionPaths = 50000

// filesState is the project listing behind @-mentions: made once per session (files
// come and go as claude works), in a Cmd, the first time the user types "@".
type filesState struct {
	gen     int // the session generation the paths were listed for
	listing bool
}

// listFilesIfWanted starts listing the project when an open @-mention has no paths,
// or has those of an earlier session.
func (m *Model) listFilesIfWanted() tea.Cmd {
	if !m.mention.Open() || m.files.listing || (m.mention.Listed() && m.files.gen == m.gen) {
		return nil
	}
	m.files.listing = true
	root, gen := m.sess.cwd, m.gen
	if root == "" {
		root = m.opts.CWD
	}
	return func() tea.Msg {
		paths, err := files.List(context.Background(), root, maxMentionPaths)
		msg := filesListedMsg{gen: gen, paths: paths}
		switch {
		case errors.Is(err, files.ErrTruncated):
			msg.note = fmt.Sprintf("only the first %d paths were listed", len(paths))
		case err != nil:
			msg.note = "could not list the project's files: " + err.Error()
		}
		return msg
	}
}

// filesListedMsg delivers the project's paths.
type filesListedMsg struct {
	gen   int
	paths []string
	note  string
}

func (msg filesListedMsg) handle(m *Model) tea.Cmd {
	m.files = filesState{gen: msg.gen}
	m.mention.SetPaths(msg.paths, msg.note)
	return m.listFilesIfWanted() // the session changed while listing
}

// mentionKey handles the keys the @-mention popup takes; done is false for keys that
// go on to the editor.
func (m *Model) mentionKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case key.Matches(msg, m.keys.Picker.Up):
		m.mention.Up()
	case key.Matches(msg, m.keys.Picker.Down):
		m.mention.Down()
	case key.Matches(msg, m.keys.Input.Complete), key.Matches(msg, m.keys.Input.Send):
		path, ok := m.mention.Selected()
		if !ok {
			// Nothing to insert: tab does nothing, enter sends as typed.
			return nil, !key.Matches(msg, m.keys.Input.Send)
		}
		m.insertMention(path)
	case key.Matches(msg, m.keys.Picker.Close):
		m.mention.Dismiss()
	default:
		return nil, false
	}
	return nil, true
}

// insertMention replaces the "@query" before the cursor with the chosen path. A
// directory keeps the popup open to go on into it; a file ends the mention.
func (m *Model) insertMention(path string) {
	_, size, ok := input.MentionToken(m.editor.BeforeCursor())
	if !ok {
		return
	}
	text := "@" + path
	if strings.ContainsAny(path, " \t") {
		text = `@"` + path + `"`
	}
	if !strings.HasSuffix(path, "/") {
		text += " "
	}
	m.editor.ReplaceBeforeCursor(size, text)
	m.afterEdit()
}

// popupHeight is the rows of the popup over the editor: @-mentions or slash commands
// (never both: a mention needs an "@" after a space, a command a draft with none).
func (m *Model) popupHeight(maxRows int) int {
	if m.mention.Open() {
		return m.mention.Height(maxRows)
	}
	return m.complete.Height(maxRows)
}

func (m *Model) popupView(width, rows int) string {
	if m.mention.Open() {
		return m.mention.View(width, rows, m.styles())
	}
	return m.complete.View(width, rows, m.styles())
}
