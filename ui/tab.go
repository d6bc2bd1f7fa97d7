package ui

import (
	"time"

	"github.com/gclaude/gclaude/ui/commands"
	"github.com/gclaude/gclaude/ui/dialogs"
	"github.com/gclaude/gclaude/ui/input"
	"github.com/gclaude/gclaude/ui/session"
	"github.com/gclaude/gclaude/ui/statusline"
	"github.com/gclaude/gclaude/ui/tasks"
	"github.com/gclaude/gclaude/ui/transcript"
)

// tab is one session of the workspace: a claude, its conversation and everything the
// user built around it (draft, queue, dialogs, tasks, `!` output, rewind points). The
// root embeds the tab whose message it handles, so a handler written for one session
// works for any of them; between Updates that is the tab in front (workspace.go).
type tab struct {
	id    int       // the workspace's name for it: messages of its commands carry it
	place tabPlace  // where its claude runs (workspace_place.go)
	used  time.Time // when it was last in front or sent a prompt: the process limit closes the oldest
	// opened is set once the tab has been in front: its history, claude and first
	// prompt are started then (a restored workspace starts none until asked).
	opened bool
	ended  string // why its claude is not running, for the session list
	rss    int64  // its claude's resident memory, as last measured (workspace_rss.go)
	// retry is where bringing back its lost ssh connection stands (workspace_reconnect.go).
	retry reconnecting

	link session.Link  // the session in use and its generation: replies of older ones are dropped
	sess session.State // what the CLI told us about the session
	turn session.Turn  // the running turn and the prompts queued behind it

	conversation *transcript.Conversation // the session's items, built from its messages
	transcript   *transcript.View         // shows the conversation
	prompt       *input.Prompt            // the draft and all that edits it (prompt.go)
	focus        focusArea

	resume session.Resuming // resume.go
	// skills are the names system/init lists as skills: the / menu lists them apart
	// from the CLI's commands (initialize does not tell them apart).
	skills []string

	addedDirs []string           // /add-dir's folders (ui/commands), sent again on every restart
	shell     commands.Shell     // `!` shell mode: the command running, output for the next prompt
	rewind    commands.RewindLog // /rewind's prompts (ui/commands)

	statusline statusline.Line // the settings' custom status line (statusline_wire.go)

	tasks      *tasks.Store
	taskPane   *tasks.Pane
	checklist  *tasks.Checklist // the pinned task checklist above the prompt
	taskReturn focusArea        // where the focus goes when the task pane gives it up

	dialogs dialogs.Queue // open and queued dialogs (dialog_queue.go)
	gate    trustGate     // the questions asked before its claude starts (trust_gate.go)
}
