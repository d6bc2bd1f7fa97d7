package input

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/gclaude/gclaude/internal/files"
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
func (p *Prompt) listFilesIfWanted() tea.Cmd {
	proj := p.env.Project()
	if !p.mention.Open() || p.files.listing || (p.mention.Listed() && p.files.gen == proj.Gen) {
		return nil
	}
	p.files.listing = true
	root, gen, list := proj.Dir, proj.Gen, proj.List
	if list == nil {
		list = func(ctx context.Context, limit int) ([]string, error) { return files.List(ctx, root, limit) }
	}
	return func() tea.Msg {
		paths, err := list(context.Background(), maxMentionPaths)
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

func (msg filesListedMsg) update(p *Prompt) (Action, tea.Cmd) {
	p.files = filesState{gen: msg.gen}
	p.mention.SetPaths(msg.paths, msg.note)
	return nil, p.listFilesIfWanted() // the session changed while listing
}

// mentionKey handles the keys the @-mention popup takes; done is false for keys that
// go on to the editor.
func (p *Prompt) mentionKey(msg tea.KeyPressMsg) (done bool) {
	keys := p.env.Keys
	switch {
	case key.Matches(msg, keys.Picker.Up):
		p.mention.Up()
	case key.Matches(msg, keys.Picker.Down):
		p.mention.Down()
	case key.Matches(msg, keys.Input.Complete), key.Matches(msg, keys.Input.Send):
		path, ok := p.mention.Selected()
		if !ok {
			// Nothing to insert: tab does nothing, enter sends as typed.
			return !key.Matches(msg, keys.Input.Send)
		}
		p.insertMention(path)
	case key.Matches(msg, keys.Picker.Close):
		p.mention.Dismiss()
	default:
		return false
	}
	return true
}

// insertMention replaces the "@query" before the cursor with the chosen path. A
// directory keeps the popup open to go on into it; a file ends the mention.
func (p *Prompt) insertMention(path string) {
	_, size, ok := MentionToken(p.editor.BeforeCursor())
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
	p.editor.ReplaceBeforeCursor(size, text)
	p.afterEdit()
}
